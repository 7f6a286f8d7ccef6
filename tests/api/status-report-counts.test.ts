// The admin's tree-status report and the project map's surveys list read their counts from the survey snapshots
// (server/surveys/status-report.ts, observation-counts.ts) instead of counting the observations: here both are
// checked against SQL counted independently. The report: each tree once at its first observation, per status,
// "no status" apart (the snapshot folds it, and status 6, into Unknown 5); also after writes that give first
// observations no status or 6, and when no snapshot can be read at all. The list: every observation row,
// duplicates of a tree included, also right after a write (the snapshot is then not current: counted in SQL)
// and once the patched snapshot is made.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { snapshotDirOf } from '../../server/snapshots/store';
import { currentMapData, getMapData } from '../../server/surveys/map-data-cache';

interface ReportProject {
  project_id: number;
  total_trees: number;
  counts: Record<string, number>;
  no_status: number;
}

let t: TestApp;
let clients: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  clients = (await t.db.query<{ client_id: number }>('SELECT client_id FROM clients ORDER BY client_id')).rows.map((r) => r.client_id);
});
afterAll(async () => t?.close());

/** The report's projects as SQL has them, counted here without the server's functions. */
async function expectedReport(clientId: number): Promise<ReportProject[]> {
  const { rows: statuses } = await t.db.query<{ status_code: number }>('SELECT status_code FROM tree_status_types');
  const { rows: projects } = await t.db.query<{ project_id: number }>('SELECT project_id FROM projects WHERE client_id = $1', [clientId]);
  const { rows } = await t.db.query<{ project_id: number; tree_status: number | null; n: number }>(
    `SELECT f.project_id, f.tree_status, count(*)::int AS n FROM (
        SELECT DISTINCT ON (o.project_id, o.tree_id) o.project_id, o.tree_status FROM tree_observations o
          JOIN projects p ON p.project_id = o.project_id WHERE p.client_id = $1 ORDER BY o.project_id, o.tree_id, o.observation_id) f
      GROUP BY f.project_id, f.tree_status`,
    [clientId],
  );
  return projects.map(({ project_id }) => {
    const p: ReportProject = { project_id, total_trees: 0, counts: Object.fromEntries(statuses.map((s) => [String(s.status_code), 0])), no_status: 0 };
    for (const r of rows.filter((x) => x.project_id === project_id)) {
      p.total_trees += r.n;
      if (r.tree_status === null) p.no_status += r.n;
      else p.counts[String(r.tree_status)] = (p.counts[String(r.tree_status)] ?? 0) + r.n;
    }
    return p;
  });
}

async function reportOf(clientId: number): Promise<ReportProject[]> {
  const res = await t.as('admin', { method: 'GET', url: `/api/admin/reports/tree-status?clientId=${clientId}` });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return (res.json().report.projects as ReportProject[]).map(({ project_id, total_trees, counts, no_status }) => ({
    project_id,
    total_trees,
    counts,
    no_status,
  }));
}

const byId = (ps: ReportProject[]) => [...ps].sort((a, b) => a.project_id - b.project_id);

async function expectReportsMatchSql(): Promise<void> {
  for (const c of clients) expect(byId(await reportOf(c)), `client ${c}`).toEqual(byId(await expectedReport(c)));
}

/** Observation rows per survey, counted here. */
async function sqlObservationCounts(): Promise<Map<number, number>> {
  const { rows } = await t.db.query<{ project_id: number; n: number }>(
    'SELECT p.project_id, count(o.observation_id)::int AS n FROM projects p LEFT JOIN tree_observations o USING (project_id) GROUP BY p.project_id',
  );
  return new Map(rows.map((r) => [r.project_id, r.n]));
}

/** Every survey's list, each row's count against SQL; the number of rows checked. */
async function expectSurveyListsMatchSql(): Promise<number> {
  const expected = await sqlObservationCounts();
  let checked = 0;
  for (const id of expected.keys()) {
    const res = await t.as('admin', { method: 'GET', url: `/api/projects/${id}/surveys` });
    expect(res.statusCode).toBe(200);
    for (const s of res.json() as { project_id: number; observation_count: number }[]) {
      expect(s.observation_count, `survey ${s.project_id} in the list of ${id}`).toBe(expected.get(s.project_id));
      checked++;
    }
  }
  return checked;
}

