// Durable survey snapshots (issue 16, server/snapshots): built once per survey
// version into files recorded in the database, served as stored after a
// restart or by a second app on the same database, and patched after small
// writes. Every patched snapshot must be byte for byte the snapshot a full read
// builds. Run on PGlite and on PostgreSQL.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsFor } from '../../server/jobs/runner';
import { snapshotDirOf } from '../../server/snapshots/store';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';

const ARROW = 'application/vnd.apache.arrow.stream';
let t: TestApp;
const fx = { client: 0, project: 0, trees: [] as number[], plot: 0 };

beforeAll(async () => {
  t = await createTestApp({ scale: 0.03 });
  const { rows } = await t.db.query<{ project_id: number; client_id: number }>(
    `SELECT project_id, client_id FROM tree_observations GROUP BY project_id, client_id ORDER BY count(*) DESC LIMIT 1`,
  );
  fx.project = rows[0].project_id;
  fx.client = rows[0].client_id;
  fx.trees = (
    await t.db.query<{ tree_id: number }>('SELECT tree_id FROM tree_observations WHERE project_id = $1 ORDER BY tree_id LIMIT 5', [fx.project])
  ).rows.map((r) => r.tree_id);
  fx.plot = (
    await t.db.query<{ plot_id: number }>('SELECT plot_id FROM project_plots WHERE project_id = $1 ORDER BY plot_id LIMIT 1', [fx.project])
  ).rows[0].plot_id;
});
afterAll(async () => t?.close());

async function open() {
  const res = await t.as('admin', { method: 'GET', url: `/api/trees/${fx.project}`, headers: { accept: ARROW } });
  expect(res.statusCode).toBe(200);
  const source = /snapshot;desc="(\w+)"/.exec(String(res.headers['server-timing']))?.[1];
  return { bytes: res.rawPayload, etag: res.headers.etag, source };
}

/** The snapshot a full read of the database builds now. */
async function fullBuild() {
  const meta = await jobsFor(t.db).run('surveySnapshot', { projectId: fx.project, dir: snapshotDirOf(t.db), full: true });
  expect(meta.source).toBe('built');
  return { arrow: readFileSync(meta.arrowFile), statistics: meta.statistics };
}

async function expectPatchedEqualsFull() {
  const patched = await open();
  expect(patched.source).toBe('patched');
  const stats = (await t.as('admin', { method: 'GET', url: `/api/tree-status-statistics/${fx.project}` })).json();
  const full = await fullBuild();
  expect(Buffer.compare(patched.bytes, full.arrow)).toBe(0);
  const strip = (s: Record<string, unknown>) => ({ ...s, _debug: undefined });
  expect(strip(stats)).toEqual(strip(full.statistics as Record<string, unknown>));
}

const importRows = (csv: string) =>
  t.as('admin', { method: 'POST', url: `/api/admin/projects/${fx.project}/import`, payload: csv, headers: { 'content-type': 'text/csv' } });

