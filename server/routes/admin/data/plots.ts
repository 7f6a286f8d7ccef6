import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, Queryable } from '../../../db/adapter';
import { currentUser } from '../../../plugins/auth';
import { HttpError } from '../../../http-error';
import { areaHectares } from '../../../../src/domain/geometry-validation';
import { IdParams, audit, doc, inTx, lockRow, ok } from '../shared';
import { reassignIrrigationAreas, reassignTrees, type Bbox } from '../../../repos/editor-assignment';
import { assertExists, boxOf, geometryOr422, onePlot } from '../../../repos/editor-features';
import { DeleteQuery, PlotCreate, PlotUpdate } from './schemas';
import { plotDeleted, plotSaved } from '../../../../src/domain/contracts/data-editor';

// Plots. The bbox columns follow the geometry; a new or reshaped plot takes
// over the irrigation areas and trees inside it (same transaction); plot_area
// defaults to the geodesic area of the geometry and follows a reshape unless
// the same request sets it.

async function reassignAround(tx: Queryable, clientId: number, boxes: Bbox[], plotId: number) {
  const areas = await reassignIrrigationAreas(tx, clientId, boxes, [plotId]);
  const trees = await reassignTrees(tx, clientId, boxes, { plotIds: [plotId] });
  return { irrigation_areas: areas, trees };
}

