// The survey's scouting tasks on the project map (issue 36): the list with each task's visits, for a done task
// the change of its trees since a later survey and "Verify" (the grower's call, with that evidence beside it),
// and a new task for the trees of the problem list's current filter or the selected tree, assigned to a member.
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { membersQuery, outcomeQuery, projectTasksQuery, type TaskItem } from '../../../api/scouting';
import { Data } from '../../../components/bidi';
import { TaskSummary } from '../../../components/scouting/task-summary';
import { queueTask, queueTaskChange, useFieldQueue } from '../../../offline/field';
import { PRIORITIES, TASK_TREES_MAX, type Priority } from '../../../domain/scouting-rules';
import { isCancelled, type GeoClient, type ListFilter } from '../../../map/geo-client';

function Outcome({ task }: { task: TaskItem }) {
  const { t } = useTranslation('project-map');
  const { data } = useQuery(outcomeQuery(task.task_id));
  if (!data) return null;
  return <p data-testid="pm-task-outcome">{data.newer ? t('scouting.outcome', { survey: data.newer.name, ...data.counts }) : t('scouting.noNewer')}</p>;
}

interface Props {
  projectId: number;
  client: RefObject<GeoClient | null>;
  listFilter: ListFilter;
  selectedTreeId: number | null;
  mayManage: boolean;
}

export function ScoutingTasks(p: Props) {
  const { t } = useTranslation('project-map');
  const ts = useTranslation('scouting').t;
  const tasks = useQuery(projectTasksQuery(p.projectId));
  const members = useQuery({ ...membersQuery(p.projectId), enabled: p.mayManage });
  const queue = useFieldQueue();
  const [form, setForm] = useState<{ title: string; assignee: string; due: string; priority: Priority; trees: 'list' | 'selected' } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const waiting = queue.items.filter((i) => i.kind === 'taskCreate' && i.projectId === p.projectId);

  const create = async () => {
    if (!form) return;
    setError(null);
    let ids: number[] = [];
    if (form.trees === 'selected' && p.selectedTreeId !== null) ids = [p.selectedTreeId];
    else if (form.trees === 'list') {
      const list = await p.client.current?.treeList(p.listFilter, { key: 'plot', desc: false });
      if (list && !isCancelled(list)) ids = Array.from(list.ids as ArrayLike<number | string>, Number).filter((n) => n > 0);
    }
    if (!form.title.trim() || !form.assignee) return setError(t('scouting.newTask.incomplete'));
    if (!ids.length) return setError(t('scouting.newTask.noTrees'));
    if (ids.length > TASK_TREES_MAX) return setError(t('scouting.newTask.tooMany', { max: TASK_TREES_MAX, count: ids.length }));
    await queueTask(p.projectId, {
      title: form.title.trim(),
      tree_ids: ids,
      assignee_id: Number(form.assignee),
      due_date: form.due || null,
      priority: form.priority,
    });
    setForm(null);
    void tasks.refetch();
  };

  return (
    <div className="pm-scouting__tasks">
      {p.mayManage && !form && (
        <button
          type="button"
          className="btn btn--primary btn--small"
          data-testid="pm-new-task"
          onClick={() => setForm({ title: '', assignee: '', due: '', priority: 'normal', trees: p.selectedTreeId !== null ? 'selected' : 'list' })}
        >
          {t('scouting.newTask.open')}
        </button>
      )}
      {form && (
        <form
          className="record-form"
          data-testid="pm-task-form"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <label>
            {t('scouting.newTask.title')}
            <input value={form.title} maxLength={200} onChange={(e) => setForm({ ...form, title: e.target.value })} data-testid="task-title" dir="auto" />
          </label>
          <label>
            {t('scouting.newTask.assignee')}
            <select value={form.assignee} onChange={(e) => setForm({ ...form, assignee: e.target.value })} data-testid="task-assignee">
              <option value="">{ts('record.chooseIssue')}</option>
              {(members.data ?? []).map((m) => (
                <option key={m.user_id} value={m.user_id} translate="no">
                  {m.name || m.email}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend>{t('scouting.newTask.trees')}</legend>
            <label>
              <input type="radio" checked={form.trees === 'list'} onChange={() => setForm({ ...form, trees: 'list' })} /> {t('scouting.newTask.fromList')}
            </label>
            <label>
              <input
                type="radio"
                disabled={p.selectedTreeId === null}
                checked={form.trees === 'selected'}
                onChange={() => setForm({ ...form, trees: 'selected' })}
              />{' '}
              {t('scouting.newTask.fromSelection')}
            </label>
          </fieldset>
          <label>
            {t('scouting.newTask.due')}
            <input type="date" value={form.due} onChange={(e) => setForm({ ...form, due: e.target.value })} />
          </label>
          <label>
            {t('scouting.newTask.priority')}
            <select value={form.priority} onChange={(e) => setForm({ ...form, priority: e.target.value as Priority })}>
              {PRIORITIES.map((x) => (
                <option key={x} value={x}>
                  {ts(`priority.${x}`)}
                </option>
              ))}
            </select>
          </label>
          {error && <p role="alert">{error}</p>}
          <div className="record-form__actions">
            <button type="button" className="btn" onClick={() => setForm(null)}>
              {ts('record.cancel')}
            </button>
            <button type="submit" className="btn btn--primary" data-testid="task-create">
              {t('scouting.newTask.create')}
            </button>
          </div>
        </form>
      )}
      <ul className="pm-scouting__list">
        {waiting.map((w) => (
          <li key={w.id} data-testid="pm-task" data-waiting="true">
            <Data>{(w.body as { title: string }).title}</Data> · <em className="waiting">{ts('queue.waitingMark')}</em>
          </li>
        ))}
        {(tasks.data ?? []).map((task) => (
          <li key={task.task_id} data-testid="pm-task" data-status={task.status}>
            <TaskSummary task={task} assignee />
            {(task.status === 'done' || task.status === 'verified') && <Outcome task={task} />}
            {p.mayManage && task.status === 'done' && (
              <button
                type="button"
                className="btn btn--small"
                data-testid="pm-task-verify"
                onClick={() => void queueTaskChange(task.task_id, { status: 'verified' }, task.version)}
              >
                {t('scouting.verify')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
