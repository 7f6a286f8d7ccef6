// "Surveys", "previous data" and "Compare with…" (§2 left the first two empty;
// here they list the other surveys of the same plots — previous data = the
// earlier ones — and open one; "compare" loads one beside this survey).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { relatedSurveysQuery, type RelatedSurvey } from '../../api/project';
import { formatSurveyDate } from '../../domain/survey-order';
import { PanelHeader } from './panel-header';

interface Props {
  projectId: string;
  observationDate: string | null;
  mode: 'surveys' | 'previous' | 'compare';
  onClose: () => void;
  /** Compare mode: the survey compared with now, and the choice (null = no comparison). */
  comparedId?: number | null;
  onCompare?: (survey: RelatedSurvey | null) => void;
}

const TITLES = { surveys: 'surveys.title', previous: 'surveys.previousTitle', compare: 'compare.title' } as const;

export function SurveysPanel({ projectId, observationDate, mode, onClose, comparedId = null, onCompare }: Props) {
  const { t, i18n } = useTranslation('project-map');
  // One query per survey: the surveys, previous data and compare panels share it.
  const related = useQuery(relatedSurveysQuery(projectId));
  const list = related.data ?? null;
  const failed = related.isError;
  const observed = (s: RelatedSurvey) => s.observation_date !== null && s.observation_count > 0;
  const shown = (list ?? []).filter(
    (s) => mode === 'surveys' || (observed(s) && (mode === 'compare' || !observationDate || s.observation_date! < observationDate)),
  );
  const body = (s: RelatedSurvey) => (
    <>
      <strong dir="auto" translate="no">
        {s.name}
      </strong>
      <span>{s.observation_date ? formatSurveyDate(s.observation_date, i18n.language) : t('surveys.noDate')}</span>
      <span>{t('surveys.observations', { count: s.observation_count })}</span>
    </>
  );
  return (
    <section className="pm-surveys" aria-label={t(TITLES[mode])} data-testid="pm-surveys">
      <PanelHeader title={t(TITLES[mode])} onClose={onClose} />
      {failed && <p role="alert">{t('surveys.failed')}</p>}
      {mode === 'compare' && <p className="pm-surveys__hint">{t('compare.hint')}</p>}
      {list && shown.length === 0 && <p>{t(mode === 'compare' ? 'compare.empty' : 'surveys.empty')}</p>}
      <ul className="pm-surveys__list">
        {mode === 'compare' && (
          <li>
            <button
              type="button"
              className="pm-surveys__choice"
              aria-pressed={comparedId === null}
              onClick={() => onCompare?.(null)}
              data-testid="compare-none"
            >
              <strong>{t('compare.none')}</strong>
            </button>
          </li>
        )}
        {shown.map((s) => (
          <li key={s.project_id}>
            {mode === 'compare' ? (
              <button
                type="button"
                className="pm-surveys__choice"
                aria-pressed={comparedId === s.project_id}
                onClick={() => onCompare?.(s)}
                data-testid={`compare-${s.project_id}`}
              >
                {body(s)}
              </button>
            ) : (
              <Link
                to={`/view/${s.project_id}/${s.observation_date ?? 'none'}`}
                state={{ projectName: s.name }}
                onClick={onClose}
                data-testid={`survey-${s.project_id}`}
              >
                {body(s)}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
