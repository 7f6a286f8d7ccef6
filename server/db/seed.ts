import type { Db, Queryable, Tx } from './adapter';
import { bulkInsert, canSkipTriggers, nextIds, withoutSecondaryIndexes } from './bulk';
import { hashPassword } from '../auth/password';
import type { Role } from '../../src/domain/roles';
import { FARMS, ADMIN, type FarmSpec, type PlotSpec } from './seed-farms';
import { LocalFrame, blocks, prng, type Rect } from './seed-geometry';
import { seedReferenceLists } from './seed-reference';
import { emptyColumns, generateObservations, OBSERVATION_COLUMNS } from './seed-observations';
import { bboxOf, type PolygonGeometry } from './geometry-bbox';
import { seedScouting } from './seed-scouting';

export interface SeedOptions {
  /** Tree density factor (1 = the full demo, 100k+ trees in the big survey). */
  scale: number;
  /** The day the relative project dates count from (YYYY-MM-DD); default today (UTC). */
  today?: string;
}

export interface SeedSummary {
  trees: number;
  observations: number;
  projects: number;
  ms: number;
}

/** Seeds the demo data into an empty database, in one transaction. */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  const t0 = performance.now();
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const summary = await db.transaction(async (tx) => {
    await seedReferenceLists(tx);
    await insertUser(tx, ADMIN, null, 'admin');
    const totals = { trees: 0, observations: 0, projects: 0 };
    const load = async () => {
      for (const [i, farm] of FARMS.entries()) {
        const r = await seedFarm(tx, farm, opts.scale, today, 1000 * (i + 1));
        totals.trees += r.trees;
        totals.observations += r.observations;
        totals.projects += r.projects;
      }
    };
    // ~1M trees and ~2M observations at SEED_SCALE=10, by COPY with triggers off: their indexes are built once,
    // after the rows. A session that may not turn triggers off keeps the indexes its triggers look rows up by.
    if (await canSkipTriggers(tx)) await withoutSecondaryIndexes(tx, ['trees', 'tree_observations'], load);
    else await load();
    // Issue 36: a few scouting records and an open task for the demo field worker on the big survey.
    await seedScouting(tx);
    return totals;
  });
  return { ...summary, ms: Math.round(performance.now() - t0) };
}

