// What the map is compared with (or is loading for comparison), and the way back to one survey.
import { useTranslation } from 'react-i18next';
import { withData } from '../../components/bidi';
import type { Comparison, ProjectData } from './use-project-data';

export function CompareBar({
  comparison,
  comparing,
  date,
  onOff,
}: {
  comparison: Comparison | null;
  comparing: ProjectData['comparing'];
  date: string;
  onOff: () => void;
}) {
  const { t } = useTranslation('project-map');
  if (!comparison && !comparing) return null;
  return (
    <div className="pm-compare-bar" role="status" data-testid="pm-compare-bar">
      {comparing
        ? withData(t(comparing.failed ? 'compare.failed' : 'compare.loading', { name: comparing.survey.name }), comparing.survey.name)
        : withData(t('compare.active', { name: comparison!.survey.name, date }), comparison!.survey.name)}
      {comparison && !comparing && (
        <span className="pm-compare-bar__count" data-testid="pm-compare-matched">
          {' · '}
          {t('compare.matched', { matched: comparison.result.matched, extra: comparison.result.extraCount })}
        </span>
      )}
      <button type="button" className="btn btn--small" onClick={onOff} data-testid="pm-compare-off">
        {t('compare.none')}
      </button>
    </div>
  );
}
