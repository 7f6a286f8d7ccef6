// What "My tasks" reads, online or not: the answers of /api/tasks?assignee=me and /api/scouting-issues, kept on
// the device after each success (the outbox's cache), and the user's own queued work laid over them: a task
// change waiting to sync shows its status, a queued record marks its tree visited.
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { issuesQuery, myTasksQuery, type TaskItem } from '../../api/scouting';
import { readCached, useFieldQueue, writeCached } from '../../offline/field';
import type { ScoutingIssue } from '../../domain/contracts/scouting';
import type { TaskStatus } from '../../domain/scouting-rules';

function useKept<T>(key: string, live: T | undefined): T | undefined {
  const [kept, setKept] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (live !== undefined) void writeCached(key, live);
    else void readCached<T>(key).then((v) => v !== undefined && setKept(v));
  }, [key, live]);
  return live ?? kept;
}

export interface FieldTask extends TaskItem {
  /** A status change of mine waits to sync. */
  waiting: boolean;
}

export function useFieldData(userId: number | null) {
  const tasks = useQuery({ ...myTasksQuery(), enabled: userId !== null });
  const issues = useQuery(issuesQuery());
  const keptTasks = useKept<TaskItem[]>(`myTasks:${userId}`, tasks.data);
  const keptIssues = useKept<ScoutingIssue[]>('issues', issues.data);
  const queue = useFieldQueue();
  const merged = useMemo<FieldTask[]>(() => {
    return (keptTasks ?? []).map((task) => {
      const mine = queue.items.filter((i) => i.taskId === task.task_id && i.kind === 'taskChange' && i.state === 'pending');
      const status = (mine.at(-1)?.body as { status?: TaskStatus } | undefined)?.status ?? task.status;
      const visited = new Set(task.visited);
      for (const i of queue.items) {
        const b = i.body as { task_id?: string; tree_id?: number | null } | undefined;
        if (i.kind === 'record' && b?.task_id === task.task_id && b.tree_id) visited.add(b.tree_id);
      }
      return { ...task, status, visited: [...visited], waiting: mine.length > 0 };
    });
  }, [keptTasks, queue.items]);
  return { tasks: merged, loaded: keptTasks !== undefined, issues: keptIssues ?? [], refetch: () => void tasks.refetch(), queue };
}
