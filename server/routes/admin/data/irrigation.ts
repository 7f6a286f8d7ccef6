import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Polygon } from 'geojson';
import type { Db, Queryable } from '../../../db/adapter';
import { currentUser } from '../../../plugins/auth';
import { HttpError } from '../../../http-error';
import { IdParams, audit, doc, inTx, lockRow, ok } from '../shared';
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
        const { rows } = await tx.query<{ irrigation_area_id: number }>(
          `INSERT INTO irrigation_areas (client_id, plot_id, irrigation_area_name, irrigation_type_id, geom, min_lon, min_lat, max_lon, max_lat)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING irrigation_area_id`,
          [clientId, plotId, b.irrigation_area_name, b.irrigation_type_id ?? null, JSON.stringify(geom), ...box],
        );
        const id = rows[0].irrigation_area_id;
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
        const sets: string[] = [];
        const params: unknown[] = [id];
        const set = (col: string, v: unknown) => sets.push(`${col} = $${params.push(v)}`);
        if (b.irrigation_area_name !== undefined) set('irrigation_area_name', b.irrigation_area_name);
        if (b.irrigation_type_id !== undefined) set('irrigation_type_id', b.irrigation_type_id);
        if (geom) {
          const box = boxOf(geom);
          set('geom', JSON.stringify(geom));
          ['min_lon', 'min_lat', 'max_lon', 'max_lat'].forEach((c, i) => set(c, box[i]));
          set('plot_id', plotOfPolygon(await loadPlots(tx, before.client_id), geom as Polygon));
        }
        await tx.query(
          `UPDATE irrigation_areas SET ${[...sets, 'version = version + 1', 'updated_at = now()'].join(', ')} WHERE irrigation_area_id = $1`,
          params,
        );
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
        const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM trees WHERE irrigation_area_id = $1`, [id]);
        await tx.query(`DELETE FROM irrigation_areas WHERE irrigation_area_id = $1`, [id]);
        const reassigned = await reassignTrees(tx, before.client_id, [boxOf(before.geom)]);
        await audit(
          tx,
          user,
          'delete',
          'irrigation_area',
          id,
          `Deleted irrigation area "${before.irrigation_area_name}"; kept its ${rows[0].n} trees`,
          before.irrigation_area_name,
        );
        return { kept: { trees: rows[0].n }, reassigned: { trees: reassigned } };
      });
      return { ...ok('Irrigation area deleted successfully'), ...out };
    },
  );
};
