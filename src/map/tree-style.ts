// How a tree is drawn at a zoom: its radius and its edge (client.md §9; Sun mode, issue 35). The deck.gl
// instances (tree-layers.ts), the worker's image below the detail zoom (use-tree-image.ts) and the picking
// radius (deck-picking.ts) read them here.
import { LAYER_STYLE } from './map-config';

/** Below this zoom trees are small dots without a stroke (§9 tree marker radius 2). */
export const TREE_DETAIL_ZOOM = 16;

/** A drawn tree's radius in CSS px: the dot below the detail zoom, the marker from it, larger in Sun mode. */
export function treeRadius(detail: boolean, sun = false): number {
  if (sun) return detail ? LAYER_STYLE.sun.treeRadius : LAYER_STYLE.sun.markerRadius;
  return detail ? LAYER_STYLE.trees.radius : LAYER_STYLE.treeMarkerRadius;
}

/** The edge drawn around a tree, or null: from the detail zoom on, and at every zoom in Sun mode (issue 35). */
export function treeEdge(detail: boolean, sun = false): { rgba: [number, number, number, number]; width: number } | null {
  if (sun) return { rgba: LAYER_STYLE.sun.stroke, width: detail ? LAYER_STYLE.sun.strokeWidth : LAYER_STYLE.sun.markerStrokeWidth };
  return detail ? { rgba: LAYER_STYLE.trees.stroke, width: LAYER_STYLE.trees.strokeWidth } : null;
}
