import type { z } from 'zod';
import type { Queryable } from '../db/adapter';
import { findOne } from '../routes/admin/shared';
import type { adminUser } from '../../src/domain/contracts/users';

export type UserRow = z.infer<typeof adminUser>;

// password_hash is not selected, and the answers go through the user contract
// (src/domain/contracts/users.ts), which has no such field.
export const USER_SQL = `
  SELECT u.user_id, u.email, u.first_name, u.last_name, u.client_id, c.name AS client_name, u.role,
         u.disabled, u.created_at, u.updated_at, u.version, u.must_change_password, u.failed_sign_ins, u.last_failed_sign_in_at,
         (SELECT count(*) FROM sessions s WHERE s.user_id = u.user_id AND s.ended_at IS NULL AND s.expires_at > now())::int AS active_sessions
    FROM users u LEFT JOIN clients c ON c.client_id = u.client_id`;

/** One user as the admin screens show it; 404 when missing. */
export const loadUser = (q: Queryable, id: number) => findOne<UserRow>(q, `${USER_SQL} WHERE u.user_id = $1`, id, 'user');
