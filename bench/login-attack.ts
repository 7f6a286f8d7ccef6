// bench:load's login attack (issue 33): wrong passwords for one account as fast
// as the attacker can send them, while other users work, and the victim signs in
// from their own address in the middle of it. Two attackers: one address (the
// (account, address) backoff answers it 429 without hashing), and a botnet of a
// new address per attempt (every attempt is hashed: the costly case). The server
// must trust X-Forwarded-For (TRUST_PROXY) so each request can name its address.
import autocannon from 'autocannon';

export interface AttackRow {
  scenario: string;
  'attempts/s': number;
  '401': number;
  '429': number;
  other: number;
  'others p50 ms': number;
  'others p99 ms': number;
  'others p99 × alone': number;
  'others errors': number;
  'victim sign-in': string;
}

interface Options {
  base: string;
  duration: number;
  connections: number;
  victim: { email: string; password: string };
  /** Other users' calls (a grower's project list and statistics), with their headers. */
  others: { path: string; headers: Record<string, string> }[];
}

const codes = (r: autocannon.Result) => (r as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};

/** Other users alone, then beside each attack; the victim signs in halfway through each attack. */
export async function loginAttack(o: Options): Promise<AttackRow[]> {
  const othersRun = () =>
    autocannon({
      url: o.base,
      connections: 10,
      duration: o.duration,
      requests: o.others.map((x) => ({ method: 'GET' as const, path: x.path, headers: x.headers })),
    });
  // Warm: the first statistics call of a survey builds its map data (seconds), which is not what is measured here.
  for (const x of o.others) await (await fetch(`${o.base}${x.path}`, { headers: x.headers })).arrayBuffer();
  const alone = await othersRun();
  const rows: AttackRow[] = [];
  for (const spread of [false, true]) {
    let n = 0;
    const attack = autocannon({
      url: `${o.base}/api/auth/login`,
      method: 'POST',
      connections: o.connections,
      duration: o.duration,
      timeout: 60,
      requests: [
        {
          method: 'POST',
          path: '/api/auth/login',
          setupRequest: (req) => ({
            ...req,
            headers: {
              'content-type': 'application/json',
              // One address, or a new one per attempt (10.x.y.z: 16M of them).
              'x-forwarded-for': spread ? `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` : '203.0.113.66',
            },
            body: JSON.stringify({ email: o.victim.email, password: `guess-${n}` }),
          }),
        },
      ],
    });
    const others = othersRun();
    // Halfway: the account's owner signs in from their own address.
    await new Promise((r) => setTimeout(r, (o.duration * 1000) / 2));
    const t0 = performance.now();
    const victim = await fetch(`${o.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify(o.victim),
    });
    const victimMs = Math.round(performance.now() - t0);
    await victim.arrayBuffer();
    const [a, b] = await Promise.all([attack, others]);
    const c = codes(a);
    rows.push({
      scenario: spread ? 'login attack, a new address per attempt' : 'login attack from one address',
      'attempts/s': Math.round(a.requests.average * 10) / 10,
      '401': c['401']?.count ?? 0,
      '429': c['429']?.count ?? 0,
      other: a.requests.total - (c['401']?.count ?? 0) - (c['429']?.count ?? 0),
      'others p50 ms': b.latency.p50,
      'others p99 ms': b.latency.p99,
      'others p99 × alone': Math.round((b.latency.p99 / Math.max(1, alone.latency.p99)) * 100) / 100,
      'others errors': b.errors + b.timeouts + b.non2xx,
      'victim sign-in': `${victim.status} in ${victimMs} ms`,
    });
  }
  rows.unshift({
    scenario: 'other users alone (10 conn.)',
    'attempts/s': 0,
    '401': 0,
    '429': 0,
    other: 0,
    'others p50 ms': alone.latency.p50,
    'others p99 ms': alone.latency.p99,
    'others p99 × alone': 1,
    'others errors': alone.errors + alone.timeouts + alone.non2xx,
    'victim sign-in': '-',
  });
  return rows;
}
