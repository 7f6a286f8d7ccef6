import type { z } from 'zod';
import type { Queryable } from '../db/adapter';
import type { areaProps, plotProps, treeProps } from '../../src/domain/contracts/data-editor';
import type { polygonalGeometry } from '../../src/domain/contracts/geojson';
import type { ErrorEntity } from '../../src/domain/error-codes';
import { HttpError, entityText } from '../http-error';
import { parseGeometryInput, type GeometryKind, type KindGeometry } from '../../src/domain/geometry-validation';
import { bboxOf } from '../db/geometry-bbox';
import type { Bbox } from './editor-assignment';

// Rows → GeoJSON features with the §3 fields plus id, name and type
// (plot | irrigation | tree), and `version` for optimistic concurrency.

/** WKT or GeoJSON → validated geometry, or 422 with the reason (docs/ARCHITECTURE.md §5). */
export function geometryOr422<K extends GeometryKind>(input: unknown, kind: K): KindGeometry<K> {
  const r = parseGeometryInput(input, kind);
  if (!r.ok) throw new HttpError(422, r.error, [{ field: 'geom', message: r.error, code: r.code, params: r.params }], undefined, r.code, r.params);
  return r.geometry;
}

export function boxOf(g: unknown): Bbox {
  const geom = (typeof g === 'string' ? JSON.parse(g) : g) as { type: string; coordinates: unknown };
  if (geom.type === 'Point') {
    const [x, y] = geom.coordinates as number[];
    return [x, y, x, y];
  }
  return bboxOf(geom as Parameters<typeof bboxOf>[0]);
}

const geomOf = (g: unknown) => (typeof g === 'string' ? JSON.parse(g) : g);

export const PLOT_SQL = `SELECT p.plot_id, p.plot_name, p.plot_area, p.crop_id, co.crop_name, p.client_id, p.geom, p.created_at, p.version
  FROM plots p LEFT JOIN crop_options co ON co.crop_id = p.crop_id`;
export const AREA_SQL = `SELECT ia.irrigation_area_id, ia.irrigation_area_name, ia.plot_id, p.plot_name, ia.client_id, ia.geom, ia.created_at, ia.version
  FROM irrigation_areas ia LEFT JOIN plots p ON p.plot_id = ia.plot_id`;
export const TREE_SQL = `SELECT t.tree_id, t.row_num, t.tree_num, t.breed_id, b.breed_name, t.planting_date::text AS planting_date,
  t.irrigation_area_id, ia.irrigation_area_name, t.plot_id, p.plot_name, t.client_id, t.lon, t.lat, t.created_at, t.version
  FROM trees t LEFT JOIN breeds b ON b.breed_id = t.breed_id
  LEFT JOIN irrigation_areas ia ON ia.irrigation_area_id = t.irrigation_area_id LEFT JOIN plots p ON p.plot_id = t.plot_id`;

type Props<T> = Omit<T, 'id' | 'name' | 'type'>;
/** A row of PLOT_SQL / AREA_SQL / TREE_SQL. */
export type PlotRow = Props<z.infer<typeof plotProps>> & { geom: unknown };
export type AreaRow = Props<z.infer<typeof areaProps>> & { geom: unknown };
export type TreeRow = Props<z.infer<typeof treeProps>> & { lon: number; lat: number };

export function plotFeature(r: PlotRow) {
  const { geom, ...props } = r;
  const geometry = geomOf(geom) as z.infer<typeof polygonalGeometry>;
  return { type: 'Feature' as const, id: r.plot_id, geometry, properties: { ...props, id: r.plot_id, name: r.plot_name, type: 'plot' as const } };
}

export function areaFeature(r: AreaRow) {
  const { geom, ...props } = r;
  const geometry = geomOf(geom) as z.infer<typeof polygonalGeometry>;
  return {
    type: 'Feature' as const,
    id: r.irrigation_area_id,
    geometry,
    properties: { ...props, id: r.irrigation_area_id, name: r.irrigation_area_name, type: 'irrigation' as const },
  };
}

export function treeFeature(r: TreeRow) {
  const { lon, lat, ...props } = r;
  return {
    type: 'Feature' as const,
    id: r.tree_id,
    geometry: { type: 'Point' as const, coordinates: [lon, lat] },
    properties: { ...props, id: r.tree_id, name: `Row ${r.row_num ?? '–'} / Tree ${r.tree_num ?? '–'}`, type: 'tree' as const },
  };
}

export async function onePlot(tx: Queryable, id: number) {
  const { rows } = await tx.query<PlotRow>(`${PLOT_SQL} WHERE p.plot_id = $1`, [id]);
  return plotFeature(rows[0]);
}
export async function oneArea(tx: Queryable, id: number) {
  const { rows } = await tx.query<AreaRow>(`${AREA_SQL} WHERE ia.irrigation_area_id = $1`, [id]);
  return areaFeature(rows[0]);
}
export async function oneTree(tx: Queryable, id: number) {
  const { rows } = await tx.query<TreeRow>(`${TREE_SQL} WHERE t.tree_id = $1`, [id]);
  return treeFeature(rows[0]);
}

/** 400 with a field error when a referenced list id does not exist. */
export async function assertExists(tx: Queryable, table: string, column: string, id: number | null | undefined, field: string, entity: ErrorEntity) {
  if (id === null || id === undefined) return;
  const { rows } = await tx.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [id]);
  if (!rows.length) {
    const message = `${entityText(entity)} ${id} does not exist`;
    const params = { entity, id };
    throw new HttpError(400, message, [{ field, message, code: 'reference_missing', params }], undefined, 'reference_missing', params);
  }
}
