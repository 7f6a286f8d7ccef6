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
});

export const usersResponse = okMessage.extend({ users: z.array(adminUser) });
export const userResponse = okMessage.extend({ user: adminUser });

export type AdminUser = Wire<z.infer<typeof adminUser>>;
