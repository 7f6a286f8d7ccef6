import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/adapter';
import { notFound } from '../../http-error';
import { doc, ok } from './shared';
import { csvDocument } from '../../../src/domain/csv';
import { fileBody } from '../../../src/domain/contracts/common';
import { treeStatusReportResponse, type TreeStatusReport } from '../../../src/domain/contracts/reports';

type ReportProject = TreeStatusReport['projects'][number];

/** Tree-status summary per project of one client; the first observation of each tree counts (overlapping strips). */
async function treeStatusReport(db: Db, clientId: number) {
  const { rows: client } = await db.query<{ client_id: number; name: string }>(`SELECT client_id, name FROM clients WHERE client_id = $1`, [clientId]);
  if (!client[0]) throw notFound('client');
  const { rows: statuses } = await db.query<{ status_code: number; status_name: string }>(
    `SELECT status_code, status_name FROM tree_status_types ORDER BY status_code`,
  );
  const { rows: projects } = await db.query<{ project_id: number; name: string; observation_date: string | null }>(
    `SELECT project_id, name, observation_date::text AS observation_date FROM projects WHERE client_id = $1
      ORDER BY observation_date DESC NULLS LAST, project_id`,
    [clientId],
  );
  const { rows: counts } = await db.query<{ project_id: number; tree_status: number | null; n: number }>(
    `SELECT project_id, tree_status, count(*) AS n FROM first_observations($1::int[]) GROUP BY project_id, tree_status`,
    [projects.map((p) => p.project_id)],
  );
  const out: ReportProject[] = projects.map((p) => ({
    ...p,
    total_trees: 0,
    counts: Object.fromEntries(statuses.map((s) => [String(s.status_code), 0])),
    no_status: 0,
  }));
  const byId = new Map(out.map((p) => [p.project_id, p]));
  for (const c of counts) {
    const p = byId.get(c.project_id);
    if (!p) continue;
    p.total_trees += c.n;
    if (c.tree_status === null) p.no_status += c.n;
    else p.counts[String(c.tree_status)] = (p.counts[String(c.tree_status)] ?? 0) + c.n;
  }
  return { client: client[0], statuses, projects: out };
}

export const reportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/reports/tree-status',
    {
      schema: {
        ...doc('reports', 'Tree-status summary per project of a client (JSON, or CSV with format=csv)'),
        querystring: z.strictObject({
          clientId: z.coerce.number({ error: 'clientId is required' }).int().positive(),
          format: z.enum(['json', 'csv']).default('json'),
        }),
        response: {
          200: {
            description: 'The report as JSON, or as a CSV file with format=csv',
            content: { 'application/json': { schema: treeStatusReportResponse }, 'text/csv': { schema: fileBody } },
          },
        },
      },
    },
    async (request, reply) => {
      const report = await treeStatusReport(db, request.query.clientId);
      if (request.query.format === 'json') return { ...ok('Report generated'), report };
      const header = ['Project', 'Observation date', 'Trees observed', ...report.statuses.map((s) => s.status_name), 'No status'];
      const lines = [
        header,
        ...report.projects.map((p) => [
          p.name,
          p.observation_date ?? '',
          p.total_trees,
          ...report.statuses.map((s) => p.counts[String(s.status_code)] ?? 0),
          p.no_status,
        ]),
      ];
      const slug =
        report.client.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || `client-${report.client.client_id}`;
      const date = new Date().toISOString().slice(0, 10);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="tree-status-${slug}-${date}.csv"`);
      return csvDocument(header, lines.slice(1));
    },
  );
};