describe(`survey snapshots on ${ENGINE}`, () => {
  it('are built once, then served as stored with the same ETag', async () => {
    const first = await open();
    expect(['built', 'patched']).toContain(first.source);
    const again = await open();
    expect(again.etag).toBe(first.etag);
    expect(Buffer.compare(again.bytes, first.bytes)).toBe(0);
    const row = await t.db.query('SELECT token FROM survey_snapshots WHERE project_id = $1', [fx.project]);
    expect(row.rows).toHaveLength(1);
  });

  it('a one-row import is patched in, and equals a full read', async () => {
    await open();
    const status = (
      await t.db.query<{ s: number }>('SELECT tree_status AS s FROM tree_observations WHERE project_id = $1 AND tree_id = $2', [fx.project, fx.trees[0]])
    ).rows[0].s;
    expect((await importRows(`tree_id,tree_status,n_mean\n${fx.trees[0]},${(status + 1) % 3},2.5`)).statusCode).toBe(200);
    await expectPatchedEqualsFull();
  });

  it("an import makes the survey's map data before it answers: the snapshot of the new version is recorded, and the next open builds nothing", async () => {
    const recorded = async () =>
      (
        await t.db.query<{ current: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM survey_snapshots s JOIN survey_versions v USING (project_id)
                           WHERE s.project_id = $1 AND s.version = v.version) AS current`,
          [fx.project],
        )
      ).rows[0].current;
    await open();
    expect(await recorded()).toBe(true);
    const status = (
      await t.db.query<{ s: number }>('SELECT tree_status AS s FROM tree_observations WHERE project_id = $1 AND tree_id = $2', [fx.project, fx.trees[1]])
    ).rows[0].s;
    // Count the snapshot jobs this app asks its job thread for (the real runner, counted on the way through).
    const jobs = jobsFor(t.db);
    const run = jobs.run;
    let builds = 0;
    jobs.run = ((job: Parameters<typeof run>[0], ...rest: unknown[]) => {
      if (job === 'surveySnapshot') builds++;
      return (run as (...a: unknown[]) => Promise<unknown>)(job, ...rest);
    }) as typeof run;
    try {
      expect((await importRows(`tree_id,tree_status\n${fx.trees[1]},${(status + 1) % 3}`)).statusCode).toBe(200);
      expect(builds).toBe(1); // the import's own step
      expect(await recorded()).toBe(true); // the version moved with the import, and its snapshot is already there
      await open();
      expect(builds).toBe(1); // the first open after the import built nothing
    } finally {
      jobs.run = run;
    }
  });

  it('tree edits (moved, renumbered, deleted with its results) are patched in, and equal a full read', async () => {
    await open();
    await t.db.query('UPDATE trees SET lon = lon + 0.00001, row_num = row_num + 100 WHERE tree_id = $1', [fx.trees[1]]);
    await t.db.query('DELETE FROM trees WHERE tree_id = $1', [fx.trees[2]]);
    await expectPatchedEqualsFull();
  });

  it("a plot's crop change reaches every tree of the plot through the patch", async () => {
    await open();
    const crop = (
      await t.db.query<{ crop_id: number }>(
        'SELECT crop_id FROM crop_options WHERE crop_id IS DISTINCT FROM (SELECT crop_id FROM plots WHERE plot_id = $1) ORDER BY crop_id LIMIT 1',
        [fx.plot],
      )
    ).rows[0].crop_id;
    await t.db.query('UPDATE plots SET crop_id = $2 WHERE plot_id = $1', [fx.plot, crop]);
    await expectPatchedEqualsFull();
  });

  it('a big write (more rows than the log lists) is read whole', async () => {
    await open();
    const n = Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tree_observations')).rows[0].n);
    expect(n).toBeGreaterThan(2000); // one statement over every survey's results
    await t.db.query('UPDATE tree_observations SET tree_status = tree_status');
    const log = await t.db.query<{ tree_id: number | null }>(
      'SELECT tree_id FROM observation_changes WHERE project_id = $1 AND obs_version = (SELECT obs_version FROM survey_versions WHERE project_id = $1)',
      [fx.project],
    );
    expect(log.rows).toEqual([{ tree_id: null }]);
    const after = await open();
    expect(after.source).toBe('built');
    expect(Buffer.compare(after.bytes, (await fullBuild()).arrow)).toBe(0);
  });

  it('a stored snapshot is answered as it is (a restart, a second process); a process with a folder of its own builds and keeps its own', async () => {
    const mine = await open();
    const dir = snapshotDirOf(t.db);
    const stored = await jobsFor(t.db).run('surveySnapshot', { projectId: fx.project, dir });
    expect(stored.source).toBe('stored');
    expect(Buffer.compare(readFileSync(stored.arrowFile), mine.bytes)).toBe(0);
    // Another process with a folder of its own: builds its own (the recorded files are not there) and records it…
    const other = mkdtempSync(path.join(tmpdir(), 'snapshots-other-'));
    try {
      const theirs = await jobsFor(t.db).run('surveySnapshot', { projectId: fx.project, dir: other });
      expect(theirs.source).toBe('built');
      expect(Buffer.compare(readFileSync(theirs.arrowFile), mine.bytes)).toBe(0);
      // …and this one keeps serving, then patching, its own.
      expect((await jobsFor(t.db).run('surveySnapshot', { projectId: fx.project, dir })).source).toBe('stored');
      await t.db.query('UPDATE trees SET row_num = row_num + 1 WHERE tree_id = $1', [fx.trees[3]]);
      expect((await jobsFor(t.db).run('surveySnapshot', { projectId: fx.project, dir })).source).toBe('patched');
      const again = await jobsFor(t.db).run('surveySnapshot', { projectId: fx.project, dir: other }); // from its own, older one
      expect(again.source).toBe('patched');
      expect(Buffer.compare(readFileSync(again.arrowFile), (await open()).bytes)).toBe(0);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