export async function insertUser(
  tx: Queryable,
  u: { email: string; password: string; first: string; last: string },
  clientId: number | null,
  role: Role,
): Promise<number> {
  const { rows } = await tx.query<{ user_id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, client_id, role)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING user_id`,
    [u.email, await hashPassword(u.password), u.first, u.last, clientId, role],
  );
  return rows[0].user_id;
}

async function seedFarm(tx: Tx, farm: FarmSpec, scale: number, today: string, seed: number) {
  const frame = new LocalFrame(...farm.origin);
  const { rows } = await tx.query<{ client_id: number }>(`INSERT INTO clients (name) VALUES ($1) RETURNING client_id`, [farm.client]);
  const clientId = rows[0].client_id;
  const names = new Set(farm.projects.map((p) => p.name));
  for (const u of farm.users) {
    const unknown = (u.projects ?? []).filter((n) => !names.has(n));
    if (unknown.length) throw new Error(`Seed: ${u.email} is assigned to unknown project(s) ${unknown.join(', ')}`);
  }
  const users: { id: number; projects?: string[] }[] = [];
  for (const u of farm.users) users.push({ id: await insertUser(tx, u, clientId, u.role ?? 'user'), projects: u.projects });

  const plotIds = new Map<string, number>();
  const treesByPlot = new Map<number, { ids: number[]; crops: number[] }>();
  let trees = 0;
  for (const plot of farm.plots) {
    const plotId = await insertPlot(tx, clientId, plot, frame);
    plotIds.set(plot.name, plotId);
    const ids = await insertTrees(tx, clientId, plotId, plot, frame, scale, seed + plotId);
    treesByPlot.set(plotId, { ids, crops: ids.map(() => plot.crop) });
    trees += ids.length;
  }

  let observations = 0;
  for (const [i, p] of farm.projects.entries()) {
    const date = p.dayOffset === null ? null : addDays(today, p.dayOffset);
    const { rows: pr } = await tx.query<{ project_id: number }>(
      `INSERT INTO projects (client_id, name, observation_date, products) VALUES ($1, $2, $3, $4) RETURNING project_id`,
      [clientId, p.name, date, p.products],
    );
    const projectId = pr[0].project_id;
    const ids = p.plots.map((n) => plotIds.get(n)!);
    await tx.query(`INSERT INTO project_plots (client_id, project_id, plot_id) SELECT $1, $2, unnest($3::int[])`, [clientId, projectId, ids]);
    const assigned = users.filter((u) => !u.projects || u.projects.includes(p.name)).map((u) => u.id);
    await tx.query(`INSERT INTO project_users (project_id, user_id) SELECT $1, unnest($2::int[])`, [projectId, assigned]);
    if (!p.observed) continue;
    const cols = emptyColumns();
    const all = { ids: ids.flatMap((id) => treesByPlot.get(id)!.ids), crops: ids.flatMap((id) => treesByPlot.get(id)!.crops) };
    if (p.absent) {
      const { share, salt } = p.absent;
      const keep = all.ids.map((id) => prng(id * 7919 + salt)() >= share);
      all.ids = all.ids.filter((_, k) => keep[k]);
      all.crops = all.crops.filter((_, k) => keep[k]);
    }
    generateObservations(cols, all, seed * 31 + i, p.health, p.duplicates ?? 0);
    observations += await insertObservations(tx, projectId, clientId, cols);
  }
  return { trees, observations, projects: farm.projects.length };
}

async function insertPlot(tx: Queryable, clientId: number, plot: PlotSpec, frame: LocalFrame): Promise<number> {
  const rings = plot.parts.map((r) => [frame.ring(r)]);
  const geom: PolygonGeometry = rings.length === 1 ? { type: 'Polygon', coordinates: rings[0] } : { type: 'MultiPolygon', coordinates: rings };
  const b = bboxOf(geom);
  const areaHa = plot.parts.reduce((s, r) => s + (r.w * r.h) / 10_000, 0);
  const { rows } = await tx.query<{ plot_id: number }>(
    `INSERT INTO plots (client_id, plot_name, plot_area, crop_id, geom, min_lon, min_lat, max_lon, max_lat)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING plot_id`,
    [clientId, plot.name, Math.round(areaHa * 100) / 100, plot.crop, JSON.stringify(geom), ...b],
  );
  return rows[0].plot_id;
}

async function insertTrees(tx: Tx, clientId: number, plotId: number, plot: PlotSpec, frame: LocalFrame, scale: number, seed: number): Promise<number[]> {
  const rand = prng(seed);
  const density = 1 / Math.sqrt(scale);
  const [along, between] = [plot.spacing[0] * density, plot.spacing[1] * density];
  const cols = {
    ia: [] as number[],
    row: [] as number[],
    tree: [] as number[],
    breed: [] as number[],
    planted: [] as string[],
    lon: [] as number[],
    lat: [] as number[],
  };
  let blockNo = 0;
  for (const part of plot.parts) {
    for (const block of blocks(part, plot.blocks[0], plot.blocks[1], 8)) {
      blockNo++;
      const ia = await insertIrrigationArea(tx, clientId, plotId, `${plot.name} – block ${blockNo}`, block, frame);
      plantBlock(block, part, along, between, rand, (x, y, row, tree) => {
        const [lon, lat] = frame.toLonLat(x, y);
        cols.ia.push(ia);
        cols.row.push(row);
        cols.tree.push(tree);
        cols.lon.push(lon);
        cols.lat.push(lat);
        cols.breed.push(plot.breeds[row % plot.breeds.length]);
        // About one tree in twenty was replanted years later.
        cols.planted.push(rand() < 0.05 ? `${Number(plot.planted.slice(0, 4)) + 4}${plot.planted.slice(4)}` : plot.planted);
      });
    }
  }
  const ids = await nextIds(tx, 'trees', 'tree_id', cols.lon.length);
  const n = ids.length;
  await bulkInsert(
    tx,
    'trees',
    [
      { name: 'tree_id', values: ids },
      { name: 'client_id', values: new Int32Array(n).fill(clientId) },
      { name: 'plot_id', values: new Int32Array(n).fill(plotId) },
      { name: 'irrigation_area_id', values: cols.ia },
      { name: 'row_num', values: cols.row },
      { name: 'tree_num', values: cols.tree },
      { name: 'breed_id', values: cols.breed },
      { name: 'planting_date', values: cols.planted },
      { name: 'lon', values: cols.lon },
      { name: 'lat', values: cols.lat },
    ],
    { trusted: true },
  );
  return ids;
}

/** Trees on a grid inside the block, rows numbered across the plot part, ~1.5% gaps, ±0.25 m jitter. */
function plantBlock(
  block: Rect,
  part: Rect,
  along: number,
  between: number,
  rand: () => number,
  plant: (x: number, y: number, row: number, tree: number) => void,
) {
  const firstRow = Math.ceil((block.y - part.y + between / 2) / between);
  const firstTree = Math.ceil((block.x - part.x + along / 2) / along);
  for (let r = firstRow; part.y + r * between < block.y + block.h - between / 2; r++) {
    for (let t = firstTree; part.x + t * along < block.x + block.w - along / 2; t++) {
      if (rand() < 0.015) continue;
      plant(part.x + t * along + (rand() - 0.5) * 0.5, part.y + r * between + (rand() - 0.5) * 0.5, r + 1, t + 1);
    }
  }
}

async function insertIrrigationArea(tx: Queryable, clientId: number, plotId: number, name: string, r: Rect, frame: LocalFrame) {
  const geom: PolygonGeometry = { type: 'Polygon', coordinates: [frame.ring(r)] };
  const { rows } = await tx.query<{ irrigation_area_id: number }>(
    `INSERT INTO irrigation_areas (client_id, plot_id, irrigation_area_name, irrigation_type_id, geom, min_lon, min_lat, max_lon, max_lat)
     VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8) RETURNING irrigation_area_id`,
    [clientId, plotId, name, JSON.stringify(geom), ...bboxOf(geom)],
  );
  return rows[0].irrigation_area_id;
}

async function insertObservations(tx: Tx, projectId: number, clientId: number, cols: ReturnType<typeof emptyColumns>) {
  const n = cols.tree_id.length;
  await bulkInsert(
    tx,
    'tree_observations',
    [
      { name: 'project_id', values: new Int32Array(n).fill(projectId) },
      { name: 'client_id', values: new Int32Array(n).fill(clientId) },
      ...OBSERVATION_COLUMNS.map((c) => ({ name: c, values: cols[c] })),
    ],
    { trusted: true },
  );
  return n;
}

function addDays(ymd: string, days: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
