// npm run bench:load -- --scouting [--devices 50 --records 100 --scale 1 --json] (issue 36, bench/README.md)
// 50 devices sync 100 scouting records each at once (each device one PUT at a time, as its outbox does, all
// devices together), while another client's grower opens their survey list and map records. Their p99 during
// the storm is compared with the same calls alone in this run (goal ≤ 200 ms). Then every device replays its
// first 10 records (200, same body) and the survey is counted: exactly devices × records, none twice.
// Without --url it starts the real server (tsx server/main.ts) on a temp DATA_DIR with the demo seed.
import { v7 as uuid } from 'uuid';
import { FARMS } from '../server/db/seed-farms';
import { flag, rssMb, startServer, stopServer } from './server';

const args = process.argv.slice(2);
const DEVICES = Number(flag('devices', '50'));
const RECORDS = Number(flag('records', '100'));
const JSON_OUT = args.includes('--json');

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10 : NaN;
};

async function login(base: string, email: string, password: string) {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { authorization: `Bearer ${((await r.json()) as { token: string }).token}` };
}

export async function scoutingLoad(): Promise<void> {
  const own = args.includes('--url')
    ? undefined
    : await startServer(flag('scale', '1'), process.env.LOAD_DATABASE_URL, { LOGIN_RATE_PER_MINUTE: '1000000', PASSWORD_HASH_QUEUE: '100000' });
  const base = flag('url', own?.url ?? '');
  try {
    const [g, o] = [FARMS[0].users[0], FARMS[1].users[0]];
    const grower = await login(base, g.email, g.password);
    const other = await login(base, o.email, o.password);
    const project = ((await (await fetch(`${base}/api/projects/user`, { headers: grower })).json()) as { project_id: number; name: string }[]).find(
      (p) => p.name === 'Avocado survey – autumn',
    )!.project_id;
    const otherProject = ((await (await fetch(`${base}/api/projects/user`, { headers: other })).json()) as { project_id: number }[])[0].project_id;
    const issue = ((await (await fetch(`${base}/api/scouting-issues`, { headers: grower })).json()) as { issues: { issue_id: number }[] }).issues[0].issue_id;
    const before = ((await (await fetch(`${base}/api/projects/${project}/records`, { headers: grower })).json()) as { records: unknown[] }).records.length;
    // Each device signs in once (its own session), like 50 phones of the grower's team.
    const devices: Record<string, string>[] = [];
    for (let d = 0; d < DEVICES; d++) devices.push(await login(base, g.email, g.password));

    const otherPaths = ['/api/projects/user', `/api/projects/${otherProject}/records`, `/api/projects/${otherProject}/tasks`];
    const otherLoop = async (until: () => boolean, max = Infinity) => {
      const ms: number[] = [];
      for (let i = 0; !until() && i < max; i++) {
        const t0 = performance.now();
        const r = await fetch(`${base}${otherPaths[i % otherPaths.length]}`, { headers: other });
        await r.arrayBuffer();
        if (r.status !== 200) throw new Error(`other user: ${r.status}`);
        ms.push(performance.now() - t0);
      }
      return ms;
    };
    const alone = await otherLoop(() => false, 300);

    const bodies = devices.map((_, d) =>
      Array.from({ length: RECORDS }, (_, i) => ({
        id: uuid(),
        body: JSON.stringify({
          kind: 'observation',
          position: { lon: 34.8 + d * 1e-4, lat: 30.9 + i * 1e-5, accuracy_m: 4 },
          issue_id: issue,
          severity: 1 + (i % 3),
          note: `Device ${d}, record ${i}`,
          observed_at: new Date(Date.UTC(2026, 10, 25, 6, d, i % 60)).toISOString(),
        }),
      })),
    );
    const put = async (auth: Record<string, string>, id: string, body: string) => {
      const t0 = performance.now();
      const r = await fetch(`${base}/api/projects/${project}/records/${id}`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body });
      await r.arrayBuffer();
      return { status: r.status, ms: performance.now() - t0 };
    };
    let running = true;
    const during = otherLoop(() => !running);
    const t0 = performance.now();
    const answers = (
      await Promise.all(
        devices.map(async (auth, d) => {
          const out = [];
          for (const b of bodies[d]) out.push(await put(auth, b.id, b.body));
          return out;
        }),
      )
    ).flat();
    const stormMs = performance.now() - t0;
    running = false;
    const otherDuring = await during;
    const replays = (await Promise.all(devices.map(async (auth, d) => Promise.all(bodies[d].slice(0, 10).map((b) => put(auth, b.id, b.body)))))).flat();

    const { records } = (await (await fetch(`${base}/api/projects/${project}/records`, { headers: grower })).json()) as { records: { record_id: string }[] };
    const ours = new Set(bodies.flat().map((b) => b.id));
    const mine = records.filter((r) => ours.has(r.record_id));
    const result = {
      bench: 'scouting-load',
      devices: DEVICES,
      records_per_device: RECORDS,
      sync_s: Math.round(stormMs / 100) / 10,
      'records/s': Math.round((answers.length / stormMs) * 1000),
      put_p50_ms: pct(
        answers.map((a) => a.ms),
        50,
      ),
      put_p99_ms: pct(
        answers.map((a) => a.ms),
        99,
      ),
      put_not_201: answers.filter((a) => a.status !== 201).length,
      statuses: [...new Set(answers.map((a) => a.status))].join(' '),
      replay_not_200: replays.filter((a) => a.status !== 200).length,
      other_alone_p99_ms: pct(alone, 99),
      other_during_p99_ms: pct(otherDuring, 99),
      other_ratio: Math.round((pct(otherDuring, 99) / pct(alone, 99)) * 10) / 10,
      other_requests: otherDuring.length,
      stored: mine.length,
      distinct: new Set(mine.map((r) => r.record_id)).size,
      survey_total: records.length,
      expected_total: before + DEVICES * RECORDS,
      rss_mb: own ? rssMb(own.child.pid) : undefined,
    };
    console.table([result]);
    console.log(JSON.stringify(result));
    if (JSON_OUT) return;
    const ok = result.stored === DEVICES * RECORDS && result.distinct === result.stored && result.survey_total === result.expected_total;
    if (!ok || result.put_not_201 || result.replay_not_200) {
      console.error('scouting load: records lost, doubled or refused');
      process.exitCode = 1;
    }
  } finally {
    if (own) await stopServer(own);
  }
}
