import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, Queryable } from '../../db/adapter';
import { currentUser } from '../../plugins/auth';
import { hashPassword } from '../../auth/password';
import { HttpError } from '../../http-error';
import { IdParams, doc, ok } from './shared';
import { audit } from '../../db/audit';
import { inTx } from '../../db/tx';
import { lockRow } from '../../db/rows';
import { okMessage } from '../../../src/domain/contracts/common';

import { createUserBody, updateUserBody, userResponse, usersResponse } from '../../../src/domain/contracts/users';
import { deleteUser, emailTaken, insertUser, listUsers, loadUser, membershipCount, otherActiveAdmin, updateUser } from '../../repos/admin-users';
import { isMemberRole, type Role } from '../../../src/domain/roles';
import { endUserSessions } from '../../auth/sessions';
import { dropOtherClients, recordRemovalOf } from '../../repos/memberships';
import { clientName } from '../../repos/project-access';
import { userAccessRoutes } from './user-access';

type UserInput = { email: string; client_id: number | null; role: Role };

async function checkUser(tx: Queryable, u: UserInput, exceptId: number | null) {
  // A grower or a field worker belongs to exactly one client; an admin may have none.
  if (isMemberRole(u.role) && u.client_id === null)
    throw new HttpError(
      400,
      'Client is required',
      [{ field: 'client_id', message: 'Client is required', code: 'client_required' }],
      undefined,
      'client_required',
    );
  if (u.client_id !== null) {
    if ((await clientName(tx, u.client_id)) === null) {
      const message = 'The selected client does not exist';
      const params = { entity: 'client' };
      throw new HttpError(422, message, [{ field: 'client_id', message, code: 'selection_missing', params }], undefined, 'selection_missing', params);
    }
  }
  if (await emailTaken(tx, u.email, exceptId)) {
    const message = 'A user with this email already exists';
    throw new HttpError(409, message, [{ field: 'email', message, code: 'email_taken' }], undefined, 'email_taken');
  }
}

async function assertOtherAdmin(tx: Queryable, userId: number, what: 'demote' | 'disable' | 'delete') {
  if (!(await otherActiveAdmin(tx, userId)))
    throw new HttpError(409, `Cannot ${what} the last active administrator`, undefined, undefined, 'last_admin', { action: what });
}

/** Users (admin.md §7). Changing a password, disabling or deleting a user ends their sessions at once. */
export const userRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/users', { schema: { ...doc('users', 'List users (never with passwords)'), response: { 200: usersResponse } } }, async () => {
    return { ...ok('Users loaded'), users: await listUsers(db) };
  });

  app.get('/users/:id', { schema: { ...doc('users', 'One user'), params: IdParams, response: { 200: userResponse } } }, async (request) => {
    return { ...ok('User loaded'), user: await loadUser(db, request.params.id) };
  });

  app.post('/users', { schema: { ...doc('users', 'Create a user'), body: createUserBody, response: { 201: userResponse } } }, async (request, reply) => {
    const actor = currentUser(request);
    const b = request.body;
    const hash = await hashPassword(b.password);
    const created = await inTx(db, async (tx) => {
      await checkUser(tx, b, null);
      const id = await insertUser(tx, b, hash);
      await audit(tx, actor, 'create', 'user', id, `Created ${b.role} ${b.email}`, b.email);
      return loadUser(tx, id);
    });
    reply.status(201);
    return { ...ok('User created successfully'), user: created };
  });

  app.put(
    '/users/:id',
    { schema: { ...doc('users', 'Update a user; omit password to keep it'), params: IdParams, body: updateUserBody, response: { 200: userResponse } } },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const b = request.body;
      const hash = b.password ? await hashPassword(b.password) : null;
      const updated = await inTx(db, async (tx) => {
        const before = await lockRow<{ email: string; role: Role; disabled: boolean; client_id: number | null }>(tx, 'users', 'user_id', id, 'user', b.version);
        await checkUser(tx, b, id);
        const disabling = b.disabled === true && !before.disabled;
        if (before.role === 'admin' && (b.role !== 'admin' || disabling)) {
          if (id === actor.user_id) throw new HttpError(409, 'You cannot remove your own administrator access', undefined, undefined, 'own_admin_access');
          await assertOtherAdmin(tx, id, b.role !== 'admin' ? 'demote' : 'disable');
        }
        // Ending the sessions ends their access tokens at the next request and their refresh tokens at once;
        // bumping token_version also stops every token issued before (auth plugin compares it).
        const endSessions = hash !== null || disabling;
        if (endSessions) await endUserSessions(tx, id, disabling ? 'disabled' : 'password_changed');
        // Moved to another client (or made an admin): the old client's surveys are no longer theirs.
        if (before.client_id !== b.client_id || (isMemberRole(before.role) && !isMemberRole(b.role)))
          await dropOtherClients(tx, actor, id, isMemberRole(b.role) ? b.client_id : null);
        await updateUser(tx, id, b, hash, endSessions);
        const changes = [
          hash ? 'password changed' : '',
          disabling ? 'disabled' : '',
          b.disabled === false && before.disabled ? 'enabled' : '',
          before.role !== b.role ? `role ${before.role} → ${b.role}` : '',
        ]
          .filter(Boolean)
          .join(', ');
        await audit(tx, actor, 'update', 'user', id, `Updated user ${b.email}${changes ? ` (${changes})` : ''}`, b.email);
        return loadUser(tx, id);
      });
      return { ...ok('User updated successfully'), user: updated };
    },
  );

  app.delete(
    '/users/:id',
    { schema: { ...doc('users', 'Delete a user (removes them from their projects)'), params: IdParams, response: { 200: okMessage } } },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      await inTx(db, async (tx) => {
        const u = await lockRow<{ email: string; role: string }>(tx, 'users', 'user_id', id, 'user');
        if (id === actor.user_id) throw new HttpError(409, 'You cannot delete your own account', undefined, undefined, 'own_account_delete');
        if (u.role === 'admin') await assertOtherAdmin(tx, id, 'delete');
        const n = await membershipCount(tx, id);
        await recordRemovalOf(tx, actor, 'user_id', id, 'user_deleted');
        // project_users rows cascade; the audit log keeps the email (user_id → NULL).
        await deleteUser(tx, id);
        await audit(tx, actor, 'delete', 'user', id, `Deleted user ${u.email}${n ? ` (removed from ${n} project(s))` : ''}`, u.email);
      });
      return ok('User deleted successfully');
    },
  );

  await app.register(userAccessRoutes, { db });
};
