import { useTranslation } from 'react-i18next';
import type { MapView } from './use-map-view';

/** Over a map whose WebGL context was lost: what happened, and a way back without leaving the page. */
export function MapContextLost({ view }: { view: Pick<MapView, 'contextLost' | 'restore'> }) {
  const { t } = useTranslation('common');
  if (!view.contextLost) return null;
  return (
    <div className="map-context-lost" role="alert" data-testid="map-context-lost">
      <p>{t('mapContext.contextLost')}</p>
      <button type="button" className="btn btn--primary" onClick={view.restore}>
        {t('mapContext.restore')}
      </button>
    </div>
  );
}
