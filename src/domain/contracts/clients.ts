// /api/admin/clients (admin.md §7): a client with what belongs to it.
import { z } from 'zod';
import { okMessage, text, timestamp, version, type Wire } from './common';
import { CLIENT_NAME } from '../field-rules';

export const adminClient = z.object({
  client_id: z.number().int(),
  name: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
  version: z.number().int(),
  user_count: z.number().int(),
  plot_count: z.number().int(),
  project_count: z.number().int(),
});

export const clientsResponse = okMessage.extend({ clients: z.array(adminClient) });
export const clientResponse = okMessage.extend({ client: adminClient });

export type AdminClient = Wire<z.infer<typeof adminClient>>;

/** POST /api/admin/clients, and the client form. */
export const clientBody = z.strictObject({ name: text('Name', CLIENT_NAME) });
/** PUT /api/admin/clients/{id}. */
export const clientUpdate = clientBody.extend({ version });
