import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { farmOverviewResponse } from '../../src/domain/contracts/farm';
import type { Db } from '../db/adapter';
import { currentUser } from '../plugins/auth';
import { HttpError, notFound } from '../http-error';
import { farmRows } from '../repos/farm-overview';

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
    const { plots, surveys, counts } = await farmRows(db, clientId, user);

    const latest = new Map<number, { project_id: number; status_counts: Record<string, number>; total: number }>();
    for (const c of counts) {
      const entry = latest.get(c.plot_id) ?? { project_id: c.project_id, status_counts: {}, total: 0 };
      entry.status_counts[String(c.status)] = c.n;
      entry.total += c.n;
      latest.set(c.plot_id, entry);
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
