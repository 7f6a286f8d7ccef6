import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/adapter';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../http-error';
import { IdParams, describeCounts, doc, ok } from './shared';
import { audit } from '../../db/audit';
import { lockRow } from '../../db/rows';
import { inTx } from '../../db/tx';

import { okMessage } from '../../../src/domain/contracts/common';
import { clientBody, clientResponse, clientsResponse, clientUpdate } from '../../../src/domain/contracts/clients';
import { assertClientNameFree, clientReferences, deleteClient, insertClient, listClients, loadClient, renameClient } from '../../repos/clients';

/** Clients (admin.md §7): list with user/plot counts, one, create, rename, delete. */
export const clientRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/clients',
    { schema: { ...doc('clients', 'List clients with user_count, plot_count and project_count'), response: { 200: clientsResponse } } },
    async () => {
      return { ...ok('Clients loaded'), clients: await listClients(db) };
    },
  );

  app.get('/clients/:id', { schema: { ...doc('clients', 'One client'), params: IdParams, response: { 200: clientResponse } } }, async (request) => {
    return { ...ok('Client loaded'), client: await loadClient(db, request.params.id) };
  });

  app.post('/clients', { schema: { ...doc('clients', 'Create a client'), body: clientBody, response: { 201: clientResponse } } }, async (request, reply) => {
    const user = currentUser(request);
    const client = await inTx(db, async (tx) => {
      await assertClientNameFree(tx, request.body.name, null);
      const clientId = await insertClient(tx, request.body.name);
      await audit(tx, user, 'create', 'client', clientId, `Created client "${request.body.name}"`, request.body.name);
      return loadClient(tx, clientId);
    });
    reply.status(201);
    return { ...ok('Client created successfully'), client };
  });

  app.put(
    '/clients/:id',
    { schema: { ...doc('clients', 'Rename a client'), params: IdParams, body: clientUpdate, response: { 200: clientResponse } } },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const client = await inTx(db, async (tx) => {
        const before = await lockRow<{ name: string }>(tx, 'clients', 'client_id', id, 'client', request.body.version);
        await assertClientNameFree(tx, request.body.name, id);
        await renameClient(tx, id, request.body.name);
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
        const r = await clientReferences(tx, id);
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
        await deleteClient(tx, id);
        await audit(tx, user, 'delete', 'client', id, `Deleted client "${c.name}"`, c.name);
      });
      return ok('Client deleted successfully');
    },
  );
};
