// The database keeps the promises the API makes (issue 15 §3): unique names,
// tenant-consistent references, geometry and measure checks, and migrations
// that refuse an edited history. Run on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/adapter';
import { migrate, migrationFiles, MigrationChangedError } from '../../server/db/migrate';
import { createTestApp, type TestApp } from '../support/api-app';
import { seedDemo } from '../../server/db/seed';
import { withoutSecondaryIndexes } from '../../server/db/bulk';
import { ENGINE, freshDatabase } from '../support/test-db';

let t: TestApp;
const fx = { a: 0, b: 0, plotB: 0, areaB: 0, treeA: 0, treeB: 0, projectA: 0, projectB: 0 };
beforeAll(async () => {
  t = await createTestApp({ scale: 0.01 });
  const one = async (sql: string) => Number((await t.db.query<{ id: number }>(sql)).rows[0].id);
  fx.a = await one(`SELECT client_id AS id FROM clients WHERE name = 'Galil Orchards'`);
  fx.b = await one(`SELECT client_id AS id FROM clients WHERE name = 'Negev Citrus'`);
  fx.plotB = await one(`SELECT min(plot_id) AS id FROM plots WHERE client_id = ${fx.b}`);
  fx.areaB = await one(`SELECT min(irrigation_area_id) AS id FROM irrigation_areas WHERE client_id = ${fx.b}`);
  fx.treeA = await one(`SELECT min(tree_id) AS id FROM trees WHERE client_id = ${fx.a}`);
  fx.treeB = await one(`SELECT min(tree_id) AS id FROM trees WHERE client_id = ${fx.b}`);
  fx.projectA = await one(`SELECT min(project_id) AS id FROM projects WHERE client_id = ${fx.a}`);
  fx.projectB = await one(`SELECT min(project_id) AS id FROM projects WHERE client_id = ${fx.b}`);
});
afterAll(async () => t?.close());

