// What the info panel shows for the selection (controller.ts infoModel): the
// tree's values (beside the compared survey's), statistics, or "no data".
import { useTranslation } from 'react-i18next';
import type { ResolvedNpkRanges } from '../../../workers/geo/npk-ranges';
import type { RelativeRange } from '../../../workers/geo/colours';
import type { InfoModel } from './controller';
import { StatisticsView } from './statistics-view';
import { TreeTable, type TreeValues, type ZoneNames } from './tree-table';

interface Props {
  shown: InfoModel;
  tree: { values: TreeValues | null; compared: TreeValues | null } | null;
  /** The compared survey's date while comparing (its column's heading), or null. */
  comparedDate: string | null;
  /** The survey's scales for the widgets (the worker's ingest), null while it loads. */
  ranges: { npkRanges: ResolvedNpkRanges; vitalityRange: RelativeRange } | null;
  /** The survey's plot and irrigation-area names by id (a tree names its zones by id). */
  zoneNames: ZoneNames;
  /** The survey's date in the UI's words (a survey without results names it), or null. */
  surveyDate: string | null;
}

export function InfoContent({ shown, tree, comparedDate, ranges, zoneNames, surveyDate }: Props) {
  const { t, i18n } = useTranslation('project-map');
  const locale = i18n.language;
  if (shown?.kind === 'tree' && tree?.values && ranges) {
    const onlyCompared = tree.values.only_in === 'compared';
    return (
      <TreeTable
        values={onlyCompared ? null : tree.values}
        compared={comparedDate !== null ? { values: onlyCompared ? tree.values : tree.compared, label: t('compare.compared', { date: comparedDate }) } : null}
        npkRanges={ranges.npkRanges}
        vitality={ranges.vitalityRange}
        zoneNames={zoneNames}
        locale={locale}
      />
    );
  }
  if (shown?.kind === 'statistics') {
    const title = shown.scope === 'project' ? t('info.projectStats') : `${t(shown.scope === 'plot' ? 'info.plotStats' : 'info.areaStats')} – ${shown.name}`;
    return <StatisticsView stats={shown.stats} title={title} locale={locale} />;
  }
  if (shown?.kind === 'noResults') {
    return (
      <div className="pm-nodata" data-testid="pm-no-results" role="status">
        <strong>{shown.scheduled && surveyDate ? t('info.scheduled', { date: surveyDate }) : t('info.noResults')}</strong>
      </div>
    );
  }
  if (shown?.kind === 'noData') {
    return (
      <div className="pm-nodata" data-testid="pm-nodata">
        <strong>{t('info.noData')}</strong>
        <p>{t('info.noDataHint')}</p>
      </div>
    );
  }
  return null;
}
