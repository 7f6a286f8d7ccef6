import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OverviewSurvey } from '../../domain/farm-overview';
import { projectStatus } from '../../domain/projects';
import { projectViewTarget } from '../../domain/project-route';
import { Data } from '../../components/bidi';

interface Props {
  surveys: OverviewSurvey[];
  today: string;
  plotNames: Map<number, string>;
  selectedSurvey: number | null;
  onHover(projectId: number | null): void;
  onSelect(projectId: number): void;
}

/** The grower's surveys with date and status; hovering or selecting one highlights its plots. */
export function SurveyList({ surveys, today, plotNames, selectedSurvey, onHover, onSelect }: Props) {
  const { t, i18n } = useTranslation('farm-map');
  const navigate = useNavigate();
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage === 'he' ? 'he-IL' : 'en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
  if (surveys.length === 0) return <p className="farm-map__empty">{t('list.empty')}</p>;
  return (
    <ul className="farm-map__surveys" data-testid="farm-surveys">
      {surveys.map((s) => {
        const status = projectStatus(s, today);
        const plots = s.plot_ids
          .map((id) => plotNames.get(id))
          .filter(Boolean)
          .join(', ');
        const open = s.observation_date ? projectViewTarget(s.project_id, s.observation_date, s.name) : null;
        return (
          <li
            key={s.project_id}
            className={`farm-survey${selectedSurvey === s.project_id ? ' is-selected' : ''}`}
            data-testid="farm-survey"
            data-project-id={s.project_id}
            onMouseEnter={() => onHover(s.project_id)}
            onMouseLeave={() => onHover(null)}
          >
            <button
              type="button"
              className="farm-survey__main"
              aria-pressed={selectedSurvey === s.project_id}
              onClick={() => onSelect(s.project_id)}
              onFocus={() => onHover(s.project_id)}
              onBlur={() => onHover(null)}
            >
              <Data className="farm-survey__name">{s.name}</Data>
              <span className="farm-survey__meta">
                <span>{s.observation_date ? dateFormat.format(new Date(`${s.observation_date}T00:00:00Z`)) : t('list.noDate')}</span>
                <span className={`farm-survey__status farm-survey__status--${status}`}>{t(`status.${status}`)}</span>
                {!s.has_results && <span className="farm-survey__pending">{t('list.noResults')}</span>}
              </span>
              {plots && <Data className="farm-survey__plots">{plots}</Data>}
            </button>
            {open ? (
              <button
                type="button"
                className="btn btn--primary farm-survey__open"
                data-testid="farm-survey-open"
                onClick={() => navigate(open.path, { state: open.state })}
              >
                {t('list.open')}
              </button>
            ) : (
              <span className="farm-survey__nodata">{t('list.noData')}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
