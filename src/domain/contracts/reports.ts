// GET /api/admin/reports/tree-status?clientId= (admin.md §6): per project of one
// client, how many trees had each status at their first observation.
import { z } from 'zod';
import { okMessage, type Wire } from './common';

export const treeStatusReport = z.object({
  client: z.object({ client_id: z.number().int(), name: z.string() }),
  statuses: z.array(z.object({ status_code: z.number().int(), status_name: z.string() })),
  projects: z.array(
    z.object({
      project_id: z.number().int(),
      name: z.string(),
      observation_date: z.string().nullable(),
      total_trees: z.number().int(),
      /** Trees per status code (every listed status, 0 when none). */
      counts: z.record(z.string(), z.number().int()),
      no_status: z.number().int(),
    }),
  ),
});
export const treeStatusReportResponse = okMessage.extend({ report: treeStatusReport });

export type TreeStatusReport = Wire<z.infer<typeof treeStatusReport>>;
