// /api/admin/users (admin.md §7): a user as the API sends it. There is no
// password field: the routes answer through these schemas, so a row that
// carried password_hash would lose it on the way out.
import { z } from 'zod';
import { okMessage, timestamp, type Wire } from './common';

export const adminUser = z.object({
  user_id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  client_id: z.number().int().nullable(),
  client_name: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  disabled: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  version: z.number().int(),
});

export const usersResponse = okMessage.extend({ users: z.array(adminUser) });
export const userResponse = okMessage.extend({ user: adminUser });

export type AdminUser = Wire<z.infer<typeof adminUser>>;
