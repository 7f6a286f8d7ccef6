// The tree table's "Scouting" section (issue 36): what was recorded at the selected tree (newest first, with
// photos), and "Add a record" for it (written to the outbox; the tree's own position is its place).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Data } from '../../../components/bidi';
import { PhotoThumb } from '../../../components/scouting/photo-thumb';
import { RecordForm, issueName } from '../../../components/scouting/record-form';
import type { Scouting } from './use-scouting';

export function TreeScouting({ projectId, treeId, scouting }: { projectId: number; treeId: number | null; scouting: Scouting }) {
  const { t, i18n } = useTranslation('project-map');
  const ts = useTranslation('scouting').t;
  const lang = i18n.language.startsWith('he') ? 'he' : 'en';
  const [adding, setAdding] = useState(false);
  if (treeId === null) return null;
  const issues = new Map(scouting.issues.map((i) => [i.issue_id, i]));
  const mine = scouting.records.filter((r) => r.tree_id === treeId).sort((a, b) => b.observed_at.localeCompare(a.observed_at));
  return (
    <section className="tree-scouting" data-testid="tree-scouting" aria-label={t('scouting.title')}>
      <h3>{t('scouting.title')}</h3>
      {!mine.length && <p>{t('scouting.noRecords')}</p>}
      <ul>
        {mine.map((r) => {
          const issue = r.issue_id ? issues.get(r.issue_id) : undefined;
          return (
            <li key={r.record_id} data-testid="tree-scouting-record">
              <strong>{issue ? <Data>{issueName(issue, lang)}</Data> : '—'}</strong> · {ts(`severity.${r.severity ?? 1}`)}
              {r.waiting && <em className="waiting"> · {ts('queue.waitingMark')}</em>}
              {r.note && <p dir="auto">{r.note}</p>}
              {r.photos_stored.map((ph) => (
                <PhotoThumb key={ph} recordId={r.record_id} photoId={ph} alt={t('scouting.photo')} />
              ))}
            </li>
          );
        })}
      </ul>
      {adding ? (
        <RecordForm projectId={projectId} treeId={treeId} issues={scouting.issues} fix={null} onDone={() => setAdding(false)} />
      ) : (
        <button type="button" className="btn btn--small" onClick={() => setAdding(true)} data-testid="tree-scouting-add">
          {t('scouting.add')}
        </button>
      )}
    </section>
  );
}
