// "Surveys" and "previous data" (§2 left them empty; here they list the other
// surveys of the same plots — previous data = the earlier ones — and open one).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchRelatedSurveys, type RelatedSurvey } from '../../api/project';
import { PanelHeader } from './panel-header';

interface Props {
  projectId: string;
  observationDate: string | null;
  mode: 'surveys' | 'previous';
  onClose: () => void;
}

export function SurveysPanel({ projectId, observationDate, mode, onClose }: Props) {
  const { t, i18n } = useTranslation('project-map');
  const [list, setList] = useState<RelatedSurvey[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    fetchRelatedSurveys(projectId, abort.signal).then(setList, () => !abort.signal.aborted && setFailed(true));
    return () => abort.abort();
  }, [projectId]);
  const shown = (list ?? []).filter((s) => mode === 'surveys' || (s.observation_date !== null && s.observation_count > 0 && (!observationDate || s.observation_date < observationDate)));
  const df = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <section className="pm-surveys" aria-label={t(mode === 'surveys' ? 'surveys.title' : 'surveys.previousTitle')} data-testid="pm-surveys">
      <PanelHeader title={t(mode === 'surveys' ? 'surveys.title' : 'surveys.previousTitle')} onClose={onClose} />
      {failed && <p role="alert">{t('surveys.failed')}</p>}
      {list && shown.length === 0 && <p>{t('surveys.empty')}</p>}
      <ul className="pm-surveys__list">
        {shown.map((s) => (
          <li key={s.project_id}>
            <Link to={`/view/${s.project_id}/${s.observation_date ?? 'none'}`} state={{ projectName: s.name }} onClick={onClose} data-testid={`survey-${s.project_id}`}>
              <strong dir="auto">{s.name}</strong>
              <span>{s.observation_date ? df.format(new Date(`${s.observation_date}T00:00:00`)) : t('surveys.noDate')}</span>
              <span>{t('surveys.observations', { count: s.observation_count })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
