import { scrypt, randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';

// Passwords are hashed with argon2id at the OWASP Password Storage Cheat
// Sheet's first choice: m = 19 MiB, t = 2, p = 1 (~30–60 ms here, against
// ~300 ms for the scrypt N=2^17 we used before). Stored in the PHC string form
// ($argon2id$v=19$m=…,t=…,p=…$salt$hash), so parameters can be raised later.
// Older "scrypt$N$r$p$salt$hash" hashes still verify; the login rehashes them.
// (Algorithm is a const enum, which isolated modules cannot read: 2 is Argon2id.)
export const ARGON2_PARAMS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const ARGON2_PREFIX = `$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`;
const KEY_LEN = 32;

function scryptDerive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const maxmem = 256 * (opts.N ?? 1) * (opts.r ?? 8) + 64 * 1024 * 1024;
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, { ...opts, maxmem }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), ARGON2_PARAMS);
}

/** A hash made with other parameters or another algorithm: replace it after the next successful login. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(ARGON2_PREFIX);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await argon2Verify(stored, password.normalize('NFKC'));
    } catch {
      return false; // a malformed stored hash
    }
  }
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptDerive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** The old scheme, kept to verify (and test the rehash of) hashes made before argon2id. */
export async function scryptHashForTests(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** 17,
    r = 8,
    p = 1;
  const key = await scryptDerive(password, salt, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** A hash of a random password, compared against when the email is unknown so both failures cost the same. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  return dummyHash;
}
