// Project membership (issue 33; README Decisions: membership): who may open
// which survey. Members are growers and field workers of the project's client.
// Every change is written in the same transaction to membership_changes (one
// row per user added or removed) and to the audit log (Recent Activity).
import type { Queryable } from '../db/adapter';
import type { AuthUser } from '../plugins/auth';
import { HttpError } from '../http-error';
import { audit } from '../db/audit';
import type { ErrorCode } from '../../src/domain/error-codes';

export type MembershipVia = 'project_created' | 'project_edited' | 'project_deleted' | 'user_edited' | 'all_surveys' | 'client_changed' | 'user_deleted';

interface Link {
  project_id: number;
  user_id: number;
}
interface Named extends Link {
  project_name: string;
  user_email: string;
}

const fail = (field: string, message: string, code: ErrorCode) => new HttpError(422, message, [{ field, message }], undefined, code);

/** Every id is a grower or field worker of `clientId` (422 naming the others). */
export async function checkMembers(tx: Queryable, userIds: number[], clientId: number): Promise<void> {
  if (!userIds.length) return;
  const { rows } = await tx.query<{ user_id: number; email: string; role: string; client_id: number | null }>(
    `SELECT user_id, email, role, client_id FROM users WHERE user_id = ANY($1::int[])`,
    [userIds],
  );
  const missing = userIds.filter((id) => !rows.some((r) => r.user_id === id));
  if (missing.length) throw fail('user_ids', `Unknown user id(s): ${missing.join(', ')}`, 'unknown_users');
  const foreign = rows.filter((r) => r.role === 'admin' || r.client_id !== clientId);
  if (foreign.length)
    throw fail(
      'user_ids',
      `Only growers and field workers of the project's client can be members: ${foreign.map((r) => r.email).join(', ')}`,
      'member_of_other_client',
    );
}

/** Every id is a project of `clientId` (422 naming the others). */
export async function checkClientProjects(tx: Queryable, projectIds: number[], clientId: number): Promise<void> {
  if (!projectIds.length) return;
  const { rows } = await tx.query<{ project_id: number; client_id: number; name: string }>(
    `SELECT project_id, client_id, name FROM projects WHERE project_id = ANY($1::int[])`,
    [projectIds],
  );
  const missing = projectIds.filter((id) => !rows.some((r) => r.project_id === id));
  if (missing.length) throw fail('project_ids', `Unknown project id(s): ${missing.join(', ')}`, 'unknown_projects');
  const foreign = rows.filter((r) => r.client_id !== clientId);
  if (foreign.length) throw fail('project_ids', `These projects belong to another client: ${foreign.map((r) => r.name).join(', ')}`, 'project_of_other_client');
}

/**
 * Makes `want` the membership within `scope` (the rows a project or a user may have: `scope` is a SQL predicate
 * over project_users `pu`, $1 its parameter). Answers what was added and removed, recorded and audited.
 */
async function replace(
  tx: Queryable,
  actor: AuthUser,
  scope: string,
  param: number,
  want: Link[],
  via: MembershipVia,
): Promise<{ added: Named[]; removed: Named[] }> {
  const { rows: have } = await tx.query<Link>(`SELECT pu.project_id, pu.user_id FROM project_users pu WHERE ${scope} FOR UPDATE`, [param]);
  const key = (l: Link) => `${l.project_id}:${l.user_id}`;
  const haveKeys = new Set(have.map(key));
  const wantKeys = new Set(want.map(key));
  const add = want.filter((l) => !haveKeys.has(key(l)));
  const remove = have.filter((l) => !wantKeys.has(key(l)));
  if (remove.length)
    await tx.query(`DELETE FROM project_users WHERE (project_id, user_id) IN (SELECT * FROM unnest($1::int[], $2::int[]))`, [
      remove.map((l) => l.project_id),
      remove.map((l) => l.user_id),
    ]);
  if (add.length)
    await tx.query(`INSERT INTO project_users (project_id, user_id) SELECT * FROM unnest($1::int[], $2::int[])`, [
      add.map((l) => l.project_id),
      add.map((l) => l.user_id),
    ]);
  return recordChanges(tx, actor, add, remove, via);
}

// A deleted user or project has its own Recent Activity entry, which says what went with it.
const SILENT: MembershipVia[] = ['project_deleted', 'user_deleted'];

