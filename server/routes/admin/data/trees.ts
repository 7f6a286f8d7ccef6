import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/adapter';
import { currentUser } from '../../../plugins/auth';
import { HttpError } from '../../../http-error';
import { IdParams, doc, ok } from '../shared';
import { audit } from '../../../db/audit';
import { inTx } from '../../../db/tx';
import { lockRow } from '../../../db/rows';
import { deleteFeature, insertTree, treeProjectCount, updateFeature } from '../../../repos/editor-writes';
import { loadIrrigationAreas, loadPlots, locatePoint } from '../../../repos/editor-assignment';
import { assertExists, geometryOr422, oneTree } from '../../../repos/editor-features';
import { resolveClient } from './irrigation';
import { DeleteQuery, TreeCreate, TreeUpdate } from './schemas';
import { okMessage } from '../../../../src/domain/contracts/common';
import { treeSaved } from '../../../../src/domain/contracts/data-editor';

// Trees: plot_id and irrigation_area_id always come from the location.

const label = (row: unknown, tree: unknown) => `row ${row}, tree ${tree}`;
/** A tree in Recent Activity, in any language: "row/tree". */
const treeRef = (row: unknown, tree: unknown) => `${row ?? '–'}/${tree ?? '–'}`;

export const treeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/data/trees',
    { schema: { ...doc('data editor', 'Create a tree; plot and irrigation area are found by location'), body: TreeCreate, response: { 201: treeSaved } } },
    async (request, reply) => {
      const user = currentUser(request);
      const b = request.body;
      const [lon, lat] = geometryOr422(b.geom, 'tree').coordinates;
      const out = await inTx(db, async (tx) => {
        const clientId = await resolveClient(tx, b.client_id, lon, lat);
        await assertExists(tx, 'breeds', 'breed_id', b.breed_id, 'breed_id', 'breed');
        const at = locatePoint(await loadPlots(tx, clientId), await loadIrrigationAreas(tx, clientId), lon, lat);
        const id = await insertTree(tx, {
          client_id: clientId,
          plot_id: at.plot_id,
          irrigation_area_id: at.irrigation_area_id,
          row_num: b.row_num,
          tree_num: b.tree_num,
          breed_id: b.breed_id ?? null,
          planting_date: b.planting_date || null,
          lon,
          lat,
        });
        await audit(
          tx,
          user,
          'create',
          'tree',
          id,
          `Created tree ${label(b.row_num, b.tree_num)} in plot ${at.plot_id ?? 'none'}, irrigation area ${at.irrigation_area_id ?? 'none'}`,
          treeRef(b.row_num, b.tree_num),
        );
        return { tree: await oneTree(tx, id) };
      });
      reply.status(201);
      return { ...ok('Tree created successfully'), ...out };
    },
  );

  app.patch(
    '/data/trees/:id',
    { schema: { ...doc('data editor', 'Update a tree: form fields, or only geom'), params: IdParams, body: TreeUpdate, response: { 200: treeSaved } } },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const b = request.body;
      if (Object.keys(b).every((k) => k === 'version'))
        throw new HttpError(400, 'Nothing to update: send form fields or geom', undefined, undefined, 'nothing_to_update');
      const point = b.geom === undefined ? undefined : geometryOr422(b.geom, 'tree').coordinates;
      const out = await inTx(db, async (tx) => {
        const before = await lockRow<{ client_id: number; row_num: number; tree_num: number }>(tx, 'trees', 'tree_id', id, 'tree', b.version);
        await assertExists(tx, 'breeds', 'breed_id', b.breed_id, 'breed_id', 'breed');
        const columns: Record<string, unknown> = {};
        const set = (col: string, v: unknown) => (columns[col] = v);
        if (b.row_num !== undefined) set('row_num', b.row_num);
        if (b.tree_num !== undefined) set('tree_num', b.tree_num);
        if (b.breed_id !== undefined) set('breed_id', b.breed_id);
        if (b.planting_date !== undefined) set('planting_date', b.planting_date || null);
        if (point) {
          const at = locatePoint(await loadPlots(tx, before.client_id), await loadIrrigationAreas(tx, before.client_id), point[0], point[1]);
          set('lon', point[0]);
          set('lat', point[1]);
          set('plot_id', at.plot_id);
          set('irrigation_area_id', at.irrigation_area_id);
        }
        await updateFeature(tx, 'trees', id, columns);
        await audit(
          tx,
          user,
          'update',
          'tree',
          id,
          `Updated tree ${label(b.row_num ?? before.row_num, b.tree_num ?? before.tree_num)}${point ? ' location' : ''}`,
          treeRef(b.row_num ?? before.row_num, b.tree_num ?? before.tree_num),
        );
        return { tree: await oneTree(tx, id) };
      });
      return { ...ok('Tree updated successfully'), ...out };
    },
  );

  // A tree with survey results is not deleted: the cascade would silently drop survey history.
  app.delete(
    '/data/trees/:id',
    {
      schema: {
        ...doc('data editor', 'Delete a tree (409 when it has survey results)'),
        params: IdParams,
        querystring: DeleteQuery,
        response: { 200: okMessage },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      await inTx(db, async (tx) => {
        const before = await lockRow<{ row_num: number; tree_num: number }>(tx, 'trees', 'tree_id', id, 'tree', request.query.version);
        const projects = await treeProjectCount(tx, id);
        if (projects > 0)
          throw new HttpError(
            409,
            `This tree has survey results in ${projects} project(s) and cannot be deleted; move it instead.`,
            undefined,
            undefined,
            'tree_has_results',
            { projects },
          );
        await deleteFeature(tx, 'trees', id);
        await audit(tx, user, 'delete', 'tree', id, `Deleted tree ${label(before.row_num, before.tree_num)}`, treeRef(before.row_num, before.tree_num));
      });
      return ok('Tree deleted successfully');
    },
  );
};
