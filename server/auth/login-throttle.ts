// Sign-in limits, kept in the database (migrations 052, 100) so every API process
// on it counts the same attempts (README: sign-in limits):
// - per address: at most `perAddressPerMinute` attempts a minute (any attempt
//   counts, valid or not, as a rate limit does);
// - per (account, address): failures slow that pair down with exponential
//   backoff (backoffSeconds). Nothing is per account alone: failures from one
//   address never keep the account's owner out from another (OWASP ASVS 4.0.1
//   §2.2.1, CWE-645). The account's count of failures since its last success
//   is kept for the administrator (users.failed_sign_ins), and limits nothing.
// Each answer is the seconds to wait, or 0.
import type { Db, Queryable } from '../db/adapter';

const ADDRESS = 1,
  PAIR = 2;

/** Failures of one (account, address) pair that cost nothing; after the fifth it waits 2 s, then 4, 8 … at most 15 minutes. */
export const FREE_FAILURES = 5;
export const MAX_WAIT_SECONDS = 15 * 60;
/** A pair's failures older than this are forgotten. */
export const PAIR_WINDOW_HOURS = 24;

/** Seconds a pair waits after its `failures`-th failure. */
export function backoffSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_SECONDS, 2 ** (failures - FREE_FAILURES + 1));
}

const pairKey = (account: string, address: string) => `${account}\n${address}`;

export class LoginThrottle {
  private calls = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: { perAddressPerMinute: number },
  ) {}

  /**
   * Counts this attempt from `address`; the wait when it is over the limit. Reads at most the limit's number of
   * rows, and an attempt over the limit is not written: a flood from one address costs one bounded read each.
   */
  async addressAttempt(address: string): Promise<number> {
    this.cleanup();
    const limit = this.opts.perAddressPerMinute;
    const { rows } = await this.db.query<{ n: number; wait: number | null }>(
      `WITH recent AS (SELECT at FROM login_attempts WHERE kind = ${ADDRESS} AND key = $1 AND at > clock_timestamp() - interval '1 minute'
                        ORDER BY at DESC LIMIT $2),
            ins AS (INSERT INTO login_attempts (kind, key) SELECT ${ADDRESS}, $1 WHERE (SELECT count(*) FROM recent) < $2)
       SELECT count(*)::int AS n, ceil(extract(epoch FROM min(at) + interval '1 minute' - clock_timestamp()))::int AS wait FROM recent`,
      [address, limit],
    );
    const r = rows[0];
    return r.n >= limit ? Math.max(1, r.wait ?? 60) : 0;
  }

  /**
   * This address wants to try this account's password: the seconds to wait, or 0 — and then the attempt is already
   * counted as a failure (a success takes it back), under a lock of the pair. Counting it before the password is
   * checked keeps parallel guesses from all passing one free slot: without it, 50 connections got 50 guesses each
   * time the wait ran out (bench:load's login attack).
   */
  async pairAttempt(account: string, address: string): Promise<number> {
    const key = pairKey(account, address);
    const waitOf = async (q: Queryable) => {
      const { rows } = await q.query<{ n: number; since: number | null }>(
        `SELECT count(*)::int AS n, extract(epoch FROM clock_timestamp() - max(at))::float8 AS since
           FROM login_attempts WHERE kind = ${PAIR} AND key = $1 AND at > clock_timestamp() - interval '${PAIR_WINDOW_HOURS} hours'`,
        [key],
      );
      const wait = backoffSeconds(rows[0].n) - (rows[0].since ?? 0);
      return wait > 0 ? Math.ceil(wait) : 0;
    };
    // A pair that waits is answered from one read (an attack's flood costs no transaction, no write, no lock).
    const waiting = await waitOf(this.db);
    if (waiting > 0) return waiting;
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [key]);
      const wait = await waitOf(tx);
      if (wait === 0) await tx.query(`INSERT INTO login_attempts (kind, key) VALUES (${PAIR}, $1)`, [key]);
      return wait;
    });
  }

  /** A failed password for `account` (the account may not exist: it is counted alike); its pair attempt stays counted. */
  async fail(account: string): Promise<void> {
    await this.db.query(`UPDATE users SET failed_sign_ins = failed_sign_ins + 1, last_failed_sign_in_at = now() WHERE lower(email) = $1`, [account]);
  }

  async succeed(account: string, address: string): Promise<void> {
    await this.db.query(`DELETE FROM login_attempts WHERE kind = ${PAIR} AND key = $1`, [pairKey(account, address)]);
    await this.db.query(`UPDATE users SET failed_sign_ins = 0 WHERE lower(email) = $1 AND failed_sign_ins <> 0`, [account]);
  }

  /** Every 100th call: rows older than the longest window go. */
  private cleanup(): void {
    if (++this.calls % 100) return;
    void this.db
      .query(
        `DELETE FROM login_attempts WHERE (kind = ${ADDRESS} AND at < clock_timestamp() - interval '1 minute')
            OR at < clock_timestamp() - interval '${PAIR_WINDOW_HOURS} hours'`,
      )
      .catch(() => undefined);
  }
}

/** The administrator's "clear": the account's count and every address's backoff for it. */
export async function clearFailures(q: Queryable, userId: number): Promise<void> {
  const { rows } = await q.query<{ email: string }>(`UPDATE users SET failed_sign_ins = 0 WHERE user_id = $1 RETURNING lower(email) AS email`, [userId]);
  if (rows[0]) await q.query(`DELETE FROM login_attempts WHERE kind = ${PAIR} AND starts_with(key, $1)`, [`${rows[0].email}\n`]);
}
