// "Has results" (server/repos/project-access.ts hasResultsSql) is read for every survey of a list: the home
// cards, the farm overview, the trend pairs, a task's later survey. Written as `EXISTS (SELECT 1 … WHERE
// o.project_id = p.project_id)` the planner may scan every observation once per survey without results (11 s for
// the home list of the 1M-tree demo; at this test's scale too, PGlite plans it as a Seq Scan); the rule's form
// walks the (project_id, observation_id) index instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { hasResultsSql } from '../../server/repos/project-access';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.query('ANALYZE tree_observations');
});
afterAll(async () => t?.close());

type Plan = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: Plan[] };
const nodes = (p: Plan): Plan[] => [p, ...(p.Plans ?? []).flatMap(nodes)];

async function scansOfObservations(expr: string): Promise<string[]> {
  const { rows } = await t.db.query<{ 'QUERY PLAN': [{ Plan: Plan }] | string }>(`EXPLAIN (FORMAT JSON) SELECT p.project_id, ${expr} AS has FROM projects p`);
  const raw = rows[0]['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan as Plan;
  return nodes(plan)
    .filter((n) => n['Relation Name'] === 'tree_observations')
    .map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`.trim());
}

describe(`the "has results" rule on ${ENGINE}`, () => {
  it('reads the observations through an index, never a scan of them all', async () => {
    const scans = await scansOfObservations(hasResultsSql('p'));
    expect(scans.length).toBeGreaterThan(0);
    expect(
      scans.every((s) => /Index/.test(s)),
      scans.join(', '),
    ).toBe(true);
  });

  it('answers what a plain count answers', async () => {
    const { rows } = await t.db.query<{ project_id: number; has: boolean; n: number }>(
      `SELECT p.project_id, ${hasResultsSql('p')} AS has,
              (SELECT count(*)::int FROM tree_observations o WHERE o.project_id = p.project_id) AS n FROM projects p`,
    );
    expect(rows.some((r) => r.has) && rows.some((r) => !r.has)).toBe(true);
    for (const r of rows) expect(r.has, `survey ${r.project_id}`).toBe(r.n > 0);
  });
});
