// Positions as Float32 offsets from the centre of their extent, for drawing.
// Drawn with LNGLAT_OFFSETS, the vertex shader does linear math instead of a
// Mercator projection (log/tan) per vertex and needs no 64-bit low parts: in
// software GL (SwiftShader) that is most of a frame's cost. A farm spans
// < 0.1°, so a Float32 offset is exact to ~1 cm and the linear projection to
// well under a pixel. Computed in the worker, once per load (and per comparison).

export interface TreeOffsets {
  origin: [number, number];
  values: Float32Array;
}

/** The extent [minLon, minLat, maxLon, maxLat] of `count` interleaved lon/lat positions (null when none). */
export function pointsExtent(positions: Float64Array, count: number): [number, number, number, number] | null {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let i = 0; i < count; i++) {
    const x = positions[2 * i],
      y = positions[2 * i + 1];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return minX <= maxX ? [minX, minY, maxX, maxY] : null;
}

/** The centre of the extent of `count` interleaved lon/lat positions ([0, 0] when none). */
export function extentCentre(positions: Float64Array, count: number): [number, number] {
  const e = pointsExtent(positions, count);
  return e ? [(e[0] + e[2]) / 2, (e[1] + e[3]) / 2] : [0, 0];
}

/** Offsets of `count` interleaved lon/lat positions from `origin` (default: the centre of their extent). */
export function treeOffsets(positions: Float64Array, count: number, origin = extentCentre(positions, count)): TreeOffsets {
  const values = new Float32Array(2 * count);
  for (let i = 0; i < count; i++) {
    values[2 * i] = positions[2 * i] - origin[0];
    values[2 * i + 1] = positions[2 * i + 1] - origin[1];
  }
  return { origin, values };
}
