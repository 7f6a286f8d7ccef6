// In-app notifications of scouting (issue 36: no push yet): the number of the user's open tasks, as a badge on
// "My tasks" in the bottom bar and a line on home.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { myTasksQuery } from '../../api/scouting';
import { useSession } from '../../api/session';
import { isOpenTask } from '../../domain/scouting-rules';

export function useOpenTaskCount(): number {
  const session = useSession();
  const member = session?.user?.role === 'user' || session?.user?.role === 'worker';
  const { data } = useQuery({ ...myTasksQuery(), enabled: member });
  return (data ?? []).filter((t) => isOpenTask(t.status)).length;
}

export function TaskBadge({ count }: { count: number }) {
  if (!count) return null;
  return (
    <span className="nav-badge" data-testid="tasks-badge">
      <bdi>{count}</bdi>
    </span>
  );
}

/** Home's line: "You have N open tasks" with a link to them. */
export function OpenTasksNotice() {
  const { t } = useTranslation('common');
  const n = useOpenTaskCount();
  if (!n) return null;
  return (
    <p className="open-tasks-notice" data-testid="home-tasks-notice">
      <Link to="/tasks">{t('nav.openTasks', { count: n })}</Link> <TaskBadge count={n} />
    </p>
  );
}
