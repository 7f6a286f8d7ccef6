// GET /api/admin/activity: the dashboard's Recent Activity (audit-log entries, newest first).
import { z } from 'zod';
import { okMessage, timestamp, type Wire } from './common';

export const activityEntry = z.object({
  audit_id: z.number().int(),
  /** Null once the user is deleted; the e-mail stays. */
  user_id: z.number().int().nullable(),
  user_email: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** English, for API users and older entries. */
  summary: z.string(),
  /** The name of what changed (null on entries written before migration 053): the app words the entry around it. */
  subject: z.string().nullable(),
  created_at: timestamp,
});
export const activityResponse = okMessage.extend({ activity: z.array(activityEntry) });

export type ActivityEntry = Wire<z.infer<typeof activityEntry>>;
