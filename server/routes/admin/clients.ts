import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, Queryable } from '../../db/adapter';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../http-error';
import { IdParams, Version, audit, describeCounts, doc, findOne, inTx, lockRow, ok } from './shared';
import { CLIENT_NAME } from '../../../src/domain/field-rules';
import { okMessage, text } from '../../../src/domain/contracts/common';
import { adminClient, clientResponse, clientsResponse } from '../../../src/domain/contracts/clients';

const CLIENT_SQL = `
  SELECT c.client_id, c.name, c.created_at, c.updated_at, c.version,
         (SELECT count(*) FROM users u WHERE u.client_id = c.client_id) AS user_count,
         (SELECT count(*) FROM plots p WHERE p.client_id = c.client_id) AS plot_count,
         (SELECT count(*) FROM projects p WHERE p.client_id = c.client_id) AS project_count
    FROM clients c`;

type ClientRow = z.infer<typeof adminClient>;
const loadClient = (q: Queryable, id: number) => findOne<ClientRow>(q, `${CLIENT_SQL} WHERE c.client_id = $1`, id, 'client');

const ClientBody = z.strictObject({ name: text('Name', CLIENT_NAME) });
const ClientUpdate = z.strictObject({ name: text('Name', CLIENT_NAME), version: Version });

async function assertNameFree(tx: Queryable, name: string, exceptId: number | null) {
  const { rows } = await tx.query(`SELECT 1 FROM clients WHERE lower(name) = lower($1) AND client_id IS DISTINCT FROM $2`, [name, exceptId]);
  if (rows.length) {
    const message = `A client named "${name}" already exists`;
    throw new HttpError(409, message, [{ field: 'name', message, code: 'client_name_taken', params: { name } }], undefined, 'client_name_taken', { name });
  }
}

/** Clients (admin.md §7): list with user/plot counts, one, create, rename, delete. */
export const clientRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/clients',
    { schema: { ...doc('clients', 'List clients with user_count, plot_count and project_count'), response: { 200: clientsResponse } } },
    async () => {
      const { rows } = await db.query<ClientRow>(`${CLIENT_SQL} ORDER BY c.name, c.client_id`);
      return { ...ok('Clients loaded'), clients: rows };
    },
  );

  app.get('/clients/:id', { schema: { ...doc('clients', 'One client'), params: IdParams, response: { 200: clientResponse } } }, async (request) => {
    return { ...ok('Client loaded'), client: await loadClient(db, request.params.id) };
  });

  app.post('/clients', { schema: { ...doc('clients', 'Create a client'), body: ClientBody, response: { 201: clientResponse } } }, async (request, reply) => {
    const user = currentUser(request);
    const client = await inTx(db, async (tx) => {
      await assertNameFree(tx, request.body.name, null);
      const { rows } = await tx.query<{ client_id: number }>(`INSERT INTO clients (name) VALUES ($1) RETURNING client_id`, [request.body.name]);
      await audit(tx, user, 'create', 'client', rows[0].client_id, `Created client "${request.body.name}"`, request.body.name);
      return loadClient(tx, rows[0].client_id);
    });
    reply.status(201);
    return { ...ok('Client created successfully'), client };
  });

  app.put(
    '/clients/:id',
    { schema: { ...doc('clients', 'Rename a client'), params: IdParams, body: ClientUpdate, response: { 200: clientResponse } } },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const client = await inTx(db, async (tx) => {
        const before = await lockRow<{ name: string }>(tx, 'clients', 'client_id', id, 'client', request.body.version);
        await assertNameFree(tx, request.body.name, id);
        await tx.query(`UPDATE clients SET name = $2, version = version + 1, updated_at = now() WHERE client_id = $1`, [id, request.body.name]);
        await audit(tx, user, 'update', 'client', id, `Renamed client "${before.name}" to "${request.body.name}"`, request.body.name);
        return loadClient(tx, id);
      });
      return { ...ok('Client updated successfully'), client };
    },
  );

  app.delete(
    '/clients/:id',
    { schema: { ...doc('clients', 'Delete a client that has no users, plots or projects'), params: IdParams, response: { 200: okMessage } } },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      await inTx(db, async (tx) => {
        const c = await lockRow<{ name: string }>(tx, 'clients', 'client_id', id, 'client');
        const { rows } = await tx.query<Record<string, number>>(
          `SELECT (SELECT count(*) FROM users WHERE client_id = $1) AS users,
                (SELECT count(*) FROM plots WHERE client_id = $1) AS plots,
                (SELECT count(*) FROM projects WHERE client_id = $1) AS projects,
                (SELECT count(*) FROM irrigation_areas WHERE client_id = $1) AS areas,
                (SELECT count(*) FROM trees WHERE client_id = $1) AS trees`,
          [id],
        );
        const r = rows[0];
        const refs = describeCounts([
          [r.users, 'user'],
          [r.plots, 'plot'],
          [r.projects, 'project'],
          [r.areas, 'irrigation_area'],
          [r.trees, 'tree'],
        ]);
        if (refs.text)
          throw new HttpError(
            409,
            `Client "${c.name}" cannot be deleted: it still has ${refs.text}. Delete or move them first.`,
            undefined,
            undefined,
            'client_in_use',
            { name: c.name, refs: refs.counts },
          );
        await tx.query(`DELETE FROM clients WHERE client_id = $1`, [id]);
        await audit(tx, user, 'delete', 'client', id, `Deleted client "${c.name}"`, c.name);
      });
      return ok('Client deleted successfully');
    },
  );
};
