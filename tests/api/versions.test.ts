// Versions follow ownership (issue 16, migration 050): a write invalidates only
// the surveys and clients it touches. Before, one global marker made every
// survey of every client cold after any write. Run on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { gunzipSync } from 'node:zlib';
import { applyTreeDelta } from '../../src/api/admin-data-trees';
import { cachedSurveys } from '../../server/surveys/map-data-cache';
import { changedTreeMembers, editorTreesJob } from '../../server/repos/editor-trees';
import { textStream } from '../../server/gzip-parts';
import { text } from 'node:stream/consumers';

let t: TestApp;
const fx = { a: 0, b: 0, projectA: 0, otherProjectA: 0, projectB: 0, treeA: 0, plotB: 0 };
beforeAll(async () => {
  t = await createTestApp({ scale: 0.01 });
  const one = async (sql: string) => Number((await t.db.query<{ id: number }>(sql)).rows[0].id);
  fx.a = await one(`SELECT client_id AS id FROM clients WHERE name = 'Galil Orchards'`);
  fx.b = await one(`SELECT client_id AS id FROM clients WHERE name = 'Negev Citrus'`);
  fx.projectA = await one(`SELECT min(project_id) AS id FROM tree_observations WHERE client_id = ${fx.a}`);
  fx.otherProjectA = await one(`SELECT max(project_id) AS id FROM tree_observations WHERE client_id = ${fx.a}`);
  fx.projectB = await one(`SELECT min(project_id) AS id FROM tree_observations WHERE client_id = ${fx.b}`);
  fx.treeA = await one(`SELECT min(tree_id) AS id FROM tree_observations WHERE project_id = ${fx.projectA}`);
  fx.plotB = await one(`SELECT min(plot_id) AS id FROM plots WHERE client_id = ${fx.b}`);
});
afterAll(async () => t?.close());

async function versions() {
  const s = await t.db.query<{ project_id: number; version: string; obs_version: string }>(
    'SELECT project_id, version::text, obs_version::text FROM survey_versions',
  );
  const c = await t.db.query<{ client_id: number; trees_version: string; data_version: string; projects_version: string }>(
    'SELECT client_id, trees_version::text, data_version::text, projects_version::text FROM client_versions',
  );
  return {
    survey: new Map(s.rows.map((r) => [r.project_id, r])),
    client: new Map(c.rows.map((r) => [r.client_id, r])),
  };
}

const etag = async (projectId: number) =>
  (await t.as('admin', { method: 'GET', url: `/api/trees/${projectId}`, headers: { accept: 'application/vnd.apache.arrow.stream' } })).headers.etag;

