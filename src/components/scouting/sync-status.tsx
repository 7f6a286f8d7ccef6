// The outbox on screen (README "Scouting: sync"): how many changes wait, "Sync now", why a sync stopped, the
// items the server refused (its code worded in the user's language, else its words; discarded only by the user), and each task conflict with both
// versions side by side: the user keeps theirs or (when the move is still allowed) their own.
import { useTranslation } from 'react-i18next';
import { discard, resolve, useFieldQueue } from '../../offline/field';
import { canKeepMine, type OutboxItem, type TaskChangeBody } from '../../offline/queue-rules';
import type { TaskActor } from '../../domain/scouting-rules';
import { useSession } from '../../api/session';
import { codeText } from '../../api/error-text';
import { useOnline } from '../../offline/surveys/use-device';

function TaskSide({ title, status, extra }: { title: string; status: string; extra: string }) {
  const { t } = useTranslation('scouting');
  return (
    <div className="conflict__side">
      <h4>{title}</h4>
      <p>{t(`taskStatus.${status}`)}</p>
      <small>{extra}</small>
    </div>
  );
}

function Conflict({ item, actor }: { item: OutboxItem; actor: TaskActor }) {
  const { t } = useTranslation('scouting');
  const mine = item.body as TaskChangeBody;
  const theirs = item.theirs;
  if (!theirs) return null;
  const possible = canKeepMine(mine, theirs, actor);
  return (
    <li className="conflict" data-testid="sync-conflict">
      <strong dir="auto">
        {t('queue.conflictTitle')}: <bdi translate="no">{theirs.title}</bdi>
      </strong>
      <div className="conflict__sides">
        <TaskSide title={t('queue.mine')} status={mine.status ?? theirs.status} extra={t('queue.version', { version: item.ifMatch ?? '—' })} />
        <TaskSide title={t('queue.theirs')} status={theirs.status} extra={t('queue.version', { version: theirs.version })} />
      </div>
      {!possible && <p>{t('queue.mineNotPossible')}</p>}
      <button type="button" className="btn btn--small" onClick={() => void resolve(item, 'theirs', actor)} data-testid="keep-theirs">
        {t('queue.keepTheirs')}
      </button>
      <button
        type="button"
        className="btn btn--small btn--primary"
        disabled={!possible}
        onClick={() => void resolve(item, 'mine', actor)}
        data-testid="keep-mine"
      >
        {t('queue.keepMine')}
      </button>
    </li>
  );
}

export function SyncStatus() {
  const { t } = useTranslation('scouting');
  const q = useFieldQueue();
  const role = useSession()?.user?.role;
  const actor: TaskActor = role === 'worker' ? 'assignee' : 'manager';
  // The browser's flag and the last call's answer (src/api/reachability.ts): Wi-Fi without internet is offline too.
  const offline = !useOnline();
  return (
    <section className="sync-status" aria-live="polite" data-testid="sync-status" data-pending={q.pending} data-items={q.items.length} data-syncing={q.syncing}>
      <p>
        {q.syncing ? t('queue.syncing') : q.items.length ? t('queue.waiting', { count: q.items.length }) : t('queue.allSynced')}
        <button
          type="button"
          className="btn btn--small"
          onClick={() => void q.syncNow({ retryNow: true })}
          disabled={q.syncing || !q.items.length}
          data-testid="sync-now"
        >
          {t('queue.syncNow')}
        </button>
      </p>
      {offline && q.items.length > 0 && <p className="sync-status__note">{t('queue.offline')}</p>}
      {q.last?.stopped === 'signIn' && <p className="sync-status__note">{t('queue.signIn')}</p>}
      {q.conflicts.length > 0 && (
        <ul className="sync-status__list">
          {q.conflicts.map((c) => (
            <Conflict key={c.id} item={c} actor={actor} />
          ))}
        </ul>
      )}
      {q.failed.length > 0 && (
        <>
          <h3>{t('queue.failedTitle')}</h3>
          <ul className="sync-status__list">
            {q.failed.map((f) => (
              <li key={f.id} data-testid="sync-failed">
                {t(`kinds.${f.kind}`)}: <span dir="auto">{(f.error?.code && codeText(f.error.code, {}, t)) || f.error?.message}</span>{' '}
                <button type="button" className="btn btn--small" onClick={() => void discard(f)}>
                  {t('queue.discard')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
