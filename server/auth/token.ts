import { SignJWT, jwtVerify, errors } from 'jose';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/adapter';

// HS256 only: the verifier allow-lists the algorithm, so `alg: none` and
// algorithm-confusion tokens are rejected.
const ALG = 'HS256';

export interface TokenClaims {
  sub: string; // user id
  tv: number; // token version: bumped on disable/delete/password reset
  sid: number; // the session (sign-in) it belongs to: ending the session ends the token (server/auth/sessions.ts)
  jti: string;
  exp: number;
}

export interface TokenService {
  /** Seconds an access token lives (TOKEN_TTL_SECONDS, default 15 minutes). */
  readonly ttlSeconds: number;
  sign(userId: number, tokenVersion: number, sessionId: number): Promise<{ token: string; expiresAt: Date; expiresIn: number }>;
  verify(token: string): Promise<TokenClaims | null>;
}

/** The secret comes from TOKEN_SECRET, else it is generated once per database and kept there. */
export async function resolveSecret(db: Db, fromEnv: string | undefined): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const fresh = randomBytes(48).toString('base64');
  await db.query(`INSERT INTO server_settings (key, value) VALUES ('token_secret', $1) ON CONFLICT (key) DO NOTHING`, [fresh]);
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM server_settings WHERE key = 'token_secret'`);
  return new TextEncoder().encode(rows[0].value);
}

export function createTokenService(secret: Uint8Array, ttlSeconds: number): TokenService {
  return {
    ttlSeconds,
    async sign(userId, tokenVersion, sessionId) {
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      const token = await new SignJWT({ tv: tokenVersion, sid: sessionId })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(String(userId))
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(secret);
      return { token, expiresAt, expiresIn: ttlSeconds };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: [ALG] });
        const { sub, tv, sid, jti } = payload;
        // A token from before sessions (no sid) is refused: its holder signs in again.
        if (typeof sub !== 'string' || typeof tv !== 'number' || typeof jti !== 'string' || typeof sid !== 'number' || !Number.isSafeInteger(sid)) return null;
        return { sub, tv, sid, jti, exp: payload.exp ?? 0 };
      } catch (e) {
        if (e instanceof errors.JOSEError || e instanceof TypeError) return null;
        throw e;
      }
    },
  };
}
