// The GeoJSON form is streamed from the job thread, read 5,000 observations at
// a time and sent in 1 MB pieces (issue 16): the result must be exactly the
// document built at once, across read and piece boundaries, and gzip on the
// fly must round-trip.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMapJson } from '../../server/surveys/map-data-json';
import { loadProjectMapRows } from '../support/map-rows';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';

let t: TestApp;
let projectId = 0;
let observations = 0;
beforeAll(async () => {
  t = await createTestApp({ scale: 0.3 });
  const { rows } = await t.db.query<{ project_id: number; n: number }>(
    'SELECT project_id, count(*)::int AS n FROM tree_observations GROUP BY project_id ORDER BY n DESC LIMIT 1',
  );
  ({ project_id: projectId, n: observations } = rows[0]);
});
afterAll(async () => t?.close());

describe(`GeoJSON map data, streamed, on ${ENGINE}`, () => {
  it('is exactly the document built at once, over several chunks', async () => {
    expect(observations).toBeGreaterThan(20_000); // several reads, and pieces that end inside a read
    const res = await t.as('admin', { method: 'GET', url: `/api/trees/${projectId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const whole = JSON.parse(buildMapJson(await loadProjectMapRows(t.db, projectId)).toString('utf8'));
    const streamed = JSON.parse(res.body);
    expect(streamed.trees.features.length).toBe(observations);
    expect(streamed).toEqual(whole);
    const gz = await t.as('admin', { method: 'GET', url: `/api/projects/${projectId}/data`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(whole);
  });
});
