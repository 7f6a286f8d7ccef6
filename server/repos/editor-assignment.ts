import type { MultiPolygon, Polygon } from 'geojson';
import type { Queryable } from '../db/adapter';
import { assignPointsToPolygons, assignPolygonsToParents } from '../../workers/geo/assign';

// Assignment by location (admin.md §5: "assigned automatically by geographic
// location") with the shared geo core: irrigation area → the plot containing
// most of its corners; tree → the irrigation area and the plot containing it.
// Where polygons overlap the lowest id wins, so results are deterministic.

export type Bbox = [minLon: number, minLat: number, maxLon: number, maxLat: number];
type AnyPolygon = Polygon | MultiPolygon;

interface Shapes {
  ids: number[];
  /** One entry per polygon part; owner[i] is the index into ids. */
  parts: Polygon[];
  owner: number[];
}

const parse = (g: unknown): AnyPolygon => (typeof g === 'string' ? JSON.parse(g) : g) as AnyPolygon;

function split(rows: { id: number; geom: unknown }[]): Shapes {
  const out: Shapes = { ids: [], parts: [], owner: [] };
  rows.forEach((r, i) => {
    out.ids.push(r.id);
    const g = parse(r.geom);
    const polys = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
    for (const coordinates of polys) {
      out.parts.push({ type: 'Polygon', coordinates });
      out.owner.push(i);
    }
  });
  return out;
}

export async function loadPlots(tx: Queryable, clientId: number): Promise<Shapes> {
  const { rows } = await tx.query<{ id: number; geom: unknown }>(`SELECT plot_id AS id, geom FROM plots WHERE client_id = $1 ORDER BY plot_id`, [clientId]);
  return split(rows);
}

export async function loadIrrigationAreas(tx: Queryable, clientId: number): Promise<Shapes> {
  const { rows } = await tx.query<{ id: number; geom: unknown }>(
    `SELECT irrigation_area_id AS id, geom FROM irrigation_areas WHERE client_id = $1 ORDER BY irrigation_area_id`,
    [clientId],
  );
  return split(rows);
}

const idAt = (s: Shapes, part: number) => (part < 0 ? null : s.ids[s.owner[part]]);

/** The plot of an irrigation area polygon (null when it lies in no plot). */
export function plotOfPolygon(plots: Shapes, g: Polygon): number | null {
  return idAt(plots, assignPolygonsToParents([g], plots.parts)[0]);
}

/** Plot and irrigation area of one point. */
export function locatePoint(plots: Shapes, areas: Shapes, lon: number, lat: number) {
  const pos = Float64Array.of(lon, lat);
  return {
    plot_id: idAt(plots, assignPointsToPolygons(pos, plots.parts)[0]),
    irrigation_area_id: idAt(areas, assignPointsToPolygons(pos, areas.parts)[0]),
  };
}

/**
 * The client whose plot contains the geometry (used when a create call omits
 * client_id): the first plot, over all clients, that contains its first position.
 */
export async function clientOfGeometry(tx: Queryable, lon: number, lat: number): Promise<number | null> {
  const { rows } = await tx.query<{ id: number; client_id: number; geom: unknown }>(
    `SELECT plot_id AS id, client_id, geom FROM plots
      WHERE min_lon <= $1 AND max_lon >= $1 AND min_lat <= $2 AND max_lat >= $2 ORDER BY plot_id`,
    [lon, lat],
  );
  const shapes = split(rows);
  const hit = assignPointsToPolygons(Float64Array.of(lon, lat), shapes.parts)[0];
  return hit < 0 ? null : rows[shapes.owner[hit]].client_id;
}

const bboxSql = (boxes: Bbox[], first: number) =>
  boxes.map((_, i) => `(lon BETWEEN $${first + 4 * i} AND $${first + 4 * i + 2} AND lat BETWEEN $${first + 4 * i + 1} AND $${first + 4 * i + 3})`);

/**
 * Re-assigns the trees inside any of the boxes, or currently pointing at one
 * of the given plots/areas, to the plot and irrigation area containing them.
 * Only rows whose assignment changes are written. Returns that count.
 */
