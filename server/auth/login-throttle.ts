// Login limits, kept in the database (migration 052) so every API process on
// it counts the same attempts:
// - per address: at most `perAddressPerMinute` login attempts a minute (any
//   attempt counts, valid or not, as a rate limit does);
// - per account: after `maxFailures` failed logins for one email within
//   `windowMs`, further attempts for that email wait until the window passes.
// Each answer is the seconds to wait, or 0.
import type { Db } from '../db/adapter';

const ADDRESS = 1,
  ACCOUNT = 2;

export interface LoginLimitOptions {
  perAddressPerMinute: number;
  maxFailures?: number;
  windowMs?: number;
}

export class LoginThrottle {
  private readonly maxFailures: number;
  private readonly windowMs: number;
  private calls = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: LoginLimitOptions,
  ) {
    this.maxFailures = opts.maxFailures ?? 10;
    this.windowMs = opts.windowMs ?? 15 * 60_000;
  }

  /** Counts this attempt from `address`; the wait when it is over the limit. */
  async addressAttempt(address: string): Promise<number> {
    this.cleanup();
    const { rows } = await this.db.query<{ n: number; wait: number | null }>(
      `WITH ins AS (INSERT INTO login_attempts (kind, key) VALUES (${ADDRESS}, $1))
       SELECT count(*)::int + 1 AS n, ceil(extract(epoch FROM min(at) + interval '1 minute' - clock_timestamp()))::int AS wait
         FROM login_attempts WHERE kind = ${ADDRESS} AND key = $1 AND at > clock_timestamp() - interval '1 minute'`,
      [address],
    );
    const r = rows[0];
    return r.n > this.opts.perAddressPerMinute ? Math.max(1, r.wait ?? 60) : 0;
  }

  /** Seconds until this account may try again, or 0. */
  async retryAfter(account: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number; wait: number | null }>(
      `SELECT count(*)::int AS n, ceil(extract(epoch FROM min(at) + $2 * interval '1 millisecond' - clock_timestamp()))::int AS wait
         FROM (SELECT at FROM login_attempts WHERE kind = ${ACCOUNT} AND key = $1 AND at > clock_timestamp() - $2 * interval '1 millisecond'
                ORDER BY at DESC LIMIT $3) recent`,
      [account, this.windowMs, this.maxFailures],
    );
    const r = rows[0];
    return r.n >= this.maxFailures ? Math.max(1, r.wait ?? 1) : 0;
  }

  async fail(account: string): Promise<void> {
    await this.db.query(`INSERT INTO login_attempts (kind, key) VALUES (${ACCOUNT}, $1)`, [account]);
  }

  async succeed(account: string): Promise<void> {
    await this.db.query(`DELETE FROM login_attempts WHERE kind = ${ACCOUNT} AND key = $1`, [account]);
  }

  /** Every 100th call: rows older than the longest window go. */
  private cleanup(): void {
    if (++this.calls % 100) return;
    void this.db
      .query(`DELETE FROM login_attempts WHERE at < clock_timestamp() - $1 * interval '1 millisecond'`, [Math.max(this.windowMs, 60_000)])
      .catch(() => undefined);
  }
}
