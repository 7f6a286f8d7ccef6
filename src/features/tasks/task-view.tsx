// One task in the field: its status buttons (a change goes to the outbox with the version it was made at),
// walk-to the next unvisited tree, "visited" and "record what I found" (records of the task), the trees with
// their visits, and for a done task the change of its trees since a later survey (closing the loop).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { outcomeQuery } from '../../api/scouting';
import { Data } from '../../components/bidi';
import { RecordForm } from '../../components/scouting/record-form';
import { WalkToTree } from '../../components/scouting/walk-to-tree';
import type { Fix } from '../../components/scouting/use-position';
import { queueRecord, queueTaskChange } from '../../offline/field';
import { useOnline } from '../../offline/surveys/use-device';
import { nextTaskStatuses, type TaskActor } from '../../domain/scouting-rules';
import type { ScoutingIssue } from '../../domain/contracts/scouting';
import { nextTrees, type WalkOrder, type WalkTree } from '../../../workers/geo/walk';
import { useHeading } from '../../map/use-heading';
import type { FieldTask } from './use-field-data';

interface Props {
  task: FieldTask;
  actor: TaskActor;
  fix: Fix | null;
  /** Location refused or failing. */
  gpsOff: boolean;
  issues: ScoutingIssue[];
  onBack: () => void;
}

export function TaskView({ task, actor, fix, gpsOff, issues, onBack }: Props) {
  const { t } = useTranslation('tasks');
  const ts = useTranslation('scouting').t;
  const [recording, setRecording] = useState<number | null>(null);
  const trees: WalkTree[] = useMemo(() => task.trees.ids.map((id, i) => ({ id, lon: task.trees.lon[i], lat: task.trees.lat[i] })), [task.trees]);
  const visited = useMemo(() => new Set(task.visited), [task.visited]);
  // The next unvisited tree: nearest first (issue 36 "My tasks"), or in the task's own order.
  const [order, setOrder] = useState<WalkOrder>('distance');
  const heading = useHeading(true);
  const next = nextTrees(trees, visited, fix && order === 'distance' ? [fix.lon, fix.lat] : null, 1)[0];
  const target = next === undefined ? null : { lon: trees[next].lon, lat: trees[next].lat, row: task.trees.row[next], tree: task.trees.num[next] };
  const done = task.status === 'done' || task.status === 'verified';
  const online = useOnline();
  const outcome = useQuery({ ...outcomeQuery(task.task_id), enabled: done && online });
  const markVisited = (i: number) =>
    void queueRecord(task.project_id, {
      kind: 'visit',
      tree_id: task.trees.ids[i],
      task_id: task.task_id,
      position: fix ? { lon: fix.lon, lat: fix.lat, accuracy_m: fix.accuracy } : null,
      observed_at: new Date().toISOString(),
    });
  return (
    <article className="task-view" data-testid="task-view" data-status={task.status}>
      <button type="button" className="btn btn--small" onClick={onBack}>
        {t('back')}
      </button>
      <h2>
        <Data>{task.title}</Data>
      </h2>
      <p>
        <Data>{task.project_name}</Data> · {ts(`taskStatus.${task.status}`)}
        {task.waiting && <em className="waiting"> · {ts('queue.waitingMark')}</em>}
      </p>
      {task.description && <p dir="auto">{task.description}</p>}
      <div className="task-view__status">
        {nextTaskStatuses(task.status, actor).map((s) => (
          <button
            key={s}
            type="button"
            className="btn btn--primary"
            data-testid={`task-to-${s}`}
            onClick={() => void queueTaskChange(task.task_id, { status: s }, task.version)}
          >
            {t(`move.${s}`)}
          </button>
        ))}
      </div>
      {!done && (
        <WalkToTree target={target} doneText={ts('walk.allVisited')} fix={fix} heading={heading} gpsOff={gpsOff} order={{ value: order, onChange: setOrder }}>
          {next !== undefined && (
            <>
              <button type="button" className="btn btn--primary" onClick={() => markVisited(next)} data-testid="mark-visited">
                {t('visited')}
              </button>
              <button type="button" className="btn" onClick={() => setRecording(next)} data-testid="record-here">
                {t('record')}
              </button>
            </>
          )}
        </WalkToTree>
      )}
      {recording !== null && (
        <RecordForm
          projectId={task.project_id}
          treeId={task.trees.ids[recording]}
          taskId={task.task_id}
          issues={issues}
          fix={fix}
          onDone={() => setRecording(null)}
        />
      )}
      {done && outcome.data && (
        <p data-testid="task-outcome">{outcome.data.newer ? t('outcome', { survey: outcome.data.newer.name, ...outcome.data.counts }) : t('noNewerSurvey')}</p>
      )}
      <h3>{t('trees', { visited: task.visited.length, total: trees.length })}</h3>
      <ol className="task-view__trees">
        {trees.slice(0, 200).map((tr, i) => (
          <li key={tr.id} data-visited={visited.has(tr.id)} data-testid="task-tree">
            {ts('walk.tree', { row: task.trees.row[i] ?? '—', tree: task.trees.num[i] ?? '—' })} {visited.has(tr.id) ? '✓' : ''}
          </li>
        ))}
      </ol>
    </article>
  );
}
