import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Polygon } from 'geojson';
import type { Db, Queryable } from '../../../db/adapter';
import { currentUser } from '../../../plugins/auth';
import { HttpError } from '../../../http-error';
import { IdParams, doc, ok } from '../shared';
import { audit } from '../../../db/audit';
import { inTx } from '../../../db/tx';
import { lockRow } from '../../../db/rows';
import { areaTreeCount, deleteFeature, insertArea, updateFeature } from '../../../repos/editor-writes';
import { clientOfGeometry, loadPlots, plotOfPolygon, reassignTrees } from '../../../repos/editor-assignment';
import { assertExists, boxOf, geometryOr422, oneArea } from '../../../repos/editor-features';
import { AreaCreate, AreaUpdate, DeleteQuery } from './schemas';
import { areaDeleted, areaSaved } from '../../../../src/domain/contracts/data-editor';

// Irrigation areas: plot_id is never taken from the caller; it is the plot
// containing the area (by location). Reshaping re-assigns the trees inside the
// old and new outline in the same transaction.

/** client_id from the body, else the client whose plot contains the geometry. */
export async function resolveClient(tx: Queryable, clientId: number | undefined, lon: number, lat: number): Promise<number> {
  if (clientId !== undefined) {
    await assertExists(tx, 'clients', 'client_id', clientId, 'client_id', 'client');
    return clientId;
  }
  const found = await clientOfGeometry(tx, lon, lat);
  if (found === null)
    throw new HttpError(
      422,
      'client_id is required: the geometry is not inside any plot',
      [{ field: 'client_id', message: 'client_id is required', code: 'area_outside_plots' }],
      undefined,
      'area_outside_plots',
    );
  return found;
}

export const irrigationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/data/irrigation-areas',
    { schema: { ...doc('data editor', 'Create an irrigation area; its plot is found by location'), body: AreaCreate, response: { 201: areaSaved } } },
    async (request, reply) => {
      const user = currentUser(request);
      const b = request.body;
      const geom = geometryOr422(b.geom, 'irrigation');
      const box = boxOf(geom);
      const out = await inTx(db, async (tx) => {
        const clientId = await resolveClient(tx, b.client_id, geom.coordinates[0][0][0], geom.coordinates[0][0][1]);
        await assertExists(tx, 'irrigation_types', 'irrigation_type_id', b.irrigation_type_id, 'irrigation_type_id', 'irrigation_type');
        const plotId = plotOfPolygon(await loadPlots(tx, clientId), geom);
        const id = await insertArea(
          tx,
          { client_id: clientId, plot_id: plotId, irrigation_area_name: b.irrigation_area_name, irrigation_type_id: b.irrigation_type_id ?? null },
          geom,
          box,
        );
        const trees = await reassignTrees(tx, clientId, [box]);
        await audit(
          tx,
          user,
          'create',
          'irrigation_area',
          id,
          `Created irrigation area "${b.irrigation_area_name}" in plot ${plotId ?? 'none'} (${trees} trees assigned)`,
          b.irrigation_area_name,
        );
        return { irrigation_area: await oneArea(tx, id), assigned: { trees } };
      });
      reply.status(201);
      return { ...ok('Irrigation area created successfully'), ...out };
    },
  );

  app.patch(
    '/data/irrigation-areas/:id',
    {
      schema: {
        ...doc('data editor', 'Update an irrigation area: form fields, or only geom'),
        params: IdParams,
        body: AreaUpdate,
        response: { 200: areaSaved },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const b = request.body;
      if (Object.keys(b).every((k) => k === 'version'))
        throw new HttpError(400, 'Nothing to update: send form fields or geom', undefined, undefined, 'nothing_to_update');
      const geom = b.geom === undefined ? undefined : geometryOr422(b.geom, 'irrigation');
      const out = await inTx(db, async (tx) => {
        const before = await lockRow<{ client_id: number; irrigation_area_name: string; geom: unknown }>(
          tx,
          'irrigation_areas',
          'irrigation_area_id',
          id,
          'irrigation_area',
          b.version,
        );
        await assertExists(tx, 'irrigation_types', 'irrigation_type_id', b.irrigation_type_id, 'irrigation_type_id', 'irrigation_type');
        const columns: Record<string, unknown> = {};
        const set = (col: string, v: unknown) => (columns[col] = v);
        if (b.irrigation_area_name !== undefined) set('irrigation_area_name', b.irrigation_area_name);
        if (b.irrigation_type_id !== undefined) set('irrigation_type_id', b.irrigation_type_id);
        if (geom) {
          const box = boxOf(geom);
          set('geom', JSON.stringify(geom));
          ['min_lon', 'min_lat', 'max_lon', 'max_lat'].forEach((c, i) => set(c, box[i]));
          set('plot_id', plotOfPolygon(await loadPlots(tx, before.client_id), geom as Polygon));
        }
        await updateFeature(tx, 'irrigation_areas', id, columns);
        const trees = geom ? await reassignTrees(tx, before.client_id, [boxOf(before.geom), boxOf(geom)], { areaIds: [id] }) : 0;
        await audit(
          tx,
          user,
          'update',
          'irrigation_area',
          id,
          `Updated irrigation area "${b.irrigation_area_name ?? before.irrigation_area_name}"${geom ? ` geometry (${trees} trees re-assigned)` : ''}`,
          b.irrigation_area_name ?? before.irrigation_area_name,
        );
        return { irrigation_area: await oneArea(tx, id), assigned: { trees } };
      });
      return { ...ok('Irrigation area updated successfully'), ...out };
    },
  );

  // Its trees stay; they move to another irrigation area containing them, or to none.
  app.delete(
    '/data/irrigation-areas/:id',
    {
      schema: {
        ...doc('data editor', 'Delete an irrigation area (its trees stay)'),
        params: IdParams,
        querystring: DeleteQuery,
        response: { 200: areaDeleted },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const out = await inTx(db, async (tx) => {
        const before = await lockRow<{ client_id: number; irrigation_area_name: string; geom: unknown }>(
          tx,
          'irrigation_areas',
          'irrigation_area_id',
          id,
          'irrigation_area',
          request.query.version,
        );
        const kept = await areaTreeCount(tx, id);
        await deleteFeature(tx, 'irrigation_areas', id);
        const reassigned = await reassignTrees(tx, before.client_id, [boxOf(before.geom)]);
        await audit(
          tx,
          user,
          'delete',
          'irrigation_area',
          id,
          `Deleted irrigation area "${before.irrigation_area_name}"; kept its ${kept} trees`,
          before.irrigation_area_name,
        );
        return { kept: { trees: kept }, reassigned: { trees: reassigned } };
      });
      return { ...ok('Irrigation area deleted successfully'), ...out };
    },
  );
};
