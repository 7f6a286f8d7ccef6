import { z } from 'zod';
import type { Db, Queryable } from '../db/adapter';
import type { AuthUser } from '../plugins/auth';
import { notFound } from '../http-error';
import { dbId } from '../../src/domain/contracts/common';
import { cachedQuery } from '../db/read-cache';

/** Route params of every project-scoped call; ids beyond int4 would make SQL fail, so they are 400s here. */
export const projectParams = z.strictObject({
  projectId: dbId('projectId'),
});

export interface ProjectRow {
  project_id: number;
  client_id: number;
  name: string;
  observation_date: string | null;
  products: string[];
}

/**
 * THE access rule for surveys (client.md §6, admin.md §3 user_ids): an admin
 * sees every project; a grower sees a project of their own client only when
 * the admin assigned them to it (project_users). SQL predicate over the
 * projects alias `p`; $u is the parameter number of the user id, $r of the
 * role, $c of the client id.
 */
export function visibleProjectSql(p: string, u: number, r: number, c: number): string {
  return `($${r}::text = 'admin' OR (${p}.client_id = $${c}::int AND EXISTS (
            SELECT 1 FROM project_users pu WHERE pu.project_id = ${p}.project_id AND pu.user_id = $${u}::int)))`;
}

/**
 * THE "survey has results" rule: at least one observation. A SQL expression over the projects alias `p`, written
 * to walk the (project_id, observation_id) index: `EXISTS (SELECT 1 … WHERE o.project_id = p.project_id)` lets
 * the planner pick a sequential scan (it expects ~1/6 of the rows per survey, so the first hit looks near), which
 * reads every observation for each survey WITHOUT results: ~550 ms each at 2M observations, 11 s for the home list
 * of the 1M-tree demo. This form reads one index entry per survey (12 ms for the same list).
 */
export function hasResultsSql(p: string): string {
  return `((SELECT o.observation_id FROM tree_observations o WHERE o.project_id = ${p}.project_id ORDER BY o.observation_id LIMIT 1) IS NOT NULL)`;
}

/** The three parameters of visibleProjectSql, in the order (user, role, client). */
export const accessParams = (user: Pick<AuthUser, 'user_id' | 'role' | 'client_id'>) => [user.user_id, user.role, user.client_id] as const;

/**
 * The project if the user may see it. Another client's project, and a project
 * of the grower's own client they are not assigned to, are a 404, exactly like
 * a missing one (no probing).
 */
export async function findProject(db: Db, user: AuthUser, projectId: number): Promise<ProjectRow> {
  const { rows } = await cachedQuery<ProjectRow>(
    db,
    `SELECT p.project_id, p.client_id, p.name, p.observation_date::text AS observation_date, p.products
       FROM projects p WHERE p.project_id = $1 AND ${visibleProjectSql('p', 2, 3, 4)}`,
    [projectId, ...accessParams(user)],
  );
  if (!rows[0]) throw notFound('project');
  return rows[0];
}

/** The client's name (files name their customer), or null when it is gone. */
export async function clientName(db: Queryable, clientId: number): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM clients WHERE client_id = $1', [clientId]);
  return rows[0]?.name ?? null;
}

/** The project's name (any project: the caller checked access), or null when it is gone. */
export async function projectName(db: Queryable, projectId: number): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>(`SELECT name FROM projects WHERE project_id = $1`, [projectId]);
  return rows[0]?.name ?? null;
}

/** Is this plot or irrigation area one of the client's? */
export async function ownsArea(db: Queryable, table: 'plots' | 'irrigation_areas', id: number, clientId: number): Promise<boolean> {
  const key = table === 'plots' ? 'plot_id' : 'irrigation_area_id';
  const { rows } = await db.query(`SELECT 1 FROM ${table} WHERE ${key} = $1 AND client_id = $2`, [id, clientId]);
  return rows.length > 0;
}
