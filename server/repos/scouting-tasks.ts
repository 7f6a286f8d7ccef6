// The SQL of scouting tasks (issue 36, README "Scouting"): an idempotent create by the task's id, the task as
// the app reads it (its trees as columns with their positions, the trees visited), and a change applied once
// per change id, checked against If-Match and the allowed moves (src/domain/scouting-rules.ts).
import type { z } from 'zod';
import type { Db, Queryable } from '../db/adapter';
import type { AuthUser } from '../plugins/auth';
import type { scoutingTask, taskBody, taskPatch } from '../../src/domain/contracts/scouting';
import { TASK_TREES_MAX, mayMoveTask, type TaskActor, type TaskStatus } from '../../src/domain/scouting-rules';
import { bodyHash, scoutingError } from '../scouting/common';
import { SURVEY_TREE_SQL } from './scouting-records';
import { STANDING_SQL } from './scouting-files';
import type { ProjectRow } from './project-access';

export type TaskRow = z.input<typeof scoutingTask>;
type Body = z.output<typeof taskBody>;
type Patch = z.output<typeof taskPatch>;

const col = (c: string) => `coalesce(json_agg(${c} ORDER BY x.o), '[]'::json)`;
export const TASK_SELECT = `SELECT k.task_id::text AS task_id, k.project_id, p.name AS project_name, p.observation_date::text AS observation_date,
    k.title, k.description, CASE WHEN k.zone_kind IS NULL THEN NULL ELSE json_build_object('kind', k.zone_kind, 'id', k.zone_id) END AS zone,
    k.assignee_id, nullif(trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')), '') AS assignee_name,
    k.due_date::text AS due_date, k.priority, k.status, k.version, k.created_by, k.created_at, k.updated_at,
    (SELECT json_build_object('ids', ${col('t.tree_id')}, 'lon', ${col('t.lon')}, 'lat', ${col('t.lat')}, 'row', ${col('t.row_num')}, 'num', ${col('t.tree_num')})
       FROM unnest(k.tree_ids) WITH ORDINALITY AS x(id, o) JOIN trees t ON t.tree_id = x.id) AS trees,
    ARRAY(SELECT DISTINCT r.tree_id FROM scouting_records r WHERE r.task_id = k.task_id AND r.tree_id IS NOT NULL AND ${STANDING_SQL('r')}) AS visited
  FROM scouting_tasks k JOIN projects p ON p.project_id = k.project_id LEFT JOIN users a ON a.user_id = k.assignee_id`;

const one = async <T>(tx: Queryable, sql: string, params: unknown[]) => (await tx.query<T>(sql, params)).rows[0];

export async function readTask(tx: Queryable, taskId: string): Promise<TaskRow | undefined> {
  return one<TaskRow>(tx, `${TASK_SELECT} WHERE k.task_id = $1`, [taskId]);
}

/** A member of the survey who can be given a task: a grower or field worker of its client. */
async function assertAssignable(tx: Queryable, project: ProjectRow, userId: number): Promise<void> {
  const ok = await one(
    tx,
    `SELECT 1 FROM project_users pu JOIN users u ON u.user_id = pu.user_id
      WHERE pu.project_id = $1 AND u.user_id = $2 AND u.client_id = $3 AND u.role IN ('user', 'worker') AND NOT u.disabled`,
    [project.project_id, userId, project.client_id],
  );
  if (!ok) throw scoutingError(422, 'task_assignee_not_member', `User ${userId} is not a grower or field worker who is a member of this survey`);
}

/** The task's trees: the ones named (each a tree of the survey), or the survey's trees in the zone. */
async function taskTrees(tx: Queryable, project: ProjectRow, body: Body): Promise<number[]> {
  if (body.tree_ids.length) {
    const { rows } = await tx.query<{ tree_id: number }>(`SELECT tree_id FROM ${SURVEY_TREE_SQL('$1::int[]', '$2', '$3')} x`, [
      body.tree_ids,
      project.client_id,
      project.project_id,
    ]);
    if (rows.length !== body.tree_ids.length) {
      const known = new Set(rows.map((r) => r.tree_id));
      const bad = body.tree_ids.filter((id) => !known.has(id));
      throw scoutingError(422, 'task_tree_not_in_survey', `Trees ${bad.slice(0, 5).join(', ')}${bad.length > 5 ? ' …' : ''} are not trees of this survey`);
    }
    return body.tree_ids;
  }
  const z = body.zone!;
  const column = z.kind === 'plot' ? 'plot_id' : 'irrigation_area_id';
  const table = z.kind === 'plot' ? 'plots' : 'irrigation_areas';
  if (!(await one(tx, `SELECT 1 FROM ${table} WHERE ${column} = $1 AND client_id = $2`, [z.id, project.client_id])))
    throw scoutingError(422, 'task_unknown_zone', `${z.kind === 'plot' ? 'Plot' : 'Irrigation area'} ${z.id} is not part of this farm`);
  const { rows } = await tx.query<{ tree_id: number }>(
    `SELECT DISTINCT o.tree_id FROM tree_observations o JOIN trees t ON t.tree_id = o.tree_id
      WHERE o.project_id = $1 AND t.${column} = $2 ORDER BY o.tree_id LIMIT ${TASK_TREES_MAX + 1}`,
    [project.project_id, z.id],
  );
  if (rows.length > TASK_TREES_MAX) throw scoutingError(422, 'task_too_many_trees', `This zone has more than ${TASK_TREES_MAX} trees: choose a smaller one`);
  return rows.map((r) => r.tree_id);
}