export async function reassignTrees(tx: Queryable, clientId: number, boxes: Bbox[], refs: { plotIds?: number[]; areaIds?: number[] } = {}): Promise<number> {
  const where = bboxSql(boxes, 2);
  const params: unknown[] = [clientId, ...boxes.flat()];
  if (refs.plotIds?.length) where.push(`plot_id = ANY($${params.push(refs.plotIds)}::int[])`);
  if (refs.areaIds?.length) where.push(`irrigation_area_id = ANY($${params.push(refs.areaIds)}::int[])`);
  if (!where.length) return 0;
  const { rows } = await tx.query<{ tree_id: number; lon: number; lat: number; plot_id: number | null; irrigation_area_id: number | null }>(
    `SELECT tree_id, lon, lat, plot_id, irrigation_area_id FROM trees WHERE client_id = $1 AND (${where.join(' OR ')})`,
    params,
  );
  if (!rows.length) return 0;
  const [plots, areas] = [await loadPlots(tx, clientId), await loadIrrigationAreas(tx, clientId)];
  const pos = new Float64Array(rows.length * 2);
  rows.forEach((r, i) => ((pos[2 * i] = r.lon), (pos[2 * i + 1] = r.lat)));
  const inPlot = assignPointsToPolygons(pos, plots.parts);
  const inArea = assignPointsToPolygons(pos, areas.parts);
  const ids: number[] = [],
    plotIds: (number | null)[] = [],
    areaIds: (number | null)[] = [];
  rows.forEach((r, i) => {
    const p = idAt(plots, inPlot[i]),
      a = idAt(areas, inArea[i]);
    if (p !== r.plot_id || a !== r.irrigation_area_id) {
      ids.push(r.tree_id);
      plotIds.push(p);
      areaIds.push(a);
    }
  });
  if (ids.length)
    await tx.query(
      `UPDATE trees t SET plot_id = u.p, irrigation_area_id = u.a, updated_at = now(), version = t.version + 1
         FROM unnest($1::int[], $2::int[], $3::int[]) AS u(id, p, a) WHERE t.tree_id = u.id`,
      [ids, plotIds, areaIds],
    );
  return ids.length;
}

/** Re-assigns irrigation areas overlapping the boxes (or pointing at the plots) to their containing plot. */
export async function reassignIrrigationAreas(tx: Queryable, clientId: number, boxes: Bbox[], plotIds: number[] = []): Promise<number> {
  const where = boxes.map((_, i) => {
    const b = 2 + 4 * i;
    return `(min_lon <= $${b + 2} AND max_lon >= $${b} AND min_lat <= $${b + 3} AND max_lat >= $${b + 1})`;
  });
  const params: unknown[] = [clientId, ...boxes.flat()];
  if (plotIds.length) where.push(`plot_id = ANY($${params.push(plotIds)}::int[])`);
  if (!where.length) return 0;
  const { rows } = await tx.query<{ irrigation_area_id: number; plot_id: number | null; geom: unknown }>(
    `SELECT irrigation_area_id, plot_id, geom FROM irrigation_areas WHERE client_id = $1 AND (${where.join(' OR ')}) ORDER BY irrigation_area_id`,
    params,
  );
  if (!rows.length) return 0;
  const plots = await loadPlots(tx, clientId);
  const parents = assignPolygonsToParents(
    rows.map((r) => parse(r.geom) as Polygon),
    plots.parts,
  );
  const ids: number[] = [],
    newPlot: (number | null)[] = [];
  rows.forEach((r, i) => {
    const p = idAt(plots, parents[i]);
    if (p !== r.plot_id) {
      ids.push(r.irrigation_area_id);
      newPlot.push(p);
    }
  });
  if (ids.length)
    await tx.query(
      `UPDATE irrigation_areas ia SET plot_id = u.p, updated_at = now(), version = ia.version + 1
         FROM unnest($1::int[], $2::int[]) AS u(id, p) WHERE ia.irrigation_area_id = u.id`,
      [ids, newPlot],
    );
  return ids.length;
}
