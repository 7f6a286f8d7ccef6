import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { farmOverviewResponse } from '../../src/domain/contracts/farm';
import type { Db } from '../db/adapter';
import { currentUser } from '../plugins/auth';
import { HttpError, notFound } from '../http-error';
import { accessParams, visibleProjectSql } from '../repos/project-access';

// GET /api/farm/overview — the grower's farm on one map (issue 9): every plot
// of the client as GeoJSON in EPSG:4326 (lon/lat, what MapLibre and deck.gl
// draw natively; the project map's EPSG:3857 contract is a separate call),
// with the surveys covering each plot (newest first) and the tree-status
// counts of the latest survey that has results.
// A grower sees only the surveys they are assigned to, and only the plots those
// surveys cover (an admin may give a contractor one block of a farm); a grower
// with no assignment sees an empty farm. Admins see every plot of the client.

// $1 client id, then the access parameters (user, role, client).
const VISIBLE = visibleProjectSql('p', 2, 3, 4);

const Query = z.strictObject({ clientId: z.coerce.number().int().positive().optional() });

interface PlotRow {
  plot_id: number;
  plot_name: string;
  plot_area: number | null;
  crop_name: string | null;
  geom: unknown;
}
interface SurveyRow {
  project_id: number;
  name: string;
  observation_date: string | null;
  plot_ids: number[];
  has_results: boolean;
}
interface CountRow {
  plot_id: number;
  project_id: number;
  status: number;
  n: number;
}

export const farmOverviewRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/farm/overview', { schema: { querystring: Query, response: { 200: farmOverviewResponse } } }, async (request) => {
    const user = currentUser(request);
    const clientId = user.role === 'admin' ? request.query.clientId : user.client_id;
    if (!clientId) throw new HttpError(400, 'clientId is required for administrators', undefined, undefined, 'client_id_required');
    if (user.role !== 'admin' && request.query.clientId && request.query.clientId !== user.client_id) throw notFound('client');
    const access = accessParams(user);

    const [plots, surveys, counts] = await Promise.all([
      db.query<PlotRow>(
        `SELECT pl.plot_id, pl.plot_name, pl.plot_area, co.crop_name, pl.geom
           FROM plots pl LEFT JOIN crop_options co ON co.crop_id = pl.crop_id
          WHERE pl.client_id = $1
            AND ($3::text = 'admin' OR EXISTS (
                  SELECT 1 FROM project_plots pp JOIN projects p ON p.project_id = pp.project_id
                   WHERE pp.plot_id = pl.plot_id AND ${VISIBLE}))
          ORDER BY pl.plot_id`,
        [clientId, ...access],
      ),
      db.query<SurveyRow>(
        `SELECT p.project_id, p.name, p.observation_date::text AS observation_date,
                ARRAY(SELECT pp.plot_id FROM project_plots pp WHERE pp.project_id = p.project_id ORDER BY 1) AS plot_ids,
                EXISTS (SELECT 1 FROM tree_observations o WHERE o.project_id = p.project_id) AS has_results
           FROM projects p WHERE p.client_id = $1 AND ${VISIBLE}
          ORDER BY p.observation_date DESC NULLS LAST, p.project_id DESC`,
        [clientId, ...access],
      ),
      db.query<CountRow>(
        `WITH latest AS (
           SELECT DISTINCT ON (pp.plot_id) pp.plot_id, p.project_id
             FROM project_plots pp JOIN projects p ON p.project_id = pp.project_id
            WHERE p.client_id = $1 AND ${VISIBLE}
              AND EXISTS (SELECT 1 FROM tree_observations o WHERE o.project_id = p.project_id)
            ORDER BY pp.plot_id, p.observation_date DESC NULLS LAST, p.project_id DESC),
         first_obs AS (SELECT project_id, tree_id, tree_status FROM first_observations(ARRAY(SELECT project_id FROM latest)))
         SELECT l.plot_id, l.project_id, COALESCE(f.tree_status, 5)::int AS status, count(*)::int AS n
           FROM latest l
           JOIN trees t ON t.plot_id = l.plot_id
           JOIN first_obs f ON f.project_id = l.project_id AND f.tree_id = t.tree_id
          GROUP BY 1, 2, 3`,
        [clientId, ...access],
      ),
    ]);

    const latest = new Map<number, { project_id: number; status_counts: Record<string, number>; total: number }>();
    for (const c of counts.rows) {
      const entry = latest.get(c.plot_id) ?? { project_id: c.project_id, status_counts: {}, total: 0 };
      entry.status_counts[String(c.status)] = c.n;
      entry.total += c.n;
      latest.set(c.plot_id, entry);
    }
    const byPlot = new Map<number, number[]>();
    for (const s of surveys.rows) for (const id of s.plot_ids) byPlot.set(id, [...(byPlot.get(id) ?? []), s.project_id]);

    return {
      success: true as const,
      crs: 'EPSG:4326' as const,
      plots: {
        type: 'FeatureCollection' as const,
        features: plots.rows.map((p) => ({
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
      surveys: surveys.rows,
    };
  });
};
