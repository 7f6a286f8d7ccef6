// The project map's "Scouting" panel (issue 36): the survey's records, filtered by category, severity, author
// and date (a row flies the map to the record), and the survey's tasks (scouting-tasks.tsx).
import { useMemo, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Data } from '../../../components/bidi';
import { issueName } from '../../../components/scouting/record-form';
import { SyncStatus } from '../../../components/scouting/sync-status';
import type { GeoClient, ListFilter } from '../../../map/geo-client';
import { PanelHeader } from '../panel-header';
import { ScoutingTasks } from './scouting-tasks';
import type { Scouting } from './use-scouting';

interface Props {
  projectId: number;
  scouting: Scouting;
  /** The problem list's filter: a new task can cover the trees it keeps. */
  client: RefObject<GeoClient | null>;
  listFilter: ListFilter;
  selectedTreeId: number | null;
  mayManage: boolean;
  onFly: (lon: number, lat: number) => void;
  onClose: () => void;
}

export function ScoutingPanel(p: Props) {
  const { t, i18n } = useTranslation('project-map');
  const ts = useTranslation('scouting').t;
  const lang = i18n.language.startsWith('he') ? 'he' : 'en';
  const [tab, setTab] = useState<'records' | 'tasks'>('records');
  const [f, setF] = useState({ issue: '', severity: '', author: '', from: '', to: '' });
  const issues = new Map(p.scouting.issues.map((i) => [i.issue_id, i]));
  const authors = [...new Set(p.scouting.records.map((r) => r.author_name).filter(Boolean))].sort();
  const rows = useMemo(
    () =>
      p.scouting.records
        .filter(
          (r) =>
            (!f.issue || String(r.issue_id) === f.issue) &&
            (!f.severity || String(r.severity) === f.severity) &&
            (!f.author || r.author_name === f.author) &&
            (!f.from || r.observed_at.slice(0, 10) >= f.from) &&
            (!f.to || r.observed_at.slice(0, 10) <= f.to),
        )
        .sort((a, b) => b.observed_at.localeCompare(a.observed_at)),
    [p.scouting.records, f],
  );
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setF({ ...f, [k]: e.target.value });
  return (
    <section className="pm-sheet pm-scouting" aria-label={t('scouting.title')} data-testid="pm-scouting">
      <PanelHeader title={t('scouting.title')} onClose={p.onClose} />
      <div className="config-tabs" role="tablist">
        {(['records', 'tasks'] as const).map((k) => (
          <button key={k} type="button" role="tab" aria-selected={tab === k} onClick={() => setTab(k)} data-testid={`pm-scouting-tab-${k}`}>
            {t(`scouting.tabs.${k}`)}
          </button>
        ))}
      </div>
      <SyncStatus />
      {tab === 'tasks' ? (
        <ScoutingTasks projectId={p.projectId} client={p.client} listFilter={p.listFilter} selectedTreeId={p.selectedTreeId} mayManage={p.mayManage} />
      ) : (
        <>
          <div className="pm-sheet__bar pm-scouting__filters">
            <label>
              {t('scouting.filters.issue')}
              <select value={f.issue} onChange={set('issue')} data-testid="scouting-filter-issue">
                <option value="">{t('scouting.filters.all')}</option>
                {p.scouting.issues.map((i) => (
                  <option key={i.issue_id} value={i.issue_id}>
                    {issueName(i, lang)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {ts('record.severity')}
              <select value={f.severity} onChange={set('severity')} data-testid="scouting-filter-severity">
                <option value="">{t('scouting.filters.all')}</option>
                {[1, 2, 3].map((s) => (
                  <option key={s} value={s}>
                    {ts(`severity.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('scouting.filters.author')}
              <select value={f.author} onChange={set('author')} data-testid="scouting-filter-author">
                <option value="">{t('scouting.filters.all')}</option>
                {authors.map((a) => (
                  <option key={a} value={a} translate="no">
                    {a}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('scouting.filters.from')}
              <input type="date" value={f.from} onChange={set('from')} />
            </label>
            <label>
              {t('scouting.filters.to')}
              <input type="date" value={f.to} onChange={set('to')} />
            </label>
          </div>
          <p>{t('scouting.count', { count: rows.length })}</p>
          <ul className="pm-scouting__list">
            {rows.map((r) => {
              const issue = r.issue_id ? issues.get(r.issue_id) : undefined;
              return (
                <li key={r.record_id}>
                  <button
                    type="button"
                    className="pm-scouting__row"
                    data-testid="scouting-row"
                    data-waiting={r.waiting}
                    disabled={!Number.isFinite(r.lon)}
                    onClick={() => p.onFly(r.lon, r.lat)}
                  >
                    <strong>{issue ? <Data>{issueName(issue, lang)}</Data> : '—'}</strong> · {ts(`severity.${r.severity ?? 1}`)}
                    {r.waiting ? (
                      <em className="waiting"> · {ts('queue.waitingMark')}</em>
                    ) : (
                      <>
                        {' '}
                        · <Data>{r.author_name}</Data>
                      </>
                    )}{' '}
                    · <bdi>{new Date(r.observed_at).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' })}</bdi>
                    {r.note && (
                      <span className="pm-scouting__note" dir="auto">
                        {r.note}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