export const plotRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/data/plots',
    { schema: { ...doc('data editor', 'Create a plot (WKT or GeoJSON polygon)'), body: PlotCreate, response: { 201: plotSaved } } },
    async (request, reply) => {
      const user = currentUser(request);
      const b = request.body;
      const geom = geometryOr422(b.geom, 'plot');
      const box = boxOf(geom);
      const out = await inTx(db, async (tx) => {
        await assertExists(tx, 'clients', 'client_id', b.client_id, 'client_id', 'client');
        await assertExists(tx, 'crop_options', 'crop_id', b.crop_id, 'crop_id', 'crop_option');
        const area = b.plot_area ?? areaHectares(geom);
        const { rows } = await tx.query<{ plot_id: number }>(
          `INSERT INTO plots (client_id, plot_name, plot_area, crop_id, geom, min_lon, min_lat, max_lon, max_lat)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING plot_id`,
          [b.client_id, b.plot_name, area > 0 ? area : null, b.crop_id ?? null, JSON.stringify(geom), ...box],
        );
        const id = rows[0].plot_id;
        const assigned = await reassignAround(tx, b.client_id, [box], id);
        await audit(
          tx,
          user,
          'create',
          'plot',
          id,
          `Created plot "${b.plot_name}" (${assigned.irrigation_areas} irrigation areas, ${assigned.trees} trees assigned)`,
          b.plot_name,
        );
        return { plot: await onePlot(tx, id), assigned };
      });
      reply.status(201);
      return { ...ok('Plot created successfully'), ...out };
    },
  );

  app.patch(
    '/data/plots/:id',
    { schema: { ...doc('data editor', 'Update a plot: form fields, or only geom'), params: IdParams, body: PlotUpdate, response: { 200: plotSaved } } },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const b = request.body;
      const geom = b.geom === undefined ? undefined : geometryOr422(b.geom, 'plot');
      if (Object.keys(b).every((k) => k === 'version'))
        throw new HttpError(400, 'Nothing to update: send form fields or geom', undefined, undefined, 'nothing_to_update');
      const out = await inTx(db, async (tx) => {
        const before = await lockRow<{ client_id: number; plot_name: string; geom: unknown }>(tx, 'plots', 'plot_id', id, 'plot', b.version);
        await assertExists(tx, 'crop_options', 'crop_id', b.crop_id, 'crop_id', 'crop_option');
        const sets: string[] = [];
        const params: unknown[] = [id];
        const set = (col: string, v: unknown) => sets.push(`${col} = $${params.push(v)}`);
        if (b.plot_name !== undefined) set('plot_name', b.plot_name);
        if (b.crop_id !== undefined) set('crop_id', b.crop_id);
        if (b.plot_area !== undefined) set('plot_area', b.plot_area);
        if (geom) {
          const box = boxOf(geom);
          set('geom', JSON.stringify(geom));
          ['min_lon', 'min_lat', 'max_lon', 'max_lat'].forEach((c, i) => set(c, box[i]));
          if (b.plot_area === undefined) set('plot_area', areaHectares(geom) || null);
        }
        await tx.query(`UPDATE plots SET ${[...sets, 'version = version + 1', 'updated_at = now()'].join(', ')} WHERE plot_id = $1`, params);
        const assigned = geom ? await reassignAround(tx, before.client_id, [boxOf(before.geom), boxOf(geom)], id) : { irrigation_areas: 0, trees: 0 };
        const fields = b.plot_name !== undefined || b.crop_id !== undefined || b.plot_area !== undefined;
        const what = geom ? (fields ? 'fields and geometry' : 'geometry') : 'fields';
        await audit(
          tx,
          user,
          'update',
          'plot',
          id,
          `Updated plot "${b.plot_name ?? before.plot_name}" ${what}${geom ? ` (${assigned.irrigation_areas} irrigation areas, ${assigned.trees} trees re-assigned)` : ''}`,
          b.plot_name ?? before.plot_name,
        );
        return { plot: await onePlot(tx, id), assigned };
      });
      return { ...ok('Plot updated successfully'), ...out };
    },
  );

  // Deleting a plot: survey history is never removed as a side effect. When
  // any of its trees has survey observations → 409. Otherwise the plot goes,
  // it leaves the projects that listed it, and its irrigation areas and trees
  // stay, re-assigned to another plot that contains them or unassigned.
  app.delete(
    '/data/plots/:id',
    {
      schema: {
        ...doc('data editor', 'Delete a plot (409 when its trees have survey results)'),
        params: IdParams,
        querystring: DeleteQuery,
        response: { 200: plotDeleted },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const out = await inTx(db, async (tx) => {
        const before = await lockRow<{ client_id: number; plot_name: string; geom: unknown }>(tx, 'plots', 'plot_id', id, 'plot', request.query.version);
        const { rows: obs } = await tx.query<{ trees: number; projects: number }>(
          `SELECT count(DISTINCT o.tree_id)::int AS trees, count(DISTINCT o.project_id)::int AS projects
           FROM tree_observations o JOIN trees t ON t.tree_id = o.tree_id WHERE t.plot_id = $1`,
          [id],
        );
        if (obs[0].trees > 0)
          throw new HttpError(
            409,
            `Plot "${before.plot_name}" cannot be deleted: ${obs[0].trees} of its trees have survey results in ${obs[0].projects} project(s). Deleting it would detach survey history.`,
            undefined,
            undefined,
            'plot_has_results',
            { name: before.plot_name, trees: obs[0].trees, projects: obs[0].projects },
          );
        const { rows: proj } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM project_plots WHERE plot_id = $1`, [id]);
        const { rows: counts } = await tx.query<{ areas: number; trees: number }>(
          `SELECT (SELECT count(*)::int FROM irrigation_areas WHERE plot_id = $1) AS areas, (SELECT count(*)::int FROM trees WHERE plot_id = $1) AS trees`,
          [id],
        );
        await tx.query(`DELETE FROM plots WHERE plot_id = $1`, [id]); // FKs: areas/trees SET NULL, project_plots CASCADE
        const box = boxOf(before.geom);
        const reassigned = {
          irrigation_areas: await reassignIrrigationAreas(tx, before.client_id, [box]),
          trees: await reassignTrees(tx, before.client_id, [box]),
        };
        const kept = { irrigation_areas: counts[0].areas, trees: counts[0].trees, removed_from_projects: proj[0].n };
        await audit(
          tx,
          user,
          'delete',
          'plot',
          id,
          `Deleted plot "${before.plot_name}"; kept ${kept.irrigation_areas} irrigation areas and ${kept.trees} trees, removed from ${kept.removed_from_projects} project(s)`,
          before.plot_name,
        );
        return { kept, reassigned };
      });
      return { ...ok('Plot deleted successfully'), ...out };
    },
  );
};
