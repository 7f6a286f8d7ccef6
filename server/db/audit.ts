import type { Queryable } from './adapter';
import type { AuthUser } from '../plugins/auth';

/** One entry of the activity log (admin.md), written in the caller's transaction. */
export async function audit(
  tx: Queryable,
  user: AuthUser,
  action: 'create' | 'update' | 'delete',
  entity: string,
  entityId: number | string,
  summary: string,
  /** The name of what changed (client name, e-mail, tree "row/tree"): the client words the entry in its language around it. */
  subject: string | null,
): Promise<void> {
  await tx.query(`INSERT INTO audit_log (user_id, user_email, action, entity, entity_id, summary, subject) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    user.user_id,
    user.email,
    action,
    entity,
    String(entityId),
    summary.slice(0, 500),
    subject === null ? null : String(subject).slice(0, 200),
  ]);
}
