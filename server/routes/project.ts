import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectDetail, relatedSurveysResponse } from '../../src/domain/contracts/survey';
import { projectPlotIds, relatedSurveys } from '../repos/project-detail';
import type { Db } from '../db/adapter';
import { currentUser } from '../plugins/auth';
import { findProject, projectParams } from '../repos/project-access';
import { surveyObservationCount } from '../surveys/observation-counts';

/**
 * GET /api/projects/{id}: the project with its name (path bar, client.md §7).
 * GET /api/projects/{id}/surveys: the other surveys of the same plots (the map's
 * "surveys" and "previous data" buttons) that the caller may open, newest first.
 * (/api/projects/user is a static route in projects.ts and wins over :projectId.)
 */
export const projectDetailRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/projects/:projectId', { schema: { params: projectParams, tags: ['map'], response: { 200: projectDetail } } }, async (request) => {
    const p = await findProject(db, currentUser(request), request.params.projectId);
    return {
      project_id: p.project_id,
      name: p.name,
      title: p.name,
      observation_date: p.observation_date,
      products: p.products,
      plot_ids: await projectPlotIds(db, p.project_id),
    };
  });

  app.get(
    '/api/projects/:projectId/surveys',
    { schema: { params: projectParams, tags: ['map'], response: { 200: relatedSurveysResponse } } },
    async (request) => {
      const user = currentUser(request);
      const p = await findProject(db, user, request.params.projectId);
      const out = [];
      for (const { has_results, ...s } of await relatedSurveys(db, p, user))
        out.push({ ...s, observation_count: await surveyObservationCount(db, s.project_id, has_results) });
      return out;
    },
  );
};
