// GET /api/health (public): liveness and a database ping, for a load balancer
// and the admin dashboard. 200 while the database answers, 503 (same shape) when not.
import { z } from 'zod';
import type { Wire } from './common';

export const healthResponse = z.object({
  /** true exactly when the database answered (the status is then 200, else 503). */
  success: z.boolean(),
  backend: z.literal('online'),
  database: z.enum(['connected', 'unavailable']),
  dataSource: z.enum(['embedded', 'postgresql']),
  /** The server runs as a production deployment (NODE_ENV=production): admin.md's "Data Source: Production Database". */
  production: z.boolean(),
  /** How long the ping took, ms (one decimal). */
  pingMs: z.number(),
});

export type Health = Wire<z.infer<typeof healthResponse>>;
