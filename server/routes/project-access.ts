import { z } from 'zod';
import type { Queryable } from '../db/adapter';
import type { AuthUser } from '../plugins/auth';
import { notFound } from '../http-error';

/** Route params of every project-scoped call; ids beyond int4 would make SQL fail, so they are 400s here. */
export const projectParams = z.strictObject({
  projectId: z.coerce.number().int().positive().max(2_147_483_647),
});

export interface ProjectRow {
  project_id: number;
  client_id: number;
  name: string;
  observation_date: string | null;
  products: string[];
}

/**
 * The project if the user may see it: their own client's, or any for admins.
 * Another client's project is a 404, exactly like a missing one (no probing).
 */
export async function findProject(db: Queryable, user: AuthUser, projectId: number): Promise<ProjectRow> {
  const { rows } = await db.query<ProjectRow>(
    `SELECT project_id, client_id, name, observation_date::text AS observation_date, products
       FROM projects WHERE project_id = $1 AND ($2 = 'admin' OR client_id = $3)`,
    [projectId, user.role, user.client_id],
  );
  if (!rows[0]) throw notFound('Project');
  return rows[0];
}
