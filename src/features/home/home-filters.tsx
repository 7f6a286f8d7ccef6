import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListQuery, SortKey, StatusFilter } from '../../domain/projects';

const STATUSES: StatusFilter[] = ['all', 'valid', 'incomplete'];

interface Props {
  query: ListQuery;
  onChange: (patch: Partial<ListQuery>) => void;
  open: boolean;
  onToggle: () => void;
}

/** Search box, the Filters toggle and its panel (sort, direction, status). */
export function HomeFilters({ query, onChange, open, onToggle }: Props) {
  const { t } = useTranslation('home');
  const panelId = useId();
  return (
    <div className="home-filters">
      <div className="home-filters__bar">
        <label className="home-search">
          <span className="visually-hidden">{t('search.label')}</span>
          <input
            type="search"
            data-testid="project-search"
            value={query.search}
            placeholder={t('search.placeholder')}
            onChange={(e) => onChange({ search: e.target.value })}
          />
        </label>
        <button
          type="button"
          className={`btn home-filters__toggle${open ? ' is-open' : ''}`}
          aria-expanded={open}
          aria-controls={panelId}
          data-testid="filters-toggle"
          onClick={onToggle}
        >
          <span aria-hidden="true">⚙ </span>
          {t('filters.toggle')}
        </button>
      </div>
      {open && (
        <div id={panelId} className="home-filters__panel" role="region" aria-label={t('filters.panel')} data-testid="filters-panel">
          <div className="home-filters__group">
            <label className="home-filters__label">
              <span>{t('filters.sortLabel')}</span>
              <select data-testid="sort-key" value={query.sortKey} onChange={(e) => onChange({ sortKey: e.target.value as SortKey })}>
                <option value="date">{t('filters.sortDate')}</option>
                <option value="name">{t('filters.sortName')}</option>
              </select>
            </label>
            <button
              type="button"
              className="btn home-filters__dir"
              data-testid="sort-dir"
              data-dir={query.sortDir}
              aria-label={t(`filters.${query.sortDir}`)}
              title={t(`filters.${query.sortDir}`)}
              onClick={() => onChange({ sortDir: query.sortDir === 'asc' ? 'desc' : 'asc' })}
            >
              <span aria-hidden="true">{query.sortDir === 'asc' ? '↑' : '↓'}</span>
              <span className="home-filters__dir-text">{t(`filters.${query.sortDir}`)}</span>
            </button>
          </div>
          <div className="home-filters__group" role="group" aria-label={t('filters.statusLabel')}>
            {STATUSES.map((s) => (
              <button
                key={s}
                type="button"
                className="chip"
                aria-pressed={query.status === s}
                data-testid={`status-${s}`}
                onClick={() => onChange({ status: s })}
              >
                {t(`filters.${s}`)}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
