import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/adapter';
import { doc, ok } from './shared';
import { csvDocument } from '../../../src/domain/csv';
import { fileBody } from '../../../src/domain/contracts/common';
import { treeStatusReportResponse } from '../../../src/domain/contracts/reports';
import { treeStatusReport } from '../../surveys/status-report';

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
      const report = await treeStatusReport(db, request.query.clientId, request.log);
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
