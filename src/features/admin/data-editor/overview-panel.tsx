import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../../components/stat-card';
import { boundariesUrl, type ClientData } from '../../../api/admin-data';
import { downloadFile } from '../../../api/download';
import { errorText } from '../../../api/error-text';
import { editorStats } from './editor-search';
import { download, toCsv, toGeoJson } from './editor-export';

export interface OverviewPanelProps {
  data: ClientData | null;
  clientId: number;
  onError: (message: string) => void;
  onRefresh: () => void;
}

/** The client's data overview (admin.md §2): the exports (GeoJSON, CSV, the boundary shapefiles), Refresh, the counts. */
export function OverviewPanel({ data, clientId, onError, onRefresh }: OverviewPanelProps) {
  const { t } = useTranslation('admin.data-editor');
  const stats = useMemo(() => editorStats(data), [data]);
  const shapefile = async (kind: 'plot' | 'irrigation') => {
    try {
      await downloadFile(boundariesUrl(clientId, kind), `${kind}.zip`, 'application/zip');
    } catch (e) {
      onError(errorText(e, t));
    }
  };
  const exportAs = (kind: 'geojson' | 'csv') => {
    if (!data) return;
    const name = `client-${clientId}-data`;
    if (kind === 'geojson') download(`${name}.geojson`, toGeoJson(data), 'application/geo+json');
    else download(`${name}.csv`, toCsv(data), 'text/csv');
  };

  return (
    <section className="editor-panel" data-testid="data-overview">
      <div className="editor-panel__head">
        <h3>{t('overview')}</h3>
        <div className="editor-panel__actions">
          <span>{t('exportData')}:</span>
          <button type="button" className="btn btn--small" onClick={() => exportAs('geojson')} disabled={!data} data-testid="export-geojson">
            {t('exportGeojson')}
          </button>
          <button type="button" className="btn btn--small" onClick={() => exportAs('csv')} disabled={!data} data-testid="export-csv">
            {t('exportCsv')}
          </button>
          <button type="button" className="btn btn--small" onClick={() => void shapefile('plot')} disabled={!data} data-testid="export-plots-shp">
            {t('boundaries.exportShp')}
          </button>
          <button type="button" className="btn btn--small" onClick={() => void shapefile('irrigation')} disabled={!data} data-testid="export-areas-shp">
            {t('boundaries.exportAreasShp')}
          </button>
          <button type="button" className="btn btn--small" onClick={onRefresh} data-testid="editor-refresh">
            {t('refresh')}
          </button>
        </div>
      </div>
      <div className="stat-grid editor-stats">
        <StatCard label={t('cards.plots')} value={stats.plots} testId="stat-plots" />
        <StatCard label={t('cards.areas')} value={stats.areas} testId="stat-areas" />
        <StatCard label={t('cards.trees')} value={stats.trees.toLocaleString()} testId="stat-trees" />
        <StatCard label={t('cards.totalArea')} value={stats.totalArea} testId="stat-total-area" />
        <StatCard label={t('cards.averageArea')} value={stats.averageArea} testId="stat-average-area" />
      </div>
    </section>
  );
}
