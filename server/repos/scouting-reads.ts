import type { z } from 'zod';
import type { Queryable } from '../db/adapter';
import type { AuthUser } from '../plugins/auth';
import type { PhotoRow } from '../scouting/photo-upload';
import type { projectMembers, scoutingIssuesAnswer } from '../../src/domain/contracts/scouting';
import { accessParams, hasResultsSql, visibleProjectSql, type ProjectRow } from './project-access';
import { TASK_SELECT, type TaskRow } from './scouting-tasks';

// The scouting routes' smaller reads (issue 36): a survey's possible assignees, the issue categories,
// a record's photo row, a task's survey, the caller's own tasks and the survey a task's outcome compares with.

type Member = z.input<typeof projectMembers>['members'][number];
type Issue = z.input<typeof scoutingIssuesAnswer>['issues'][number];

/** The growers and field workers of the survey's client who are members of it. */
export async function projectMemberRows(q: Queryable, p: Pick<ProjectRow, 'project_id' | 'client_id'>): Promise<Member[]> {
  const { rows } = await q.query<Member>(
    `SELECT u.user_id, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS name, u.email, u.role
           FROM project_users pu JOIN users u ON u.user_id = pu.user_id
          WHERE pu.project_id = $1 AND u.client_id = $2 AND u.role IN ('user', 'worker') AND NOT u.disabled
          ORDER BY u.role, lower(u.first_name), lower(u.last_name), u.user_id`,
    [p.project_id, p.client_id],
  );
  return rows;
}

export async function scoutingIssues(q: Queryable): Promise<Issue[]> {
  return (await q.query<Issue>(`SELECT issue_id, name_en, name_he, icon FROM scouting_issues ORDER BY issue_id`)).rows;
}

/** The photo of the record, with the record's survey id; undefined when there is none. */
export async function photoRow(q: Queryable, photoId: string, recordId: string, projectId: number): Promise<PhotoRow | undefined> {
  const { rows } = await q.query<PhotoRow>(
    `SELECT photo_id::text AS photo_id, record_id::text AS record_id, $3::int AS project_id, stored_at, media_type, bytes, width, height, sha256
       FROM record_photos WHERE photo_id = $1 AND record_id = $2`,
    [photoId, recordId, projectId],
  );
  return rows[0];
}

/** The survey of a task; undefined when there is no such task. */
export async function taskProjectId(q: Queryable, taskId: string): Promise<number | undefined> {
  const { rows } = await q.query<{ project_id: number }>(`SELECT project_id FROM scouting_tasks WHERE task_id = $1`, [taskId]);
  return rows[0]?.project_id;
}

/** The user's tasks in the surveys they may open: open ones first, then by due date. */
export async function myTasks(q: Queryable, user: AuthUser): Promise<TaskRow[]> {
  const { rows } = await q.query<TaskRow>(
    `${TASK_SELECT} WHERE k.assignee_id = $1 AND ${visibleProjectSql('p', 2, 3, 4)}
          ORDER BY (k.status IN ('open', 'in_progress')) DESC, k.due_date NULLS LAST, k.created_at DESC, k.task_id`,
    [user.user_id, ...accessParams(user)],
  );
  return rows;
}

/** The newest survey after this one that shares its plots, has results, and the user may open; null when none. */
export async function newerSurvey(
  q: Queryable,
  p: ProjectRow,
  user: AuthUser,
): Promise<{ project_id: number; name: string; observation_date: string | null } | null> {
  const { rows } = await q.query<{ project_id: number; name: string; observation_date: string | null }>(
    `SELECT q.project_id, q.name, q.observation_date::text AS observation_date FROM projects q
          WHERE q.client_id = $2 AND q.project_id <> $1 AND ${visibleProjectSql('q', 4, 5, 6)}
            AND q.observation_date > $3::date
            AND ${hasResultsSql('q')}
            AND EXISTS (SELECT 1 FROM project_plots a JOIN project_plots b ON a.plot_id = b.plot_id WHERE a.project_id = q.project_id AND b.project_id = $1)
          ORDER BY q.observation_date DESC, q.project_id LIMIT 1`,
    [p.project_id, p.client_id, p.observation_date ?? '9999-12-31', ...accessParams(user)],
  );
  return rows[0] ?? null;
}
