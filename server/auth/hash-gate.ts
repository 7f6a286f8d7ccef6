// At most `concurrency` password hashes at a time, at most `queue` waiting.
// A burst of logins (a morning rush, or someone hammering the form) then
// takes a bounded share of the thread pool the rest of the API needs, and
// callers beyond the queue get a quick "busy" answer instead of a long wait.
export class GateFullError extends Error {
  constructor() {
    super('Too many sign-ins at once. Please try again in a few seconds.');
  }
}

export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queue: number,
  ) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw new GateFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // the slot passes straight to the next waiter
      else this.running--;
    }
  }

  get inFlight(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }
}
