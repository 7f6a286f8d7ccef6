import { z } from 'zod';
import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, Queryable } from '../../db/adapter';
import { currentUser } from '../../plugins/auth';
import { hashPassword } from '../../auth/password';
import { endUserSessions } from '../../auth/sessions';
import { clearFailures } from '../../auth/login-throttle';
import { HttpError } from '../../http-error';
import { checkClientProjects, setUserProjects } from '../../repos/memberships';
import { IdParams, doc, ok } from './shared';
import { audit } from '../../db/audit';
import { lockRow } from '../../db/rows';
import { inTx } from '../../db/tx';
import { passwordResetResponse, userProjectsResponse, userResponse } from '../../../src/domain/contracts/users';
import { sessionsEndedResponse } from '../../../src/domain/contracts/auth';
import { isMemberRole } from '../../../src/domain/roles';
import { accessTarget, clientProjectIds, clientProjectsOfUser, loadUser, resetPassword, type AccessTarget } from '../../repos/admin-users';

type Target = AccessTarget;

const ProjectsBody = z.strictObject({
  project_ids: z
    .array(z.number().int().positive(), { error: 'project_ids must be a list of ids' })
    .max(5000)
    .transform((a) => [...new Set(a)]),
});

/** The projects of the user's client with the user's membership; none for an admin (who sees every project). */
async function userProjects(q: Queryable, userId: number, u: Target) {
  if (!isMemberRole(u.role) || u.client_id === null) return [];
  return clientProjectsOfUser(q, u.client_id, userId);
}

/** A grower or a field worker: only they are members of projects (an admin sees every project). */
function memberTarget(u: Target): number {
  if (!isMemberRole(u.role) || u.client_id === null)
    throw new HttpError(422, 'Administrators see every project; only growers and field workers are members', undefined, undefined, 'not_a_member_role');
  return u.client_id;
}

// Twelve-plus characters (the password rule), letters and digits no one misreads when read aloud or copied by hand.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function temporaryPassword(): string {
  const groups = Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''));
  return groups.join('-');
}

/**
 * A user's access (issue 33): the projects they are a member of, "all surveys of this client" in one action, a
 * password reset with a forced change, ending their sessions, and clearing their failed sign-ins. All audited.
 */
export const userAccessRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const target = accessTarget;

  app.get(
    '/users/:id/projects',
    { schema: { ...doc('users', "The projects of the user's client, with membership"), params: IdParams, response: { 200: userProjectsResponse } } },
    async (request) => {
      const u = await target(db, request.params.id);
      return { ...ok('Projects loaded'), projects: await userProjects(db, request.params.id, u), added: 0, removed: 0 };
    },
  );

  app.put(
    '/users/:id/projects',
    {
      schema: {
        ...doc('users', 'Make the user a member of exactly these projects of their client'),
        params: IdParams,
        body: ProjectsBody,
        response: { 200: userProjectsResponse },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      return inTx(db, async (tx) => {
        const u = await lockRow<Target>(tx, 'users', 'user_id', id, 'user');
        const clientId = memberTarget(u);
        await checkClientProjects(tx, request.body.project_ids, clientId);
        const { added, removed } = await setUserProjects(tx, actor, id, request.body.project_ids, 'user_edited');
        return { ...ok('Projects updated'), projects: await userProjects(tx, id, u), added: added.length, removed: removed.length };
      });
    },
  );

  app.post(
    '/users/:id/projects/all',
    { schema: { ...doc('users', 'Make the user a member of every project of their client'), params: IdParams, response: { 200: userProjectsResponse } } },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      return inTx(db, async (tx) => {
        const u = await lockRow<Target>(tx, 'users', 'user_id', id, 'user');
        const clientId = memberTarget(u);
        const projectIds = await clientProjectIds(tx, clientId);
        const { added } = await setUserProjects(tx, actor, id, projectIds, 'all_surveys');
        return { ...ok(`Access to all ${projectIds.length} surveys of the client`), projects: await userProjects(tx, id, u), added: added.length, removed: 0 };
      });
    },
  );

  app.post(
    '/users/:id/password-reset',
    {
      schema: {
        ...doc('users', 'Reset the password: a one-time temporary password; the user must choose a new one at the next sign-in'),
        params: IdParams,
        response: { 200: passwordResetResponse },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      if (id === actor.user_id) throw new HttpError(409, 'Change your own password in your profile', undefined, undefined, 'own_password_reset');
      const temporary = temporaryPassword();
      const hash = await hashPassword(temporary);
      const ended = await inTx(db, async (tx) => {
        const u = await lockRow<Target>(tx, 'users', 'user_id', id, 'user');
        await resetPassword(tx, id, hash);
        const n = await endUserSessions(tx, id, 'password_reset');
        await clearFailures(tx, id);
        await audit(tx, actor, 'update', 'user_password', id, `Reset the password of ${u.email} (${n} session(s) ended)`, u.email);
        return n;
      });
      return { ...ok('Password reset: give the user the temporary password'), temporary_password: temporary, ended_sessions: ended };
    },
  );

  app.delete(
    '/users/:id/sessions',
    { schema: { ...doc('users', 'End every session of the user (all devices)'), params: IdParams, response: { 200: sessionsEndedResponse } } },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const ended = await inTx(db, async (tx) => {
        const u = await target(tx, id);
        const n = await endUserSessions(tx, id, 'ended_by_admin');
        await audit(tx, actor, 'update', 'user_sessions', id, `Ended ${n} session(s) of ${u.email}`, u.email);
        return n;
      });
      return { ...ok(`${ended} session(s) ended`), ended };
    },
  );

  app.delete(
    '/users/:id/failed-sign-ins',
    { schema: { ...doc('users', 'Clear the failed sign-ins of the user (and every address’s wait)'), params: IdParams, response: { 200: userResponse } } },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const user = await inTx(db, async (tx) => {
        const u = await target(tx, id);
        await clearFailures(tx, id);
        await audit(tx, actor, 'update', 'user_sign_ins', id, `Cleared the failed sign-ins of ${u.email}`, u.email);
        return loadUser(tx, id);
      });
      return { ...ok('Failed sign-ins cleared'), user };
    },
  );
};
