import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, Queryable } from '../../../db/adapter';
import { currentUser } from '../../../plugins/auth';
import { HttpError } from '../../../http-error';
import { areaHectares } from '../../../../src/domain/geometry-validation';
import { IdParams, doc, ok } from '../shared';
import { audit } from '../../../db/audit';
import { inTx } from '../../../db/tx';
import { lockRow } from '../../../db/rows';
import { deleteFeature, insertPlot, plotLinks, plotResults, updateFeature } from '../../../repos/editor-writes';
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
        const id = await insertPlot(
          tx,
          { client_id: b.client_id, plot_name: b.plot_name, plot_area: area > 0 ? area : null, crop_id: b.crop_id ?? null },
          geom,
          box,
        );
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
        const columns: Record<string, unknown> = {};
        const set = (col: string, v: unknown) => (columns[col] = v);
        if (b.plot_name !== undefined) set('plot_name', b.plot_name);
        if (b.crop_id !== undefined) set('crop_id', b.crop_id);
        if (b.plot_area !== undefined) set('plot_area', b.plot_area);
        if (geom) {
          const box = boxOf(geom);
          set('geom', JSON.stringify(geom));
          ['min_lon', 'min_lat', 'max_lon', 'max_lat'].forEach((c, i) => set(c, box[i]));
          if (b.plot_area === undefined) set('plot_area', areaHectares(geom) || null);
        }
        await updateFeature(tx, 'plots', id, columns);
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
        const results = await plotResults(tx, id);
        if (results.trees > 0)
          throw new HttpError(
            409,
            `Plot "${before.plot_name}" cannot be deleted: ${results.trees} of its trees have survey results in ${results.projects} project(s). Deleting it would detach survey history.`,
            undefined,
            undefined,
            'plot_has_results',
            { name: before.plot_name, trees: results.trees, projects: results.projects },
          );
        const links = await plotLinks(tx, id);
        await deleteFeature(tx, 'plots', id); // FKs: areas/trees SET NULL, project_plots CASCADE
        const box = boxOf(before.geom);
        const reassigned = {
          irrigation_areas: await reassignIrrigationAreas(tx, before.client_id, [box]),
          trees: await reassignTrees(tx, before.client_id, [box]),
        };
        const kept = { irrigation_areas: links.areas, trees: links.trees, removed_from_projects: links.projects };
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
