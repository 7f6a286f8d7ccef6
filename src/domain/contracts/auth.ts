// /api/auth (client.md §3): what sign-in and "who am I" answer. The user has
// no password, token version or disabled flag: the login reads those from the
// same row, and the answer goes through these schemas, which do not name them.
import { z } from 'zod';
import { okMessage, type Wire } from './common';

export const ROLES = ['user', 'admin'] as const;

export const sessionUser = z.object({
  user_id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES),
  client_id: z.number().int().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  client_name: z.string().nullable(),
});

export const loginResponse = okMessage.extend({ token: z.string(), expiresAt: z.string(), user: sessionUser });
export const meResponse = z.object({ success: z.literal(true), user: sessionUser });

export type SessionUser = Wire<z.infer<typeof sessionUser>>;
