// The field of a prescription (issue 32, README "Prescription maps"): the union
// of the survey's plots. Zones that do not cover it (irrigation areas) leave a
// remainder, which becomes one more zone at the default rate, so the files and
// the preview cover the whole field: inside a zone its rate, inside the field
// only the default, outside the field nothing. The ISOXML grid samples the zones
// at its cell centres here (one rule for every zone unit).
import polygonClipping, { type MultiPolygon as ClipMulti, type Polygon as ClipPolygon } from 'polygon-clipping';
import type { Position } from 'geojson';
import { areaSquareMeters } from './geodesy';
import { centreColumns, type GridSpec } from './prescription-grid';

/** The remainder's key and name in the files (ZONE) and the preview. */
export const OUTSIDE_ZONES_KEY = 'outside';
export const OUTSIDE_ZONES_NAME = 'Outside irrigation areas';
/** Slivers left where a zone's edge runs along the field's are not a zone. */
const MIN_PART_M2 = 1;

/** The field minus the zones (MultiPolygon coordinates), without slivers; empty when the zones cover it. */
export function fieldOutsideZones(field: readonly Position[][][], zones: readonly Position[][][]): Position[][][] {
  if (!field.length) return [];
  const union = (parts: readonly Position[][][]) =>
    parts.length === 1 ? [parts[0] as ClipPolygon] : polygonClipping.union(parts[0] as ClipPolygon, ...(parts.slice(1) as ClipPolygon[]));
  const rest: ClipMulti = zones.length ? polygonClipping.difference(union(field), union(zones)) : union(field);
  return (rest as Position[][][]).filter((rings) => areaSquareMeters({ type: 'Polygon', coordinates: rings }) >= MIN_PART_M2);
}

/**
 * One value per grid cell (row 0 in the south): the value of the first zone whose polygons hold the cell's
 * centre, 0 where none does. Zones are MultiPolygon coordinates in the grid's degrees.
 */
export function sampleAtCellCentres(g: GridSpec, zones: readonly { polygons: Position[][][]; value: number }[]): Int32Array {
  const out = new Int32Array(g.cols * g.rows);
  const set = new Uint8Array(g.cols * g.rows);
  for (const z of zones) {
    for (const rings of z.polygons) {
      let y0 = Infinity,
        y1 = -Infinity;
      for (const [, y] of rings[0]) {
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
      const r0 = Math.max(0, Math.floor((y0 - g.minY) / g.cellH - 0.5)),
        r1 = Math.min(g.rows - 1, Math.ceil((y1 - g.minY) / g.cellH));
      for (let r = r0; r <= r1; r++) {
        centreColumns(g, rings, r, (c) => {
          const i = r * g.cols + c;
          if (set[i]) return;
          set[i] = 1;
          out[i] = z.value;
        });
      }
    }
  }
  return out;
}
