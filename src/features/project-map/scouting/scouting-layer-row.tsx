// The layers panel's "Scouting records" row (issue 36): show or hide the records' icons (on by default: like
// the aerial photo, not a client.md layer; README "Scouting").
import { useTranslation } from 'react-i18next';
import type { Scouting } from './use-scouting';

export function ScoutingLayerRow({ scouting }: { scouting: Scouting }) {
  const { t } = useTranslation('project-map');
  return (
    <div className="pm-photo-row" data-testid="scouting-layer-row">
      <label className="pm-photo-row__show">
        <input type="checkbox" checked={scouting.visible} onChange={(e) => scouting.setVisible(e.target.checked)} data-testid="scouting-visible" />
        <span>
          {t('scouting.layer')} (<bdi>{scouting.records.length}</bdi>)
        </span>
      </label>
    </div>
  );
}