/** Creates the task (201), or answers it as it is now when the same body comes again under its id (200). */
export async function putTask(db: Db, user: AuthUser, project: ProjectRow, taskId: string, body: Body) {
  if (user.role === 'worker') throw scoutingError(403, 'task_create_forbidden', 'Field workers do not create or assign tasks');
  const hash = bodyHash(body, user.user_id);
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('task:' || $1))`, [taskId]);
    const existing = await one<{ project_id: number; body_hash: string }>(tx, `SELECT project_id, body_hash FROM scouting_tasks WHERE task_id = $1`, [taskId]);
    if (existing) {
      if (existing.project_id !== project.project_id || existing.body_hash !== hash)
        throw scoutingError(409, 'task_id_conflict', `Task ${taskId} already exists with other contents: give a new task a new id`);
      return { status: 200 as const, task: (await readTask(tx, taskId))! };
    }
    await assertAssignable(tx, project, body.assignee_id);
    const trees = await taskTrees(tx, project, body);
    await tx.query(
      `INSERT INTO scouting_tasks (task_id, client_id, project_id, title, description, tree_ids, zone_kind, zone_id, assignee_id, due_date, priority, created_by, body_hash)
       VALUES ($1, $2, $3, $4, $5, $6::int[], $7, $8, $9, $10, $11, $12, $13)`,
      [
        taskId,
        project.client_id,
        project.project_id,
        body.title,
        body.description,
        trees,
        body.zone?.kind ?? null,
        body.zone?.id ?? null,
        body.assignee_id,
        body.due_date,
        body.priority,
        user.user_id,
        hash,
      ],
    );
    return { status: 201 as const, task: (await readTask(tx, taskId))! };
  });
}

/** The version an If-Match header names ("3", W/"3" or 3), or null without one. */
export function ifMatchVersion(header: string | undefined): number | null | 'bad' {
  if (header === undefined || header.trim() === '*') return null;
  const m = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header.trim());
  return m ? Number(m[1]) : 'bad';
}

export type PatchResult =
  { status: 200; task: TaskRow } | { status: 409 | 412; code: 'task_version_stale' | 'task_transition_not_allowed'; message: string; current: TaskRow };

/** Applies a change once (by its change id), if the task is still at `ifMatch` (412 otherwise) and the move allowed (409). */
export async function patchTask(db: Db, user: AuthUser, project: ProjectRow, taskId: string, patch: Patch, ifMatch: number | null): Promise<PatchResult> {
  const hash = bodyHash({ ...patch, task_id: taskId }, user.user_id);
  return db.transaction(async (tx) => {
    const row = await one<{ status: TaskStatus; assignee_id: number | null; due_date: string | null; version: number }>(
      tx,
      `SELECT status, assignee_id, due_date::text AS due_date, version FROM scouting_tasks WHERE task_id = $1 FOR UPDATE`,
      [taskId],
    );
    const done = await one<{ body_hash: string; answer: { task: TaskRow } }>(tx, `SELECT body_hash, answer FROM task_changes WHERE change_id = $1`, [
      patch.change_id,
    ]);
    if (done) {
      if (done.body_hash !== hash) throw scoutingError(409, 'change_id_conflict', `Change ${patch.change_id} was already applied with other contents`);
      return { status: 200 as const, task: done.answer.task };
    }
    const isAssignee = row.assignee_id === user.user_id;
    const actor: TaskActor = user.role === 'worker' ? 'assignee' : 'manager';
    if (user.role === 'worker') {
      if (!isAssignee) throw scoutingError(403, 'task_not_assigned_to_you', 'Field workers change only their own tasks');
      if (patch.assignee_id !== undefined || patch.due_date !== undefined)
        throw scoutingError(403, 'task_field_forbidden', 'Field workers change a task’s status only');
    }
    const next = {
      status: patch.status ?? row.status,
      assignee_id: patch.assignee_id ?? row.assignee_id,
      due_date: patch.due_date === undefined ? row.due_date : patch.due_date,
    };
    const same = next.status === row.status && next.assignee_id === row.assignee_id && next.due_date === row.due_date;
    const current = async () => (await readTask(tx, taskId))!;
    if (!same && ifMatch !== null && ifMatch !== row.version)
      return {
        status: 412,
        code: 'task_version_stale',
        message: `The task changed since version ${ifMatch}: it is at version ${row.version}`,
        current: await current(),
      };
    if (!mayMoveTask(row.status, next.status, actor))
      return {
        status: 409,
        code: 'task_transition_not_allowed',
        message: `A task that is ${row.status} cannot become ${next.status}${actor === 'assignee' ? ' by its assignee' : ''}`,
        current: await current(),
      };
    if (next.assignee_id !== row.assignee_id && next.assignee_id !== null) await assertAssignable(tx, project, next.assignee_id);
    if (!same)
      await tx.query(`UPDATE scouting_tasks SET status = $2, assignee_id = $3, due_date = $4, version = version + 1, updated_at = now() WHERE task_id = $1`, [
        taskId,
        next.status,
        next.assignee_id,
        next.due_date,
      ]);
    const task = await current();
    await tx.query(`INSERT INTO task_changes (change_id, task_id, user_id, body_hash, status_from, status_to, answer) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      patch.change_id,
      taskId,
      user.user_id,
      hash,
      row.status,
      next.status,
      JSON.stringify({ task }),
    ]);
    return { status: 200 as const, task };
  });
}

/** The tasks of a survey (a field worker: only those assigned to them), newest first. */
export async function projectTasks(db: Queryable, user: AuthUser, projectId: number): Promise<TaskRow[]> {
  const mine = user.role === 'worker';
  const { rows } = await db.query<TaskRow>(
    `${TASK_SELECT} WHERE k.project_id = $1 ${mine ? 'AND k.assignee_id = $2' : ''} ORDER BY k.created_at DESC, k.task_id`,
    [projectId, ...(mine ? [user.user_id] : [])],
  );
  return rows;
}