/** The survey with the most trees observed twice, and one such tree. */
async function duplicated(): Promise<{ project_id: number; tree_id: number }> {
  const { rows } = await t.db.query<{ project_id: number; tree_id: number }>(
    `SELECT project_id, min(tree_id) AS tree_id FROM (SELECT project_id, tree_id FROM tree_observations GROUP BY 1, 2 HAVING count(*) > 1) d
      GROUP BY project_id ORDER BY count(*) DESC, project_id LIMIT 1`,
  );
  return rows[0];
}

describe(`the tree-status report and the surveys list against SQL, on ${ENGINE}`, () => {
  it('the report has the SQL counts of the demo, with trees of no status', async () => {
    const all = (await Promise.all(clients.map(expectedReport))).flat();
    expect(all.some((p) => p.no_status > 0)).toBe(true);
    expect(all.some((p) => p.counts['5'] > 0)).toBe(true);
    await expectReportsMatchSql();
    // Read from the snapshots (made by the report), not counted in SQL.
    const observed = all.filter((p) => p.total_trees > 0);
    expect(observed.length).toBeGreaterThan(1);
    for (const p of observed) expect(await currentMapData(t.db, p.project_id), `survey ${p.project_id}`).not.toBeNull();
  });

  it('keeps no status and 6 apart from 5 after writes, a duplicated tree counted at its first observation', async () => {
    const dup = await duplicated();
    // The duplicated tree: first observation without a status, its later one Dead (3): it counts as no status.
    await t.db.query(
      `UPDATE tree_observations SET tree_status = CASE WHEN observation_id = (SELECT min(observation_id) FROM tree_observations
          WHERE project_id = $1 AND tree_id = $2) THEN NULL ELSE 3 END WHERE project_id = $1 AND tree_id = $2`,
      [dup.project_id, dup.tree_id],
    );
    // Some trees of status 5 in that survey become 6, and some of status 0 lose their status.
    await t.db.query(
      `UPDATE tree_observations SET tree_status = 6 WHERE observation_id IN
        (SELECT observation_id FROM tree_observations WHERE project_id = $1 AND tree_status = 5 ORDER BY observation_id LIMIT 7)`,
      [dup.project_id],
    );
    await t.db.query(
      `UPDATE tree_observations SET tree_status = NULL WHERE observation_id IN
        (SELECT observation_id FROM tree_observations WHERE project_id = $1 AND tree_status = 0 ORDER BY observation_id LIMIT 11)`,
      [dup.project_id],
    );
    const clientId = (await t.db.query<{ client_id: number }>('SELECT client_id FROM projects WHERE project_id = $1', [dup.project_id])).rows[0].client_id;
    const p = (await expectedReport(clientId)).find((x) => x.project_id === dup.project_id)!;
    expect(p.counts['6']).toBeGreaterThan(0);
    expect(p.no_status).toBeGreaterThan(11);
    await expectReportsMatchSql();
  });

  it('counts in SQL the surveys whose snapshot cannot be read, and still answers', async () => {
    const dir = snapshotDirOf(t.db);
    // A write first: no survey of that client has a current snapshot, and none can be made while the folder is a file.
    await t.db.query('UPDATE tree_observations SET tree_status = 6 WHERE observation_id = (SELECT min(observation_id) FROM tree_observations)');
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, 'not a folder');
    try {
      await expectReportsMatchSql();
    } finally {
      rmSync(dir, { force: true });
      mkdirSync(dir, { recursive: true });
    }
  });

  it('the surveys list counts every observation row, from SQL or from a current snapshot alike', async () => {
    const dup = await duplicated();
    const sql = await sqlObservationCounts();
    // The snapshot made for the current version has the count, duplicates included.
    await getMapData(t.db, dup.project_id);
    expect((await currentMapData(t.db, dup.project_id))?.observationCount).toBe(sql.get(dup.project_id));
    expect(await expectSurveyListsMatchSql()).toBeGreaterThan(0);
    // One more observation of the duplicated tree: the snapshot is no longer current, the list counts in SQL.
    await t.db.query(
      `INSERT INTO tree_observations (project_id, tree_id, client_id, tree_status)
       SELECT project_id, tree_id, client_id, 1 FROM tree_observations WHERE project_id = $1 AND tree_id = $2 LIMIT 1`,
      [dup.project_id, dup.tree_id],
    );
    expect(await currentMapData(t.db, dup.project_id)).toBeNull();
    await expectSurveyListsMatchSql();
    // Patched for the new version: its count has the new row.
    await getMapData(t.db, dup.project_id);
    expect((await currentMapData(t.db, dup.project_id))?.observationCount).toBe(sql.get(dup.project_id)! + 1);
    await expectSurveyListsMatchSql();
    await expectReportsMatchSql();
  });
});
