import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/adapter';
import type { TokenService } from '../auth/token';
import { dummyPasswordHash, verifyPassword } from '../auth/password';
import { LoginThrottle } from '../auth/login-throttle';
import { HttpError } from '../http-error';
import { USER_COLUMNS, currentUser } from '../plugins/auth';

export interface AuthRouteOptions {
  db: Db;
  tokens: TokenService;
  loginPerMinutePerAddress: number;
}

const LoginBody = z.strictObject({
  email: z.string().trim().min(1, 'Email is required').max(254),
  password: z.string().min(1, 'Password is required').max(1024),
});

// One message for an unknown email, a wrong password and a disabled account,
// and the same scrypt cost on every path, so failures cannot be told apart.
const LOGIN_FAILED = 'Invalid email or password';

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, { db, tokens, loginPerMinutePerAddress }) => {
  const throttle = new LoginThrottle();

  app.post(
    '/api/auth/login',
    {
      schema: { body: LoginBody },
      config: { access: 'public', rateLimit: { max: loginPerMinutePerAddress, timeWindow: '1 minute' } },
    },
    async (request) => {
      const email = request.body.email.toLowerCase();
      const wait = throttle.retryAfter(email);
      if (wait > 0)
        throw new HttpError(429, 'Too many failed login attempts. Please try again later.', undefined, {
          'retry-after': String(wait),
        });
      const { rows } = await db.query<Record<string, unknown> & { password_hash: string; disabled: boolean; token_version: number; user_id: number }>(
        `SELECT ${USER_COLUMNS}, u.password_hash, u.disabled, u.token_version
           FROM users u LEFT JOIN clients c ON c.client_id = u.client_id WHERE lower(u.email) = $1`,
        [email],
      );
      const row = rows[0];
      const ok = await verifyPassword(request.body.password, row?.password_hash ?? (await dummyPasswordHash()));
      if (!row || !ok || row.disabled) {
        throttle.fail(email);
        throw new HttpError(401, LOGIN_FAILED);
      }
      throttle.succeed(email);
      const { token, expiresAt } = await tokens.sign(row.user_id, row.token_version);
      const { password_hash: _h, disabled: _d, token_version: _t, ...user } = row;
      return { success: true, message: 'Login successful', token, expiresAt: expiresAt.toISOString(), user };
    },
  );

  app.post('/api/auth/logout', async (request) => {
    const user = currentUser(request);
    await db.query(
      `INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (jti) DO NOTHING`,
      [user.jti, user.exp],
    );
    await db.query(`DELETE FROM revoked_tokens WHERE expires_at < now()`);
    return { success: true, message: 'Logged out' };
  });

  app.get('/api/auth/me', async (request) => {
    const { jti: _j, exp: _e, ...user } = currentUser(request);
    return { success: true, user };
  });
};
