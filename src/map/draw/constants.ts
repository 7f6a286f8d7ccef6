// Drawing constants of admin.md §9 and the §9 styles for mapbox-gl-draw.

export const DRAW = {
  snapTolerancePx: 12,
  clickTolerancePx: 6,
  modifyTolerancePx: 10,
  minPolygonPoints: 3,
  minLinePoints: 2,
  /** A polygon ring keeps at least 4 coordinates (3 corners + the closing one). */
  minRingCoordinates: 4,
  dragVertexDelayMs: 500,
  autoFitDelayMs: 500,
} as const;

export const COLORS = { plot: '#e53935', irrigation: '#2e7d32', tree: '#1e63d6', selected: '#ff9800', drawing: '#ff9800' } as const;
export const WIDTHS = { plot: 3, irrigation: 3, treeRadius: 8 } as const;

const active = ['==', ['get', 'active'], 'true'];

/** mapbox-gl-draw layer styles (MapLibre expression syntax): the shape being drawn or edited in orange. */
export const DRAW_STYLES = [
  {
    id: 'gl-draw-polygon-fill',
    type: 'fill',
    filter: ['all', ['==', ['geometry-type'], 'Polygon']],
    paint: { 'fill-color': COLORS.drawing, 'fill-opacity': 0.15 },
  },
  {
    id: 'gl-draw-lines',
    type: 'line',
    filter: ['any', ['==', ['geometry-type'], 'LineString'], ['==', ['geometry-type'], 'Polygon']],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': COLORS.drawing, 'line-width': 3, 'line-dasharray': ['case', active, ['literal', [0.2, 2]], ['literal', [1, 0]]] },
  },
  {
    id: 'gl-draw-point-outer',
    type: 'circle',
    filter: ['all', ['==', ['geometry-type'], 'Point'], ['==', ['get', 'meta'], 'feature']],
    paint: { 'circle-radius': WIDTHS.treeRadius + 2, 'circle-color': '#fff' },
  },
  {
    id: 'gl-draw-point-inner',
    type: 'circle',
    filter: ['all', ['==', ['geometry-type'], 'Point'], ['==', ['get', 'meta'], 'feature']],
    paint: { 'circle-radius': WIDTHS.treeRadius, 'circle-color': COLORS.drawing },
  },
  {
    id: 'gl-draw-vertex-outer',
    type: 'circle',
    filter: ['all', ['==', ['geometry-type'], 'Point'], ['==', ['get', 'meta'], 'vertex']],
    paint: { 'circle-radius': ['case', active, 8, 6], 'circle-color': '#fff' },
  },
  {
    id: 'gl-draw-vertex-inner',
    type: 'circle',
    filter: ['all', ['==', ['geometry-type'], 'Point'], ['==', ['get', 'meta'], 'vertex']],
    paint: { 'circle-radius': ['case', active, 6, 4], 'circle-color': COLORS.drawing },
  },
  {
    id: 'gl-draw-midpoint',
    type: 'circle',
    filter: ['all', ['==', ['get', 'meta'], 'midpoint']],
    paint: { 'circle-radius': 4, 'circle-color': COLORS.drawing, 'circle-opacity': 0.7 },
  },
];
