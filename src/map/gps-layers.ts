// The position on the map (issue 35 "GPS that walks you to a tree"): the dot (client.md §4's GPS marker), an
// accuracy circle of the fix's radius in metres, and a heading cone in front of the dot where the phone gives
// a heading (use-heading.ts). The position is already smoothed (workers/geo/fix-smoothing.ts).
import type { Layer } from '@deck.gl/core';
import { ScatterplotLayer, SolidPolygonLayer } from '@deck.gl/layers';
import { EARTH_RADIUS } from '../../workers/geo/geodesy';
import { groundResolution } from '../domain/tile-math';
import { LAYER_STYLE } from './map-config';

export interface GpsMark {
  position: [number, number];
  /** Accuracy radius in metres, null when unknown. */
  accuracy: number | null;
  /** Degrees clockwise from north the phone faces, null when unknown. */
  heading: number | null;
}

const BLUE = [33, 150, 243] as const;
/** The cone: its tip this many CSS px from the centre, its base corners at BASE_PX and ±HALF_ANGLE degrees. */
export const CONE = { tipPx: 30, basePx: 9, halfAngle: 32 };

/** Metres per CSS pixel at a latitude and MapLibre zoom (512 px tiles: tile-math's 256 px zoom + 1). */
export const metresPerPixel = (lat: number, zoom: number) => groundResolution(zoom + 1, lat);

/** The lon/lat `px` CSS pixels from `at` towards `bearing` (degrees clockwise from north), on a flat local plane. */
function offset(at: [number, number], bearing: number, px: number, zoom: number): [number, number] {
  const m = px * metresPerPixel(at[1], zoom),
    b = (bearing * Math.PI) / 180;
  const dLat = ((m * Math.cos(b)) / EARTH_RADIUS) * (180 / Math.PI);
  const dLon = ((m * Math.sin(b)) / (EARTH_RADIUS * Math.cos((at[1] * Math.PI) / 180))) * (180 / Math.PI);
  return [at[0] + dLon, at[1] + dLat];
}

/** The heading cone's ring (closed) at a zoom: tip ahead of the dot, two base corners beside it. */
export function headingCone(at: [number, number], heading: number, zoom: number): [number, number][] {
  const tip = offset(at, heading, CONE.tipPx, zoom);
  const left = offset(at, heading - CONE.halfAngle, CONE.basePx, zoom),
    right = offset(at, heading + CONE.halfAngle, CONE.basePx, zoom);
  return [left, tip, right, left];
}

export function gpsLayers(mark: GpsMark, zoom: number): Layer[] {
  const out: Layer[] = [];
  if (mark.accuracy !== null && mark.accuracy > 0)
    out.push(
      new ScatterplotLayer<GpsMark>({
        id: 'gps-accuracy',
        data: [mark],
        getPosition: (d) => d.position,
        getRadius: (d) => d.accuracy ?? 0,
        radiusUnits: 'meters',
        getFillColor: [...BLUE, 40],
        getLineColor: [...BLUE, 170],
        stroked: true,
        getLineWidth: 1.5,
        lineWidthUnits: 'pixels',
        updateTriggers: { getRadius: mark.accuracy },
      }),
    );
  if (mark.heading !== null)
    out.push(
      new SolidPolygonLayer<{ ring: [number, number][] }>({
        id: 'gps-heading',
        data: [{ ring: headingCone(mark.position, mark.heading, zoom) }],
        getPolygon: (d) => d.ring,
        getFillColor: [...BLUE, 200],
      }),
    );
  out.push(
    new ScatterplotLayer<GpsMark>({
      id: 'gps',
      data: [mark],
      getPosition: (d) => d.position,
      getFillColor: [...BLUE, 255],
      getLineColor: [255, 255, 255, 255],
      getRadius: LAYER_STYLE.markerRadius,
      radiusUnits: 'pixels',
      stroked: true,
      getLineWidth: 2,
      lineWidthUnits: 'pixels',
    }),
  );
  return out;
}
