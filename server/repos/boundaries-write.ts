// Writing imported boundaries (issue 14), all or nothing in the caller's
// transaction: every plot first, then every irrigation area (its plot by
// location, the rule of assignment.ts, now that the new plots exist), then the
// client's trees inside any new boundary re-assigned. SQL only; the checks are
// the route's.
import type { MultiPolygon, Polygon } from 'geojson';
import type { Queryable } from '../db/adapter';
import { areaHectares } from '../../src/domain/geometry-validation';
import { loadPlots, plotOfPolygon, reassignIrrigationAreas, reassignTrees, type Bbox } from './editor-assignment';
import { boxOf } from './editor-features';

/** areaHa: as the file states it; null: the polygon's geodesic area (the editor's rule for a drawn plot). */
export interface NewPlot {
  name: string;
  cropId: number | null;
  areaHa: number | null;
  geometry: Polygon | MultiPolygon;
}
export interface NewArea {
  name: string;
  geometry: Polygon;
}

/** Crop ids by lower-case name, for the names given (unknown names are absent). */
export async function cropIdsByName(tx: Queryable, names: string[]): Promise<Map<string, number>> {
  if (!names.length) return new Map();
  const { rows } = await tx.query<{ crop_id: number; key: string }>(
    'SELECT crop_id, lower(crop_name) AS key FROM crop_options WHERE lower(crop_name) = ANY($1::text[])',
    [names.map((n) => n.toLowerCase())],
  );
  return new Map(rows.map((r) => [r.key, r.crop_id]));
}

export async function writeBoundaries(tx: Queryable, clientId: number, plots: NewPlot[], areas: NewArea[]) {
  const boxes: Bbox[] = [];
  const plotIds: number[] = [];
  if (plots.length) {
    const rows = plots.map((p) => ({ p, box: boxOf(p.geometry), area: p.areaHa ?? areaHectares(p.geometry) }));
    const { rows: ids } = await tx.query<{ plot_id: number }>(
      `INSERT INTO plots (client_id, plot_name, plot_area, crop_id, geom, min_lon, min_lat, max_lon, max_lat)
       SELECT $1, u.name, u.area, u.crop, u.geom::jsonb, u.x0, u.y0, u.x1, u.y1
         FROM unnest($2::text[], $3::float8[], $4::int[], $5::text[], $6::float8[], $7::float8[], $8::float8[], $9::float8[])
              WITH ORDINALITY AS u(name, area, crop, geom, x0, y0, x1, y1, n)
        ORDER BY u.n RETURNING plot_id`,
      [
        clientId,
        rows.map((r) => r.p.name),
        rows.map((r) => (r.area > 0 ? r.area : null)),
        rows.map((r) => r.p.cropId),
        rows.map((r) => JSON.stringify(r.p.geometry)),
        ...[0, 1, 2, 3].map((k) => rows.map((r) => r.box[k])),
      ],
    );
    plotIds.push(...ids.map((r) => r.plot_id));
    boxes.push(...rows.map((r) => r.box));
  }
  const areaIds: number[] = [];
  if (areas.length) {
    const all = await loadPlots(tx, clientId);
    const rows = areas.map((a) => ({ a, box: boxOf(a.geometry), plot: plotOfPolygon(all, a.geometry) }));
    const { rows: ids } = await tx.query<{ irrigation_area_id: number }>(
      `INSERT INTO irrigation_areas (client_id, plot_id, irrigation_area_name, geom, min_lon, min_lat, max_lon, max_lat)
       SELECT $1, u.plot, u.name, u.geom::jsonb, u.x0, u.y0, u.x1, u.y1
         FROM unnest($2::int[], $3::text[], $4::text[], $5::float8[], $6::float8[], $7::float8[], $8::float8[])
              WITH ORDINALITY AS u(plot, name, geom, x0, y0, x1, y1, n)
        ORDER BY u.n RETURNING irrigation_area_id`,
      [
        clientId,
        rows.map((r) => r.plot),
        rows.map((r) => r.a.name),
        rows.map((r) => JSON.stringify(r.a.geometry)),
        ...[0, 1, 2, 3].map((k) => rows.map((r) => r.box[k])),
      ],
    );
    areaIds.push(...ids.map((r) => r.irrigation_area_id));
    boxes.push(...rows.map((r) => r.box));
  }
  // Existing irrigation areas under a new plot move to it; trees follow both (one box around everything new).
  const around = (list: Bbox[]): Bbox[] =>
    list.length
      ? [[Math.min(...list.map((b) => b[0])), Math.min(...list.map((b) => b[1])), Math.max(...list.map((b) => b[2])), Math.max(...list.map((b) => b[3]))]]
      : [];
  const movedAreas = plotIds.length ? await reassignIrrigationAreas(tx, clientId, around(boxes.slice(0, plotIds.length))) : 0;
  const trees = await reassignTrees(tx, clientId, around(boxes));
  return { plotIds, areaIds, assigned: { irrigation_areas: movedAreas, trees } };
}
