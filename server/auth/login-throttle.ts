// Per-account login throttle: after `maxFailures` failed logins for one email
// within `windowMs`, further attempts for that email get 429 until the window
// passes. Per-address limits are @fastify/rate-limit's job (see routes/auth.ts).
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  constructor(
    private readonly maxFailures = 10,
    private readonly windowMs = 15 * 60_000,
  ) {}

  /** Seconds until this account may try again, or 0. */
  retryAfter(account: string, now = Date.now()): number {
    const recent = this.recent(account, now);
    if (recent.length < this.maxFailures) return 0;
    return Math.ceil((recent[0] + this.windowMs - now) / 1000);
  }

  fail(account: string, now = Date.now()): void {
    const recent = this.recent(account, now);
    recent.push(now);
    this.failures.set(account, recent);
    if (this.failures.size > 100_000) this.failures.delete(this.failures.keys().next().value!);
  }

  succeed(account: string): void {
    this.failures.delete(account);
  }

  private recent(account: string, now: number): number[] {
    return (this.failures.get(account) ?? []).filter((t) => now - t < this.windowMs);
  }
}
