// One task in a list (issue 36): its title, survey, status, priority, assignee, what waits to sync, how many of
// its trees are visited, how far its nearest unvisited tree is and when it is due. ONE markup for "My tasks" and
// the map's scouting panel; each list puts its own actions around it.
import { useTranslation } from 'react-i18next';
import type { TaskItem } from '../../api/scouting';
import { Data } from '../bidi';
import './task-summary.css';

interface Props {
  task: TaskItem;
  /** The survey's name ("My tasks" lists tasks of several surveys). */
  survey?: boolean;
  /** Who does it (the grower's list). */
  assignee?: boolean;
  /** A status change of mine waits to sync. */
  waiting?: boolean;
  /** Metres to the task's nearest unvisited tree (null/absent: no position). */
  distance?: number | null;
}

export function TaskSummary({ task, survey, assignee, waiting, distance }: Props) {
  const { t, i18n } = useTranslation('scouting');
  const nf = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  return (
    <span className="task-summary">
      <strong>
        <Data>{task.title}</Data>
      </strong>
      <span>
        {survey && (
          <>
            <Data>{task.project_name}</Data> ·{' '}
          </>
        )}
        {t(`taskStatus.${task.status}`)} · {t(`priority.${task.priority}`)}
        {assignee && task.assignee_name && (
          <>
            {' '}
            · <Data>{task.assignee_name}</Data>
          </>
        )}
        {waiting && <em className="waiting"> · {t('queue.waitingMark')}</em>}
      </span>
      <span>
        {t('task.progress', { visited: task.visited.length, total: task.trees.ids.length })}
        {distance != null && Number.isFinite(distance) && <> · {t('task.away', { distance: nf.format(distance) })}</>}
        {task.due_date && <> · {t('task.due', { date: new Date(`${task.due_date}T00:00:00`).toLocaleDateString(i18n.language) })}</>}
      </span>
    </span>
  );
}
