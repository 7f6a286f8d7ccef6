import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { projectDetail, relatedSurveysResponse } from '../../src/domain/contracts/survey';
import type { Db } from '../db/adapter';
import { currentUser } from '../plugins/auth';
import { accessParams, findProject, projectParams, visibleProjectSql } from '../repos/project-access';

type RelatedSurveyRow = z.input<typeof relatedSurveysResponse>[number];

/**
 * GET /api/projects/{id}: the project with its name (path bar, client.md §7).
 * GET /api/projects/{id}/surveys: the other surveys of the same plots (the map's
 * "surveys" and "previous data" buttons) that the caller may open, newest first.
 * (/api/projects/user is a static route in projects.ts and wins over :projectId.)
 */
export const projectDetailRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/projects/:projectId', { schema: { params: projectParams, tags: ['map'], response: { 200: projectDetail } } }, async (request) => {
    const p = await findProject(db, currentUser(request), request.params.projectId);
    const { rows } = await db.query<{ plot_id: number }>('SELECT plot_id FROM project_plots WHERE project_id = $1 ORDER BY plot_id', [p.project_id]);
    return {
      project_id: p.project_id,
      name: p.name,
      title: p.name,
      observation_date: p.observation_date,
      products: p.products,
      plot_ids: rows.map((r) => r.plot_id),
    };
  });

  app.get(
    '/api/projects/:projectId/surveys',
    { schema: { params: projectParams, tags: ['map'], response: { 200: relatedSurveysResponse } } },
    async (request) => {
      const user = currentUser(request);
      const p = await findProject(db, user, request.params.projectId);
      const { rows } = await db.query<RelatedSurveyRow>(
        `SELECT q.project_id, q.name, q.observation_date::text AS observation_date,
              (SELECT count(*)::int FROM tree_observations o WHERE o.project_id = q.project_id) AS observation_count,
              ARRAY(SELECT pl.plot_name FROM project_plots x JOIN plots pl ON pl.plot_id = x.plot_id
                     WHERE x.project_id = q.project_id AND x.plot_id IN (SELECT plot_id FROM project_plots WHERE project_id = $1)
                     ORDER BY pl.plot_name) AS shared_plots
         FROM projects q
        WHERE q.client_id = $2 AND q.project_id <> $1 AND ${visibleProjectSql('q', 3, 4, 5)}
          AND EXISTS (SELECT 1 FROM project_plots a JOIN project_plots b ON a.plot_id = b.plot_id
                       WHERE a.project_id = q.project_id AND b.project_id = $1)
        ORDER BY q.observation_date DESC NULLS LAST, q.project_id`,
        [p.project_id, p.client_id, ...accessParams(user)],
      );
      return rows;
    },
  );
};
