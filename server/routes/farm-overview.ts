import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { farmOverviewResponse } from '../../src/domain/contracts/farm';
import type { Db } from '../db/adapter';
import { currentUser } from '../plugins/auth';
import { HttpError, notFound } from '../http-error';
import { farmRows } from '../repos/farm-overview';
import { plotStatusCounts, type StatusCounts } from '../surveys/status-counts';

// GET /api/farm/overview — the grower's farm on one map (issue 9): every plot
// of the client as GeoJSON in EPSG:4326 (lon/lat, what MapLibre and deck.gl
// draw natively; the project map's EPSG:3857 contract is a separate call),
// with the surveys covering each plot (newest first) and the tree-status
// counts of the latest survey that has results.
// A grower sees only the surveys they are assigned to, and only the plots those
// surveys cover (an admin may give a contractor one block of a farm); a grower
// with no assignment sees an empty farm. Admins see every plot of the client.

const Query = z.strictObject({ clientId: z.coerce.number().int().positive().optional() });

export const farmOverviewRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/farm/overview', { schema: { querystring: Query, response: { 200: farmOverviewResponse } } }, async (request) => {
    const user = currentUser(request);
    const clientId = user.role === 'admin' ? request.query.clientId : user.client_id;
    if (!clientId) throw new HttpError(400, 'clientId is required for administrators', undefined, undefined, 'client_id_required');
    if (user.role !== 'admin' && request.query.clientId && request.query.clientId !== user.client_id) throw notFound('client');
    const { plots, surveys, latest: latestRows } = await farmRows(db, clientId, user);

    // Each plot's counts in its latest survey, from that survey's snapshot (one read per survey, in turn).
    const perSurvey = new Map<number, Map<number, StatusCounts>>();
    // A survey whose counts cannot be read now (its snapshot fails to build, or it was deleted meanwhile): its plots
    // show no latest counts, and the farm still answers.
    for (const id of new Set(latestRows.map((r) => r.project_id))) perSurvey.set(id, (await plotStatusCounts(db, id, request.log)) ?? new Map());
    const latest = new Map<number, { project_id: number; status_counts: StatusCounts; total: number }>();
    for (const r of latestRows) {
      const counts = perSurvey.get(r.project_id)!.get(r.plot_id);
      if (counts) latest.set(r.plot_id, { project_id: r.project_id, status_counts: counts, total: Object.values(counts).reduce((a, b) => a + b, 0) });
    }
    const byPlot = new Map<number, number[]>();
    for (const s of surveys) for (const id of s.plot_ids) byPlot.set(id, [...(byPlot.get(id) ?? []), s.project_id]);

    return {
      success: true as const,
      crs: 'EPSG:4326' as const,
      plots: {
        type: 'FeatureCollection' as const,
        features: plots.map((p) => ({
          type: 'Feature' as const,
          id: p.plot_id,
          geometry: typeof p.geom === 'string' ? JSON.parse(p.geom) : p.geom,
          properties: {
            plot_id: p.plot_id,
            plot_name: p.plot_name,
            plot_area: p.plot_area,
            crop_name: p.crop_name,
            survey_ids: byPlot.get(p.plot_id) ?? [],
            latest_survey: latest.get(p.plot_id) ?? null,
          },
        })),
      },
      surveys: surveys,
    };
  });
};
