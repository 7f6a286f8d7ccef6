import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, Queryable } from '../../db/adapter';
import { currentUser } from '../../plugins/auth';
import { hashPassword } from '../../auth/password';
import { HttpError } from '../../http-error';
import { IdParams, Version, audit, doc, inTx, lockRow, ok } from './shared';
import { okMessage, text } from '../../../src/domain/contracts/common';
import { EMAIL_MAX, PASSWORD_LENGTH, PERSON_NAME, passwordTooLong, passwordTooShort } from '../../../src/domain/user-rules';
import { userResponse, usersResponse } from '../../../src/domain/contracts/users';
import { USER_SQL, loadUser, type UserRow } from '../../repos/admin-users';
import { ROLES, isMemberRole, type Role } from '../../../src/domain/roles';
import { endUserSessions } from '../../auth/sessions';
import { dropOtherClients, recordRemovalOf } from '../../repos/memberships';
import { userAccessRoutes } from './user-access';

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .email('Please enter a valid email address')
  .transform((s) => s.toLowerCase());
const password = z.string({ error: 'Password is required' }).min(PASSWORD_LENGTH.min, passwordTooShort).max(PASSWORD_LENGTH.max, passwordTooLong);
const fields = {
  email,
  first_name: text('First name', PERSON_NAME),
  last_name: text('Last name', PERSON_NAME),
  client_id: z.number({ error: 'Client is required' }).int().positive().nullable(),
  role: z.enum(ROLES, { error: "Role must be 'user', 'worker' or 'admin'" }).default('user'),
};
const CreateUser = z.strictObject({ ...fields, password });
const UpdateUser = z.strictObject({ ...fields, password: password.optional(), disabled: z.boolean().optional(), version: Version });

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
    const { rows } = await tx.query(`SELECT 1 FROM clients WHERE client_id = $1`, [u.client_id]);
    if (!rows.length) {
      const message = 'The selected client does not exist';
      const params = { entity: 'client' };
      throw new HttpError(422, message, [{ field: 'client_id', message, code: 'selection_missing', params }], undefined, 'selection_missing', params);
    }
  }
  const { rows } = await tx.query(`SELECT 1 FROM users WHERE lower(email) = $1 AND user_id IS DISTINCT FROM $2`, [u.email, exceptId]);
  if (rows.length) {
    const message = 'A user with this email already exists';
    throw new HttpError(409, message, [{ field: 'email', message, code: 'email_taken' }], undefined, 'email_taken');
  }
}

async function assertOtherAdmin(tx: Queryable, userId: number, what: 'demote' | 'disable' | 'delete') {
  const { rows } = await tx.query(`SELECT 1 FROM users WHERE role = 'admin' AND NOT disabled AND user_id <> $1`, [userId]);
  if (!rows.length) throw new HttpError(409, `Cannot ${what} the last active administrator`, undefined, undefined, 'last_admin', { action: what });
}

/** Users (admin.md §7). Changing a password, disabling or deleting a user ends their sessions at once. */
export const userRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/users', { schema: { ...doc('users', 'List users (never with passwords)'), response: { 200: usersResponse } } }, async () => {
    const { rows } = await db.query<UserRow>(`${USER_SQL} ORDER BY u.email`);
    return { ...ok('Users loaded'), users: rows };
  });

  app.get('/users/:id', { schema: { ...doc('users', 'One user'), params: IdParams, response: { 200: userResponse } } }, async (request) => {
    return { ...ok('User loaded'), user: await loadUser(db, request.params.id) };
  });

  app.post('/users', { schema: { ...doc('users', 'Create a user'), body: CreateUser, response: { 201: userResponse } } }, async (request, reply) => {
    const actor = currentUser(request);
    const b = request.body;
    const hash = await hashPassword(b.password);
    const created = await inTx(db, async (tx) => {
      await checkUser(tx, b, null);
      const { rows } = await tx.query<{ user_id: number }>(
        `INSERT INTO users (email, password_hash, first_name, last_name, client_id, role) VALUES ($1, $2, $3, $4, $5, $6) RETURNING user_id`,
        [b.email, hash, b.first_name, b.last_name, b.client_id, b.role],
      );
      const id = rows[0].user_id;
      await audit(tx, actor, 'create', 'user', id, `Created ${b.role} ${b.email}`, b.email);
      return loadUser(tx, id);
    });
    reply.status(201);
    return { ...ok('User created successfully'), user: created };
  });

  app.put(
    '/users/:id',
    { schema: { ...doc('users', 'Update a user; omit password to keep it'), params: IdParams, body: UpdateUser, response: { 200: userResponse } } },
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
        await tx.query(
          `UPDATE users SET email = $2, first_name = $3, last_name = $4, client_id = $5, role = $6,
                password_hash = COALESCE($7, password_hash), disabled = COALESCE($8, disabled),
                token_version = token_version + $9, version = version + 1, updated_at = now()
          WHERE user_id = $1`,
          [id, b.email, b.first_name, b.last_name, b.client_id, b.role, hash, b.disabled ?? null, endSessions ? 1 : 0],
        );
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
        const { rows } = await tx.query<{ n: number }>(`SELECT count(*) AS n FROM project_users WHERE user_id = $1`, [id]);
        await recordRemovalOf(tx, actor, 'user_id', id, 'user_deleted');
        // project_users rows cascade; the audit log keeps the email (user_id → NULL).
        await tx.query(`DELETE FROM users WHERE user_id = $1`, [id]);
        await audit(tx, actor, 'delete', 'user', id, `Deleted user ${u.email}${rows[0].n ? ` (removed from ${rows[0].n} project(s))` : ''}`, u.email);
      });
      return ok('User deleted successfully');
    },
  );

  await app.register(userAccessRoutes, { db });
};
