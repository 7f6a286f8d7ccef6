// Reads during a long write (issue 16): the embedded database has one
// connection, and an open transaction (a survey import) holds it. The signed-in
// user, the project list, a survey's access check and version come from an
// exact cache keyed by the database's commit counter, so a grower's list and a
// warm survey answer while the transaction is open; after a commit they are
// read again. On PostgreSQL reads never wait for a writer anyway.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';

let t: TestApp;
let survey = 0;
beforeAll(async () => {
  t = await createTestApp({ scale: 0.01 });
  const list = (await t.as('grower', { method: 'GET', url: '/api/projects/user' })).json() as { project_id: number; observation_date: string | null }[];
  survey = list.find((p) => p.observation_date !== null)!.project_id;
});
afterAll(async () => t?.close());

const ARROW = { accept: 'application/vnd.apache.arrow.stream' };

describe(`reads while a long transaction is open on ${ENGINE}`, () => {
  it('answer the project list and a warm survey before the transaction ends, then see its commit', async () => {
    // Warm: the list, the survey (built once), and the user.
    expect((await t.as('grower', { method: 'GET', url: '/api/projects/user' })).statusCode).toBe(200);
    expect((await t.as('grower', { method: 'GET', url: `/api/trees/${survey}`, headers: ARROW })).statusCode).toBe(200);

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let committedAt = 0;
    const writer = t.db
      .transaction(async (tx) => {
        await tx.query(`UPDATE projects SET name = name || ' (renamed)' WHERE project_id = $1`, [survey]);
        await held;
      })
      .then(() => (committedAt = performance.now()));
    await new Promise((r) => setTimeout(r, 100)); // the transaction is open now

    const answeredAt: number[] = [];
    const reads = [
      t.as('grower', { method: 'GET', url: '/api/projects/user' }),
      t.as('grower', { method: 'GET', url: `/api/trees/${survey}`, headers: ARROW }),
    ].map((p) => p.then((r) => (answeredAt.push(performance.now()), r)));
    const timeout = setTimeout(release, 5_000); // never hang: the transaction ends after 5 s at the latest
    const [list, trees] = await Promise.all(reads);
    release();
    clearTimeout(timeout);
    await writer;
    expect(list.statusCode).toBe(200);
    expect(trees.statusCode).toBe(200);
    expect(Math.max(...answeredAt)).toBeLessThan(committedAt); // answered while the writer held the database
    expect(list.json().find((p: { project_id: number }) => p.project_id === survey).name).not.toMatch(/\(renamed\)$/);

    // Committed: read again, exactly.
    const after = (await t.as('grower', { method: 'GET', url: '/api/projects/user' })).json();
    expect(after.find((p: { project_id: number }) => p.project_id === survey).name).toMatch(/\(renamed\)$/);
  });
});
