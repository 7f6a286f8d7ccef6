// The layers panel's "Aerial photo" row (issue 37): show/hide and an opacity slider; while the photo is
// processed, how far it is.
import { useTranslation } from 'react-i18next';
import type { PhotoState } from './use-orthophoto';
import './photo.css';

export function OrthophotoRow({ photo }: { photo: PhotoState }) {
  const { t } = useTranslation('project-map');
  const s = photo.own;
  if (!s) return null;
  const ready = s.status === 'ready';
  const pending = s.pending ?? (ready ? null : s);
  return (
    <div className="pm-photo-row" data-testid="photo-row">
      <label className="pm-photo-row__show">
        <input
          type="checkbox"
          checked={ready && photo.visible}
          disabled={!ready}
          onChange={(e) => photo.setVisible(e.target.checked)}
          data-testid="photo-visible"
        />
        <span>{t('photo.layer')}</span>
      </label>
      {ready && (
        <label className="pm-photo-row__opacity">
          <span>{t('photo.opacity')}</span>
          <input
            type="range"
            min={0}
            max={100}
            step={5}
            value={Math.round(photo.opacity * 100)}
            onChange={(e) => photo.setOpacity(Number(e.target.value) / 100)}
            disabled={!photo.visible}
            data-testid="photo-opacity"
          />
        </label>
      )}
      {pending?.status === 'processing' && (
        <p className="pm-photo-row__note" role="status">
          {t('photo.processing', { percent: Math.round(pending.progress * 100) })}
        </p>
      )}
      {pending?.status === 'failed' && <p className="pm-photo-row__note pm-photo-row__note--failed">{t('photo.failed')}</p>}
    </div>
  );
}
