// /api/admin/users (admin.md §7): a user as the API sends it. There is no
// password field: the routes answer through these schemas, so a row that
// carried password_hash would lose it on the way out.
import { z } from 'zod';
import { okMessage, text, timestamp, version, type Wire } from './common';
import { EMAIL_MAX, PASSWORD_LENGTH, PERSON_NAME, passwordTooLong, passwordTooShort } from '../user-rules';
import { ROLES } from '../roles';
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

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .email('Please enter a valid email address')
  .transform((s) => s.toLowerCase());
/** Every account's password rule (src/domain/user-rules.ts). */
export const password = z.string({ error: 'Password is required' }).min(PASSWORD_LENGTH.min, passwordTooShort).max(PASSWORD_LENGTH.max, passwordTooLong);
const userFields = {
  email,
  first_name: text('First name', PERSON_NAME),
  last_name: text('Last name', PERSON_NAME),
  client_id: z.number({ error: 'Client is required' }).int().positive().nullable(),
  role: z.enum(ROLES, { error: "Role must be 'user', 'worker' or 'admin'" }).default('user'),
};
/** POST /api/admin/users, and the user form (create). */
export const createUserBody = z.strictObject({ ...userFields, password });
/** PUT /api/admin/users/{id}, and the user form (edit): no password keeps the current one. */
export const updateUserBody = z.strictObject({ ...userFields, password: password.optional(), disabled: z.boolean().optional(), version });