/** The SQLSTATE a statement fails with (inside a rolled-back transaction, so nothing sticks). */
async function sqlState(sql: string, params: unknown[] = []): Promise<string | undefined> {
  try {
    await t.db.transaction(async (tx: Queryable) => {
      await tx.query(sql, params);
      throw Object.assign(new Error('statement succeeded'), { code: 'ok' });
    });
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
}

describe(`database integrity on ${ENGINE}`, () => {
  it('refuses duplicate names case-insensitively where the API does', async () => {
    expect(await sqlState(`INSERT INTO clients (name) VALUES ('GALIL ORCHARDS')`)).toBe('23505');
    expect(await sqlState(`INSERT INTO crop_types (crop_type_name) SELECT upper(crop_type_name) FROM crop_types LIMIT 1`)).toBe('23505');
    expect(await sqlState(`INSERT INTO crop_options (crop_name) SELECT lower(crop_name) FROM crop_options LIMIT 1`)).toBe('23505');
    expect(await sqlState(`INSERT INTO breeds (breed_name, crop_id) SELECT upper(breed_name), crop_id FROM breeds LIMIT 1`)).toBe('23505');
    expect(await sqlState(`INSERT INTO survey_types (code, label) SELECT upper(code), 'Another label' FROM survey_types LIMIT 1`)).toBe('23505');
    expect(await sqlState(`INSERT INTO countries (country_name) SELECT upper(country_name) FROM countries LIMIT 1`)).toBe('23505');
    expect(await sqlState(`INSERT INTO disease_types (disease_name) SELECT upper(disease_name) FROM disease_types LIMIT 1`)).toBe('23505');
    expect(await sqlState(`INSERT INTO irrigation_types (irrigation_type_name) SELECT upper(irrigation_type_name) FROM irrigation_types LIMIT 1`)).toBe(
      '23505',
    );
    expect(await sqlState(`INSERT INTO tree_status_types (status_code, status_name) SELECT 777, upper(status_name) FROM tree_status_types LIMIT 1`)).toBe(
      '23505',
    );
  });

  it('lets exactly one of two concurrent creates of the same name win; the other gets 409', async () => {
    const name = `Concurrent ${Date.now()}`;
    const send = (n: string) => t.as('admin', { method: 'POST', url: '/api/admin/clients', payload: { name: n } });
    const statuses = (await Promise.all([send(name), send(name.toUpperCase())])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM clients WHERE lower(name) = lower($1)`, [name]);
    expect(rows[0].n).toBe(1);
    const crop = `Crop ${Date.now()}`;
    const sendCrop = () => t.as('admin', { method: 'POST', url: '/api/admin/crop-types', payload: { crop_type_name: crop } });
    expect((await Promise.all([sendCrop(), sendCrop()])).map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("never lets a row point into another client's data", async () => {
    expect(await sqlState(`UPDATE trees SET plot_id = $1 WHERE tree_id = $2`, [fx.plotB, fx.treeA])).toBe('23503');
    expect(await sqlState(`UPDATE trees SET irrigation_area_id = $1 WHERE tree_id = $2`, [fx.areaB, fx.treeA])).toBe('23503');
    expect(await sqlState(`UPDATE irrigation_areas SET plot_id = $1 WHERE client_id = $2`, [fx.plotB, fx.a])).toBe('23503');
    // An observation's client is its project's and its tree's.
    expect(
      await sqlState(`INSERT INTO tree_observations (project_id, tree_id, client_id, tree_status) VALUES ($1, $2, $3, 0)`, [fx.projectA, fx.treeB, fx.a]),
    ).toBe('23503');
    expect(
      await sqlState(`INSERT INTO tree_observations (project_id, tree_id, client_id, tree_status) VALUES ($1, $2, $3, 0)`, [fx.projectB, fx.treeB, fx.a]),
    ).toBe('23503');
    expect(await sqlState(`INSERT INTO project_plots (client_id, project_id, plot_id) VALUES ($1, $2, $3)`, [fx.a, fx.projectA, fx.plotB])).toBe('23503');
    // The consistent version of the same statement is fine.
    expect(
      await sqlState(`INSERT INTO tree_observations (project_id, tree_id, client_id, tree_status) VALUES ($1, $2, $3, 0)`, [fx.projectA, fx.treeA, fx.a]),
    ).toBe('ok');
  });

  it('keeps client_id when a plot goes: only the reference is cleared', async () => {
    await t.db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ plot_id: number }>(`SELECT plot_id FROM plots WHERE client_id = $1 ORDER BY plot_id LIMIT 1`, [fx.b]);
        await tx.query(`DELETE FROM tree_observations WHERE client_id = $1`, [fx.b]);
        await tx.query(`DELETE FROM plots WHERE plot_id = $1`, [rows[0].plot_id]);
        const { rows: left } = await tx.query<{ client_id: number; plot_id: number | null }>(`SELECT client_id, plot_id FROM trees WHERE tree_id = $1`, [
          fx.treeB,
        ]);
        expect(left[0]).toEqual({ client_id: fx.b, plot_id: null });
        throw Object.assign(new Error('rollback'), { code: 'rollback' });
      })
      .catch((e: { code?: string }) => expect(e.code).toBe('rollback'));
  });

  it('checks geometry types, bounding boxes and measures', async () => {
    const point = JSON.stringify({ type: 'Point', coordinates: [35, 31] });
    expect(
      await sqlState(`INSERT INTO plots (client_id, plot_name, geom, min_lon, min_lat, max_lon, max_lat) VALUES ($1, 'p', $2, 35, 31, 35, 31)`, [fx.a, point]),
    ).toBe('23514');
    const square = JSON.stringify({
      type: 'Polygon',
      coordinates: [
        [
          [35, 31],
          [35.1, 31],
          [35.1, 31.1],
          [35, 31],
        ],
      ],
    });
    expect(
      await sqlState(`INSERT INTO plots (client_id, plot_name, geom, min_lon, min_lat, max_lon, max_lat) VALUES ($1, 'p', $2, 35.1, 31, 35, 31.1)`, [
        fx.a,
        square,
      ]),
    ).toBe('23514');
    expect(
      await sqlState(
        `INSERT INTO irrigation_areas (client_id, irrigation_area_name, geom, min_lon, min_lat, max_lon, max_lat) VALUES ($1, 'a', $2, 35, 31, 35, 31)`,
        [fx.a, point],
      ),
    ).toBe('23514');
    for (const col of ['n_mean', 'p_mean', 'k_mean', 'canopy_diameter', 'biomass'])
      expect(await sqlState(`UPDATE tree_observations SET ${col} = -0.5 WHERE observation_id = (SELECT min(observation_id) FROM tree_observations)`), col).toBe(
        '23514',
      );
  });

  it('indexes trees by breed and has no index that duplicates another', async () => {
    const { rows } = await t.db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'trees'`);
    const names = rows.map((r) => r.indexname);
    expect(names).toContain('trees_breed_idx');
    expect(names).toContain('trees_client_lon_lat_idx');
    expect(names).not.toContain('trees_client_idx');
  });
});

describe(`bulk loads on ${ENGINE}`, () => {
  const indexes = async (db: Queryable) =>
    (
      await db.query<{ name: string; def: string }>(
        `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename IN ('trees', 'tree_observations') ORDER BY indexname`,
      )
    ).rows;

  it('the seed builds the indexes it dropped for its load again, exactly as the migrations made them', async () => {
    const { db, drop } = await freshDatabase();
    try {
      await migrate(db);
      const before = await indexes(db);
      expect(before.length).toBeGreaterThan(6);
      await seedDemo(db, { scale: 0.01 });
      expect(await indexes(db)).toEqual(before);
      // A failed load leaves them as they were (the caller's transaction rolls back).
      await expect(
        db.transaction((tx) =>
          withoutSecondaryIndexes(tx, ['trees', 'tree_observations'], async () => {
            expect((await indexes(tx)).length).toBeLessThan(before.length);
            throw new Error('load failed');
          }),
        ),
      ).rejects.toThrow('load failed');
      expect(await indexes(db)).toEqual(before);
    } finally {
      await drop();
    }
  });
});

describe(`migration history on ${ENGINE}`, () => {
  it('records a checksum per file and refuses an edited, already-applied migration with a clear message', async () => {
    const { db, drop } = await freshDatabase();
    try {
      const files = await migrationFiles();
      await migrate(db, files);
      const { rows } = await db.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM schema_migrations ORDER BY name`);
      expect(rows.map((r) => r.name)).toEqual(files.map((f) => f.name));
      expect(rows.every((r, i) => r.checksum === files[i].checksum && /^[0-9a-f]{64}$/.test(r.checksum))).toBe(true);
      const edited = files.map((f, i) => (i === 1 ? { ...f, sql: `${f.sql}\n-- edited`, checksum: 'f'.repeat(64) } : f));
      await expect(migrate(db, edited)).rejects.toThrow(MigrationChangedError);
      await expect(migrate(db, edited)).rejects.toThrow(new RegExp(`${files[1].name} was changed after it was applied`));
      // Unchanged history is still fine.
      expect((await migrate(db, files)).applied).toEqual([]);
    } finally {
      await drop();
    }
  });

  it('runs a file whole: a failing statement leaves nothing of that file behind', async () => {
    const { db, drop } = await freshDatabase();
    try {
      const files = await migrationFiles();
      const broken = [...files, { name: '999_broken.sql', sql: 'CREATE TABLE half_done (x int);\nSELECT no_such_function();', checksum: 'x' }];
      await expect(migrate(db, broken)).rejects.toThrow();
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'half_done'`);
      expect(rows[0].n).toBe(0);
      const { rows: rec } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM schema_migrations WHERE name = '999_broken.sql'`);
      expect(rec[0].n).toBe(0);
    } finally {
      await drop();
    }
  });
});
