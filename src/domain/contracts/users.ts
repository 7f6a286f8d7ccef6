// /api/admin/users (admin.md §7): a user as the API sends it. There is no
// password field: the routes answer through these schemas, so a row that
// carried password_hash would lose it on the way out.
import { z } from 'zod';
import { okMessage, timestamp, type Wire } from './common';
import { sessionUser } from './auth';

/** The signed-in user's fields and what an administrator manages besides. */
export const adminUser = sessionUser.extend({
  disabled: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  version: z.number().int(),
  /** Failed sign-ins since the last successful one (any address); the admin can clear them. */
  failed_sign_ins: z.number().int(),
  last_failed_sign_in_at: timestamp.nullable(),
  /** Sign-ins not ended or expired (README: sessions). */
  active_sessions: z.number().int(),
});

export const usersResponse = okMessage.extend({ users: z.array(adminUser) });
export const userResponse = okMessage.extend({ user: adminUser });

/** A project of the user's client and whether the user is a member (the user form's access list). */
export const userProject = z.object({
  project_id: z.number().int(),
  name: z.string(),
  observation_date: z.string().nullable(),
  member: z.boolean(),
});
export const userProjectsResponse = okMessage.extend({ projects: z.array(userProject), added: z.number().int(), removed: z.number().int() });
/** An administrator's password reset: the one-time temporary password, shown once. */
export const passwordResetResponse = okMessage.extend({ temporary_password: z.string(), ended_sessions: z.number().int() });

export type AdminUser = Wire<z.infer<typeof adminUser>>;
export type UserProject = Wire<z.infer<typeof userProject>>;
