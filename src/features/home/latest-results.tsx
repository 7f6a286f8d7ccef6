// "Latest results" (beyond client.md's Home): the newest survey with results of
// each group of plots, one tap to open. The list below keeps the spec's date
// sort, in which the scheduled surveys (no results yet) come first.
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserProject } from '../../api/projects';
import { displayName, latestResults } from '../../domain/projects';
import { projectViewTarget } from '../../domain/project-route';
import { formatDay } from '../../domain/projects-format';
import { cropName } from '../../domain/crop-names';

export function LatestResults({ projects }: { projects: UserProject[] }) {
  const { t, i18n } = useTranslation('home');
  const navigate = useNavigate();
  const lang = i18n.resolvedLanguage ?? 'he';
  const latest = latestResults(projects);
  if (!latest.length) return null;
  return (
    <section className="home__latest" aria-labelledby="home-latest-title" data-testid="latest-results">
      <h2 id="home-latest-title">{t('latest.title')}</h2>
      <ul className="home__latest-list">
        {latest.map((p) => {
          const name = displayName(p) ?? t('card.unnamed');
          const crops = (p.crop_type ?? '')
            .split(',')
            .map((c) => cropName(c, lang))
            .filter(Boolean)
            .join(', ');
          const open = () => {
            const { path, state } = projectViewTarget(p.project_id, p.observation_date!, name);
            void navigate(path, { state });
          };
          return (
            <li key={p.project_id}>
              <button type="button" className="home__latest-item" onClick={open} data-testid="latest-result">
                <strong translate="no">{name}</strong>
                <span>
                  <time dateTime={p.observation_date ?? undefined}>{formatDay(p.observation_date, lang) ?? ''}</time>
                  {crops && ` · ${crops}`}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