/** Writes membership_changes rows and one Recent Activity entry per project touched. */
export async function recordChanges(
  tx: Queryable,
  actor: AuthUser,
  add: Link[],
  remove: Link[],
  via: MembershipVia,
): Promise<{ added: Named[]; removed: Named[] }> {
  const all = [...add.map((l) => ({ ...l, change: 'added' as const })), ...remove.map((l) => ({ ...l, change: 'removed' as const }))];
  if (!all.length) return { added: [], removed: [] };
  const { rows } = await tx.query<Named & { change: 'added' | 'removed' }>(
    `INSERT INTO membership_changes (project_id, project_name, user_id, user_email, change, via, actor_id, actor_email)
     SELECT c.project_id, p.name, c.user_id, u.email, c.change, $4, $5, $6
       FROM unnest($1::int[], $2::int[], $3::text[]) AS c(project_id, user_id, change)
       JOIN projects p ON p.project_id = c.project_id JOIN users u ON u.user_id = c.user_id
     RETURNING project_id, project_name, user_id, user_email, change`,
    [all.map((c) => c.project_id), all.map((c) => c.user_id), all.map((c) => c.change), via, actor.user_id, actor.email],
  );
  const byProject = new Map<number, { name: string; added: string[]; removed: string[] }>();
  for (const r of rows) {
    const p = byProject.get(r.project_id) ?? { name: r.project_name, added: [], removed: [] };
    p[r.change].push(r.user_email);
    byProject.set(r.project_id, p);
  }
  for (const [projectId, p] of SILENT.includes(via) ? [] : byProject) {
    const parts = [p.added.length ? `added ${p.added.join(', ')}` : '', p.removed.length ? `removed ${p.removed.join(', ')}` : ''].filter(Boolean);
    await audit(tx, actor, 'update', 'project_members', projectId, `Members of "${p.name}": ${parts.join('; ')}`, p.name);
  }
  return { added: rows.filter((r) => r.change === 'added'), removed: rows.filter((r) => r.change === 'removed') };
}

/** The project's members become exactly `userIds` (checked by the caller). */
export function setProjectMembers(tx: Queryable, actor: AuthUser, projectId: number, userIds: number[], via: MembershipVia = 'project_edited') {
  return replace(
    tx,
    actor,
    'pu.project_id = $1',
    projectId,
    userIds.map((user_id) => ({ project_id: projectId, user_id })),
    via,
  );
}

/** The user is a member of exactly `projectIds` (checked by the caller), and of no other project. */
export function setUserProjects(tx: Queryable, actor: AuthUser, userId: number, projectIds: number[], via: MembershipVia) {
  return replace(
    tx,
    actor,
    'pu.user_id = $1',
    userId,
    projectIds.map((project_id) => ({ project_id, user_id: userId })),
    via,
  );
}

/** The user's memberships of projects outside `clientId` (a user moved to another client) are removed. */
export async function dropOtherClients(tx: Queryable, actor: AuthUser, userId: number, clientId: number | null): Promise<void> {
  const { rows } = await tx.query<{ project_id: number }>(
    `SELECT pu.project_id FROM project_users pu JOIN projects p ON p.project_id = pu.project_id
      WHERE pu.user_id = $1 AND p.client_id IS DISTINCT FROM $2::int`,
    [userId, clientId],
  );
  if (!rows.length) return;
  const keep = await tx.query<{ project_id: number }>(
    `SELECT pu.project_id FROM project_users pu JOIN projects p ON p.project_id = pu.project_id WHERE pu.user_id = $1 AND p.client_id = $2::int`,
    [userId, clientId],
  );
  await setUserProjects(
    tx,
    actor,
    userId,
    keep.rows.map((r) => r.project_id),
    'client_changed',
  );
}

/** Before a user or a project is deleted (its rows cascade): the memberships that go with it, recorded. */
export async function recordRemovalOf(tx: Queryable, actor: AuthUser, column: 'user_id' | 'project_id', id: number, via: MembershipVia): Promise<void> {
  const { rows } = await tx.query<Link>(`SELECT project_id, user_id FROM project_users WHERE ${column} = $1`, [id]);
  await recordChanges(tx, actor, [], rows, via);
}
