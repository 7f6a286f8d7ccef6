// What a click or a tap on the map selects (client.md §4): deck.gl's picks of the areas, and the tree under
// the point, found on the CPU (tree-raster.ts nearestTree).
import type { PickingInfo } from '@deck.gl/core';
import { nearestTree } from '../../workers/geo/tree-raster';
import { TREE_DETAIL_ZOOM, treeEdge, treeRadius } from './tree-style';
import type { AreaItem, LayerId } from './deck-layers';

/**
 * What a click selects among everything under it: the most specific kind
 * (tree, then irrigation area, then plot); among equals the info layer's.
 * Without this, plot fills drawn on top would swallow every tree click.
 */
export function chooseFeature(hits: PickingInfo[], infoLayer: LayerId | null, treeIndex = -1): { layer: LayerId; index: number } | null {
  const picked = hits.map(pickedFeature).filter((h): h is { layer: LayerId; index: number } => h !== null);
  if (treeIndex >= 0) picked.push({ layer: 'trees', index: treeIndex });
  const rank = (l: LayerId) => (l === 'trees' ? 0 : l === 'irrigationAreas' ? 2 : 4) - (l === infoLayer ? 1 : 0);
  return picked.sort((a, b) => rank(a.layer) - rank(b.layer))[0] ?? null;
}

/** A finger's tap (issue 35): on a touch screen a tree within this many CSS px of the tap is the one tapped. */
export const TAP_SLOP_PX = 22;

/**
 * The tree under a clicked lon/lat at a zoom (the dot's radius plus 2 px of slack, or `minPixels` when that is
 * more: TAP_SLOP_PX for a finger), or -1. Trees not drawn (alpha 0 in `rgba`) are never picked.
 */
export function treeAt(
  positions: Float64Array,
  count: number,
  lon: number,
  lat: number,
  zoom: number,
  rgba?: Uint8Array | null,
  minPixels = 0,
  sun = false,
): number {
  const detail = zoom >= TREE_DETAIL_ZOOM;
  const radius = treeRadius(detail, sun) + (detail ? (treeEdge(detail, sun)?.width ?? 0) : 0);
  return nearestTree(positions, count, lon, lat, zoom, Math.max(radius + 2, minPixels), rgba);
}

/** The picked feature of a deck.gl click, if it belongs to one of our layers. */
export function pickedFeature(info: PickingInfo): { layer: LayerId; index: number } | null {
  const id = info.layer?.id;
  if (info.index < 0 || (id !== 'plots' && id !== 'irrigationAreas' && id !== 'trees')) return null;
  if (id === 'trees') return { layer: 'trees', index: info.index };
  const item = info.object as AreaItem | undefined;
  return item ? { layer: id, index: item.index } : null;
}
