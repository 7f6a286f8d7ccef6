import { SignJWT, jwtVerify, errors } from 'jose';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/adapter';

// HS256 only: the verifier allow-lists the algorithm, so `alg: none` and
// algorithm-confusion tokens are rejected.
const ALG = 'HS256';

export interface TokenClaims {
  sub: string; // user id
  tv: number; // token version: bumped on disable/delete/password change
  jti: string;
  exp: number;
}

export interface TokenService {
  sign(userId: number, tokenVersion: number): Promise<{ token: string; expiresAt: Date }>;
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
    async sign(userId, tokenVersion) {
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      const token = await new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(String(userId))
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(secret);
      return { token, expiresAt };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: [ALG] });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number' || typeof payload.jti !== 'string') return null;
        return { sub: payload.sub, tv: payload.tv, jti: payload.jti, exp: payload.exp ?? 0 };
      } catch (e) {
        if (e instanceof errors.JOSEError || e instanceof TypeError) return null;
        throw e;
      }
    },
  };
}
