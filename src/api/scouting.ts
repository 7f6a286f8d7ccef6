// Scouting calls (issue 36, README "Scouting"): the reads of the field screens and the map. Writes never go
// from here: they go through the outbox (src/offline), which sends them with their own ids.
import { queryOptions } from '@tanstack/react-query';
import { get } from './client';
import { PROJECTS_KEY, queryCall, type CallOptions } from './query-keys';
import type { Wire } from '../domain/contracts/common';
import type { ScoutingIssue, ScoutingRecord, ScoutingTask } from '../domain/contracts/scouting';

export type RecordItem = Wire<ScoutingRecord> & { photos_stored: string[] };
export type TaskItem = Wire<ScoutingTask>;
export interface Member {
  user_id: number;
  name: string;
  email: string;
  role: 'user' | 'worker';
}
export interface TaskOutcome {
  newer: { project_id: number; name: string; observation_date: string | null } | null;
  trees: number;
  counts: Record<'improved' | 'stable' | 'declined' | 'lost' | 'gone' | 'unknown', number>;
}

export const SCOUTING_KEY = [...PROJECTS_KEY, 'scouting'] as const;

export const fetchIssues = async (o?: CallOptions) => (await get<{ issues: ScoutingIssue[] }>('/scouting-issues', o)).issues;
export const fetchRecords = (projectId: number, o?: CallOptions) => get<{ records: RecordItem[]; cursor: number }>(`/projects/${projectId}/records`, o);
export const fetchProjectTasks = async (projectId: number, o?: CallOptions) => (await get<{ tasks: TaskItem[] }>(`/projects/${projectId}/tasks`, o)).tasks;
export const fetchMyTasks = async (o?: CallOptions) => (await get<{ tasks: TaskItem[] }>('/tasks?assignee=me', o)).tasks;
export const fetchMembers = async (projectId: number, o?: CallOptions) => (await get<{ members: Member[] }>(`/projects/${projectId}/members`, o)).members;
export const fetchOutcome = (taskId: string, o?: CallOptions) => get<TaskOutcome>(`/tasks/${taskId}/outcome`, o);

export const issuesQuery = () => queryOptions({ queryKey: [...SCOUTING_KEY, 'issues'], queryFn: (ctx) => fetchIssues(queryCall(ctx)), staleTime: 5 * 60_000 });
export const recordsQuery = (projectId: number) =>
  queryOptions({ queryKey: [...SCOUTING_KEY, 'records', projectId], queryFn: (ctx) => fetchRecords(projectId, queryCall(ctx)) });
export const projectTasksQuery = (projectId: number) =>
  queryOptions({ queryKey: [...SCOUTING_KEY, 'tasks', projectId], queryFn: (ctx) => fetchProjectTasks(projectId, queryCall(ctx)) });
export const myTasksQuery = () => queryOptions({ queryKey: [...SCOUTING_KEY, 'mine'], queryFn: (ctx) => fetchMyTasks(queryCall(ctx)) });
export const membersQuery = (projectId: number) =>
  queryOptions({ queryKey: [...SCOUTING_KEY, 'members', projectId], queryFn: (ctx) => fetchMembers(projectId, queryCall(ctx)) });
export const outcomeQuery = (taskId: string) =>
  queryOptions({ queryKey: [...SCOUTING_KEY, 'outcome', taskId], queryFn: (ctx) => fetchOutcome(taskId, queryCall(ctx)) });

/** The photo's URL (the app fetches it with the bearer token: src/components/scouting/photo-thumb.tsx). */
export const photoPath = (recordId: string, photoId: string, size: 'thumb' | 'full' = 'thumb') => `/records/${recordId}/photos/${photoId}?size=${size}`;
