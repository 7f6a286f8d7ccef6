// "My tasks" (issue 36): the signed-in user's tasks, nearest first (the distance to each task's nearest tree not
// visited yet, from the phone's position), what waits to sync, and one task's field view (task-view.tsx).
// Works offline: the last list is kept on the device and every change goes to the outbox.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../api/session';
import { SyncStatus } from '../../components/scouting/sync-status';
import { TaskSummary } from '../../components/scouting/task-summary';
import { askForHeading } from '../../map/use-heading';
import { usePosition } from '../../components/scouting/use-position';
import { isOpenTask } from '../../domain/scouting-rules';
import { nearestUnvisitedMeters } from '../../../workers/geo/walk';
import { TaskView } from './task-view';
import { useFieldData, type FieldTask } from './use-field-data';
import './tasks.css';

export default function MyTasksPage() {
  const { t } = useTranslation('tasks');
  const session = useSession();
  const user = session?.user?.user_id ?? null;
  const actor = session?.user?.role === 'worker' ? 'assignee' : 'manager';
  const { tasks, loaded, issues } = useFieldData(user);
  const { fix, error } = usePosition();
  const [params, setParams] = useSearchParams();
  const open = params.get('task');

  const sorted = useMemo(() => {
    const distance = (task: FieldTask) => {
      if (!fix) return Infinity;
      const trees = task.trees.ids.map((id, i) => ({ id, lon: task.trees.lon[i], lat: task.trees.lat[i] }));
      return nearestUnvisitedMeters(trees, new Set(task.visited), [fix.lon, fix.lat]);
    };
    return tasks
      .map((task) => ({ task, d: distance(task) }))
      .sort((a, b) => Number(isOpenTask(b.task.status)) - Number(isOpenTask(a.task.status)) || a.d - b.d || a.task.title.localeCompare(b.task.title));
  }, [tasks, fix]);

  const selected = open ? tasks.find((x) => x.task_id === open) : undefined;
  return (
    <section className="my-tasks" data-testid="my-tasks-page">
      <h1>{t('title')}</h1>
      <SyncStatus />
      {selected ? (
        <TaskView task={selected} actor={actor} fix={fix} gpsOff={!!error} issues={issues} onBack={() => setParams({})} />
      ) : (
        <>
          {!loaded && <p role="status">{t('loading')}</p>}
          {loaded && !tasks.length && <p>{t('empty')}</p>}
          <ul className="my-tasks__list">
            {sorted.map(({ task, d }) => (
              <li key={task.task_id}>
                <button
                  type="button"
                  className="my-tasks__item"
                  onClick={() => {
                    askForHeading(); // iOS asks from a tap (the walk's arrow turns with the phone)
                    setParams({ task: task.task_id });
                  }}
                  data-testid="my-task"
                  data-status={task.status}
                >
                  <TaskSummary task={task} survey waiting={task.waiting} distance={d} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
