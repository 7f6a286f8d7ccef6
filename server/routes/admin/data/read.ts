import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/adapter';
import { HttpError } from '../../../http-error';
import { doc } from '../shared';
import { AREA_SQL, PLOT_SQL, areaFeature, plotFeature, treeFeature } from './features';

const ClientParams = z.strictObject({ clientId: z.coerce.number().int().positive().max(2_147_483_647) });

interface TreeRow {
  tree_id: number; row_num: number | null; tree_num: number | null; breed_id: number | null; planting_date: string | null;
  irrigation_area_id: number | null; plot_id: number | null; client_id: number; lon: number; lat: number; version: number;
}

/** GET /api/admin/data/clients/:clientId — the editor's three feature collections (admin.md §3, §7). */
export const dataReadRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/data/clients/:clientId', { schema: { ...doc('data editor', 'Plots, irrigation areas and trees of a client as GeoJSON (EPSG:4326)'), params: ClientParams } }, async (request) => {
    const { clientId } = request.params;
    const client = await db.query<{ name: string }>(`SELECT name FROM clients WHERE client_id = $1`, [clientId]);
    if (!client.rows[0]) throw new HttpError(404, 'Client not found');
    const [plots, areas, breeds, trees, projects] = await Promise.all([
      db.query(`${PLOT_SQL} WHERE p.client_id = $1 ORDER BY p.plot_id`, [clientId]),
      db.query(`${AREA_SQL} WHERE ia.client_id = $1 ORDER BY ia.irrigation_area_id`, [clientId]),
      db.query<{ breed_id: number; breed_name: string }>(`SELECT breed_id, breed_name FROM breeds`),
      // Names are joined here rather than in SQL: 100k+ rows read faster without three joins.
      db.query<TreeRow>(
        `SELECT tree_id, row_num, tree_num, breed_id, planting_date::text AS planting_date, irrigation_area_id, plot_id, client_id, lon, lat, version
           FROM trees WHERE client_id = $1 ORDER BY tree_id`,
        [clientId],
      ),
      // The client's projects: the survey-results import targets one of them.
      db.query(`SELECT project_id, name, observation_date::text AS observation_date FROM projects WHERE client_id = $1 ORDER BY observation_date DESC NULLS LAST, project_id DESC`, [clientId]),
    ]);
    const plotName = new Map(plots.rows.map((r) => [r.plot_id as number, r.plot_name as string]));
    const areaName = new Map(areas.rows.map((r) => [r.irrigation_area_id as number, r.irrigation_area_name as string]));
    const breedName = new Map(breeds.rows.map((r) => [r.breed_id, r.breed_name]));
    const fc = <T>(features: T[]) => ({ type: 'FeatureCollection' as const, features });
    return {
      success: true,
      message: 'Client data loaded',
      client_id: clientId,
      client_name: client.rows[0].name,
      crs: 'EPSG:4326',
      projects: projects.rows,
      plots: fc(plots.rows.map(plotFeature)),
      irrigationAreas: fc(areas.rows.map(areaFeature)),
      trees: fc(
        trees.rows.map((t) =>
          treeFeature({
            ...t,
            breed_name: t.breed_id === null ? null : (breedName.get(t.breed_id) ?? null),
            irrigation_area_name: t.irrigation_area_id === null ? null : (areaName.get(t.irrigation_area_id) ?? null),
            plot_name: t.plot_id === null ? null : (plotName.get(t.plot_id) ?? null),
          }),
        ),
      ),
    };
  });

  // The forms' option lists come from the configuration lists (admin.md §3:
  // the fixed ids 1–3 are what the seed puts there); one call for both.
  app.get('/data/options', { schema: doc('data editor', 'Crop and breed options for the editor forms') }, async () => {
    const [crops, breeds] = await Promise.all([
      db.query(`SELECT crop_id, crop_name FROM crop_options ORDER BY crop_id`),
      db.query(`SELECT breed_id, breed_name, crop_id FROM breeds ORDER BY breed_id`),
    ]);
    return { success: true, message: 'Options loaded', crops: crops.rows, breeds: breeds.rows };
  });
};