describe(`versions follow ownership on ${ENGINE}`, () => {
  it("a write in another client changes none of this client's versions and keeps its map data warm", async () => {
    const before = await versions();
    const tagBefore = await etag(fx.projectA);
    await t.db.query(`UPDATE plots SET plot_name = plot_name || ' x' WHERE plot_id = $1`, [fx.plotB]);
    await t.db.query(`UPDATE trees SET row_num = row_num WHERE client_id = $1 AND tree_id = (SELECT min(tree_id) FROM trees WHERE client_id = $1)`, [fx.b]);
    const after = await versions();
    for (const [id, row] of before.survey) {
      if (row && after.survey.get(id)!.version !== row.version) {
        const owner = (await t.db.query<{ client_id: number }>('SELECT client_id FROM projects WHERE project_id = $1', [id])).rows[0].client_id;
        expect(owner).toBe(fx.b);
      }
    }
    expect(after.client.get(fx.a)).toEqual(before.client.get(fx.a));
    expect(after.client.get(fx.b)!.data_version).not.toBe(before.client.get(fx.b)!.data_version);
    expect(await etag(fx.projectA)).toBe(tagBefore);
  });

  it('a tree write bumps its client, logs the tree, and makes the surveys that observed it cold', async () => {
    const before = await versions();
    const tagBefore = await etag(fx.projectA);
    await t.db.query('UPDATE trees SET row_num = row_num WHERE tree_id = $1', [fx.treeA]);
    const after = await versions();
    const cb = before.client.get(fx.a)!,
      ca = after.client.get(fx.a)!;
    expect(BigInt(ca.trees_version)).toBe(BigInt(cb.trees_version) + 1n);
    expect(BigInt(ca.data_version)).toBe(BigInt(cb.data_version) + 1n);
    const log = await t.db.query<{ tree_id: number }>('SELECT tree_id FROM tree_changes WHERE client_id = $1 AND version = $2', [fx.a, ca.trees_version]);
    expect(log.rows.map((r) => r.tree_id)).toEqual([fx.treeA]);
    expect(after.survey.get(fx.projectA)!.version).not.toBe(before.survey.get(fx.projectA)!.version);
    expect(after.survey.get(fx.projectA)!.obs_version).toBe(before.survey.get(fx.projectA)!.obs_version);
    expect(after.survey.get(fx.projectB)).toEqual(before.survey.get(fx.projectB));
    expect(await etag(fx.projectA)).not.toBe(tagBefore);
  });

  it("an observation write bumps that survey only, and its client's project lists", async () => {
    const before = await versions();
    await t.db.query(`UPDATE tree_observations SET tree_status = tree_status WHERE project_id = $1 AND tree_id = $2`, [fx.projectA, fx.treeA]);
    const after = await versions();
    expect(BigInt(after.survey.get(fx.projectA)!.obs_version)).toBe(BigInt(before.survey.get(fx.projectA)!.obs_version) + 1n);
    if (fx.otherProjectA !== fx.projectA) expect(after.survey.get(fx.otherProjectA)).toEqual(before.survey.get(fx.otherProjectA));
    expect(BigInt(after.client.get(fx.a)!.projects_version)).toBe(BigInt(before.client.get(fx.a)!.projects_version) + 1n);
    expect(after.client.get(fx.b)).toEqual(before.client.get(fx.b));
  });

  it('a bulk tree write logs one "everything changed" row instead of every tree', async () => {
    const count = Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM trees WHERE client_id = $1', [fx.a])).rows[0].n);
    await t.db.query('UPDATE trees SET row_num = row_num WHERE client_id = $1', [fx.a]);
    const v = (await versions()).client.get(fx.a)!.trees_version;
    const log = await t.db.query<{ tree_id: number | null }>('SELECT tree_id FROM tree_changes WHERE client_id = $1 AND version = $2', [fx.a, v]);
    expect(log.rows.length).toBe(count <= 20_000 ? count : 1);
    if (count > 20_000) expect(log.rows[0].tree_id).toBeNull();
  });

  it('new clients and projects get their version rows', async () => {
    const res = await t.as('admin', { method: 'POST', url: '/api/admin/clients', payload: { name: `Versioned ${Date.now()}` } });
    expect(res.statusCode).toBe(201);
    const id = Number(res.json().client.client_id);
    const { rows } = await t.db.query('SELECT 1 FROM client_versions WHERE client_id = $1', [id]);
    expect(rows.length).toBe(1);
    const missing = await t.db.query('SELECT project_id FROM projects p WHERE NOT EXISTS (SELECT 1 FROM survey_versions s WHERE s.project_id = p.project_id)');
    expect(missing.rows).toEqual([]);
  });

  it("the data editor reopens with a 304 until its client changes; other clients' writes do not count", async () => {
    const get = (etag?: string) => t.as('admin', { method: 'GET', url: `/api/admin/data/clients/${fx.a}`, headers: etag ? { 'if-none-match': etag } : {} });
    const first = await get();
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"cd-/);
    expect((await get(tag)).statusCode).toBe(304);
    await t.db.query(`UPDATE plots SET plot_name = plot_name || ' y' WHERE plot_id = $1`, [fx.plotB]);
    expect((await get(tag)).statusCode).toBe(304);
    await t.db.query('UPDATE trees SET row_num = row_num WHERE tree_id = $1', [fx.treeA]);
    const after = await get(tag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(tag);
    expect(after.json().trees.count).toBe(first.json().trees.count);
  });

  it("the editor's trees are read once per tree version: an import reuses them, a tree edit or a breed rename does not", async () => {
    const url = `/api/admin/data/clients/${fx.a}`;
    const full = async () => (await t.as('admin', { method: 'GET', url })).json();
    const before = await full();
    const tree = (await t.db.query<{ tree_id: number }>('SELECT tree_id FROM tree_observations WHERE project_id = $1 LIMIT 1', [fx.projectA])).rows[0].tree_id;
    const res = await t.as('admin', {
      method: 'POST',
      url: `/api/admin/projects/${fx.projectA}/import`,
      payload: `tree_id,tree_status\n${tree},1`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode).toBe(200);
    const afterImport = await full();
    expect(afterImport.trees_version).toBe(before.trees_version);
    expect(afterImport.trees).toEqual(before.trees);
    await t.db.query('UPDATE trees SET row_num = row_num + 1 WHERE tree_id = $1', [tree]);
    const afterEdit = await full();
    const i = (afterEdit.trees.tree_id as number[]).indexOf(tree);
    expect(afterEdit.trees.row_num[i]).toBe((before.trees.row_num[i] as number) + 1);
    const breed = (await t.db.query<{ breed_id: number }>('SELECT breed_id FROM trees WHERE client_id = $1 AND breed_id IS NOT NULL LIMIT 1', [fx.a])).rows[0]
      ?.breed_id;
    expect(breed).toBeGreaterThan(0);
    const held = await full();
    await t.db.query(`UPDATE breeds SET breed_name = breed_name || ' (renamed)', version = version + 1 WHERE breed_id = $1`, [breed]);
    expect((await full()).trees.breeds[breed]).toMatch(/\(renamed\)$/);
    // An editor that reloads with its version (no tree changed) gets the new name too.
    const delta = (await t.as('admin', { method: 'GET', url: `${url}?since=${held.trees_version}` })).json();
    expect(delta.trees.format).toBe('delta');
    expect(applyTreeDelta(held.trees, delta.trees).breeds[breed]).toMatch(/\(renamed\)$/);
  });

  it("the editor's data in gzip (its trees compressed once, apart from the rest) reads back as the plain answer", async () => {
    const url = `/api/admin/data/clients/${fx.a}`;
    const plain = await t.as('admin', { method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      // The second answer reuses the kept trees.
      const gz = await t.as('admin', { method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(gz.statusCode).toBe(200);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
      expect(gz.headers.vary).toMatch(/accept-encoding/i);
      expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it("the editor's whole read, a chunk at a time, gives the columns one statement over all the client's trees gives", async () => {
    const ids = (await t.db.query<{ id: number }>('SELECT tree_id AS id FROM trees WHERE client_id = $1', [fx.a])).rows.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(100);
    const once = JSON.parse(`{${await changedTreeMembers(t.db, fx.a, ids)}`);
    const used = new Set((once.breed_id as (number | null)[]).filter((b) => b !== null).map(String));
    for (const chunk of [7, ids.length, 50_000]) {
      // 7: many chunks, the last one short; ids.length: one full chunk and an empty read.
      const { breeds, ...cols } = JSON.parse(await text(textStream(['{', await editorTreesJob(t.db, { clientId: fx.a, chunk })])));
      const { breeds: allBreeds, ...onceCols } = once;
      expect(cols, `chunk ${chunk}`).toEqual(onceCols);
      expect(cols.count).toBe(ids.length);
      // The whole read names the breeds its trees have (a reload names every breed).
      expect(Object.keys(breeds).sort()).toEqual([...used].sort());
      for (const id of used) expect(breeds[id]).toBe(allBreeds[id]);
    }
  });

  it('an editor reload gets only the trees changed since its version, and merging gives exactly the full data', async () => {
    const url = `/api/admin/data/clients/${fx.a}`;
    const full = async () => (await t.as('admin', { method: 'GET', url })).json();
    const base = await full();
    expect(typeof base.trees_version).toBe('number');
    const noChange = (await t.as('admin', { method: 'GET', url: `${url}?since=${base.trees_version}` })).json();
    expect(noChange.trees).toMatchObject({ format: 'delta', changed_ids: [], count: 0 });
    // A moved tree, a deleted tree (without results) and a new tree.
    const ids = base.trees.tree_id as number[];
    const free = (
      await t.db.query<{ id: number }>(
        `SELECT t.tree_id AS id FROM trees t WHERE t.client_id = $1 AND NOT EXISTS (SELECT 1 FROM tree_observations o WHERE o.tree_id = t.tree_id) ORDER BY t.tree_id DESC LIMIT 1`,
        [fx.a],
      )
    ).rows[0]?.id;
    await t.db.query('UPDATE trees SET lon = lon + 0.00001 WHERE tree_id = $1', [ids[1]]);
    if (free) await t.db.query('DELETE FROM trees WHERE tree_id = $1', [free]);
    const added = (
      await t.db.query<{ id: number }>(
        `INSERT INTO trees (client_id, row_num, tree_num, lon, lat) SELECT client_id, 999, 1, lon, lat FROM trees WHERE tree_id = $1 RETURNING tree_id AS id`,
        [ids[0]],
      )
    ).rows[0].id;
    const delta = (await t.as('admin', { method: 'GET', url: `${url}?since=${base.trees_version}` })).json();
    expect(delta.trees.format).toBe('delta');
    expect([...delta.trees.changed_ids].sort((x: number, y: number) => x - y)).toEqual([ids[1], ...(free ? [free] : []), added].sort((x, y) => x - y));
    expect(delta.trees.count).toBe(2);
    const now = await full();
    const merged = applyTreeDelta(base.trees, delta.trees);
    const { breeds: mergedBreeds, ...mergedCols } = merged;
    const { breeds: fullBreeds, ...fullCols } = now.trees;
    expect(mergedCols).toEqual(fullCols);
    // A delta names the breeds of its trees; the editor keeps the ones it has.
    expect(mergedBreeds).toMatchObject(fullBreeds);
    // Too old or unknown versions: everything.
    expect((await t.as('admin', { method: 'GET', url: `${url}?since=${now.trees_version + 5}` })).json().trees.format).toBe('columns');
    await t.db.query('UPDATE trees SET row_num = row_num WHERE client_id = $1', [fx.a]);
    const count = Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM trees WHERE client_id = $1', [fx.a])).rows[0].n);
    const afterBulk = (await t.as('admin', { method: 'GET', url: `${url}?since=${now.trees_version}` })).json().trees;
    expect(afterBulk.format).toBe(count > 20_000 ? 'columns' : 'delta');
    expect((await t.as('admin', { method: 'GET', url: `${url}?since=abc` })).statusCode).toBe(400);
  });

  it('after an admin write, the open surveys it touched are rebuilt in the background; others are left alone', async () => {
    await etag(fx.projectA);
    await etag(fx.projectB);
    const before = cachedSurveys(t.db);
    const tree = (await t.db.query<{ tree_id: number }>('SELECT tree_id FROM tree_observations WHERE project_id = $1 LIMIT 1', [fx.projectA])).rows[0].tree_id;
    const res = await t.as('admin', {
      method: 'POST',
      url: `/api/admin/projects/${fx.projectA}/import`,
      payload: `tree_id,tree_status\n${tree},2`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode).toBe(200);
    const version = (await t.db.query<{ v: string }>('SELECT version::text AS v FROM survey_versions WHERE project_id = $1', [fx.projectA])).rows[0].v;
    expect(version).not.toBe(before.get(fx.projectA));
    await expect.poll(() => cachedSurveys(t.db).get(fx.projectA)).toBe(version);
    expect(cachedSurveys(t.db).get(fx.projectB)).toBe(before.get(fx.projectB));
  });
});
