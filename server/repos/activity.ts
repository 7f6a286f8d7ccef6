import type { z } from 'zod';
import type { Queryable } from '../db/adapter';
import type { activityEntry } from '../../src/domain/contracts/activity';

/** The newest audit-log entries first (the dashboard's Recent Activity). */
export async function recentActivity(q: Queryable, limit: number): Promise<z.infer<typeof activityEntry>[]> {
  const { rows } = await q.query<z.infer<typeof activityEntry>>(
    `SELECT audit_id, user_id, user_email, action, entity, entity_id, summary, subject, created_at
           FROM audit_log ORDER BY created_at DESC, audit_id DESC LIMIT $1`,
    [limit],
  );
  return rows;
}
