import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/adapter';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../http-error';
import { IdParams, Version, doc, ok } from './shared';
import { audit } from '../../db/audit';
import { inTx } from '../../db/tx';
import { lockRow } from '../../db/rows';
import { REFERENCE_LISTS } from '../../repos/reference-lists';
import { assertUnique, deleteItem, insertItem, listItems, readOne, references, updateItem } from '../../repos/reference-items';
import { TREE_STATUS_CODE } from '../../../src/domain/reference-rules';
import { okMessage } from '../../../src/domain/contracts/common';
import { referenceBodies, referenceItemResponse, referenceListResponse } from '../../../src/domain/contracts/reference';

// Tree status codes are the primary key and may be 0 (the seeded Healthy).
const StatusParams = z.strictObject({ id: z.coerce.number({ error: 'id must be a number' }).int().min(TREE_STATUS_CODE.min).max(TREE_STATUS_CODE.max) });

/** GET/POST {endpoint}, PUT/DELETE {endpoint}/{id} for each of the eight lists. */
export const referenceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  for (const list of REFERENCE_LISTS) {
    const tag = 'configuration';
    const params = list.endpoint === 'tree-status-types' ? StatusParams : IdParams;
    const bodySchema: z.ZodObject = referenceBodies[list.endpoint];
    const columns = Object.keys(bodySchema.shape);
    // One loop serves eight lists: the schemas are each list's own, the handler's type is the lists' common one.
    const itemResponse = referenceItemResponse(list.endpoint) as z.ZodType<unknown>;
    const listResponse = referenceListResponse(list.endpoint) as z.ZodType<unknown>;

    app.get(`/${list.endpoint}`, { schema: { ...doc(tag, `List ${list.entity}s (under "${list.listKey}")`), response: { 200: listResponse } } }, async () => {
      return { ...ok(`${list.listKey} loaded`), [list.listKey]: await listItems(db, list) };
    });

    app.post(
      `/${list.endpoint}`,
      { schema: { ...doc(tag, `Create a ${list.entity}`), body: bodySchema, response: { 201: itemResponse } } },
      async (request, reply) => {
        const actor = currentUser(request);
        const body = request.body as Record<string, unknown>;
        const item = await inTx(db, async (tx) => {
          await list.checks?.(tx, body);
          await assertUnique(tx, list, body, null);
          const values = columns.map((c) => body[c] ?? null);
          const id = await insertItem(tx, list, columns, values);
          await audit(tx, actor, 'create', list.entity, id, `Created ${list.entity} "${body[list.nameColumn]}"`, String(body[list.nameColumn]));
          return readOne(tx, list, id);
        });
        reply.status(201);
        return { ...ok(`Created ${list.entity} successfully`), item };
      },
    );

    app.put(
      `/${list.endpoint}/:id`,
      { schema: { ...doc(tag, `Update a ${list.entity}`), params, body: bodySchema.extend({ version: Version }), response: { 200: itemResponse } } },
      async (request) => {
        const actor = currentUser(request);
        const { id } = request.params as { id: number };
        const body = request.body as Record<string, unknown>;
        const item = await inTx(db, async (tx) => {
          const before = await lockRow(tx, list.table, list.idColumn, id, list.code, body.version as number | undefined);
          await list.checks?.(tx, body);
          await assertUnique(tx, list, body, id);
          if (list.endpoint === 'tree-status-types' && body.status_code !== id) {
            // Observations store the code itself: renumbering a used status would silently relabel them.
            const refs = await references(tx, list, id);
            if (refs.text) {
              const params = { code: id, refs: refs.counts };
              throw new HttpError(
                409,
                `Status code ${id} cannot change: it is used by ${refs.text}`,
                [{ field: 'status_code', message: `Used by ${refs.text}`, code: 'status_code_in_use', params }],
                undefined,
                'status_code_in_use',
                params,
              );
            }
          }
          await updateItem(
            tx,
            list,
            id,
            columns,
            columns.map((c) => body[c] ?? null),
          );
          const newId = list.endpoint === 'tree-status-types' ? (body.status_code as number) : id;
          await audit(
            tx,
            actor,
            'update',
            list.entity,
            newId,
            `Updated ${list.entity} "${before[list.nameColumn]}" → "${body[list.nameColumn]}"`,
            String(body[list.nameColumn]),
          );
          return readOne(tx, list, newId);
        });
        return { ...ok(`Updated ${list.entity} successfully`), item };
      },
    );

    app.delete(
      `/${list.endpoint}/:id`,
      { schema: { ...doc(tag, `Delete a ${list.entity} nothing references`), params, response: { 200: okMessage } } },
      async (request) => {
        const actor = currentUser(request);
        const { id } = request.params as { id: number };
        await inTx(db, async (tx) => {
          const row = await lockRow(tx, list.table, list.idColumn, id, list.code);
          const refs = await references(tx, list, id);
          if (refs.text)
            throw new HttpError(
              409,
              `${capitalise(list.entity)} "${row[list.nameColumn]}" cannot be deleted: it is used by ${refs.text}`,
              undefined,
              undefined,
              'reference_in_use',
              { entity: list.code, name: String(row[list.nameColumn]), refs: refs.counts },
            );
          await deleteItem(tx, list, id);
          await audit(tx, actor, 'delete', list.entity, id, `Deleted ${list.entity} "${row[list.nameColumn]}"`, String(row[list.nameColumn]));
        });
        return ok(`Deleted ${list.entity} successfully`);
      },
    );
  }
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
