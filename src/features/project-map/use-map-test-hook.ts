// Test/diagnostic hook: where a tree is on screen and what is selected, for the
// browser tests and benchmarks, without reaching into React.
import { useEffect, type RefObject } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Selected } from './layer-state';

export function useMapTestHook(
  drawn: { positions: Float64Array; count: number } | null,
  map: MapLibreMap | null,
  layers: RefObject<{ selected: Selected | null }>,
) {
  useEffect(() => {
    const w = window as unknown as { __projectMap?: unknown };
    w.__projectMap = {
      treeCount: drawn?.count ?? 0,
      treeScreenPoint: (i: number) => {
        if (!drawn || !map || i < 0 || i >= drawn.count) return null;
        const p = map.project([drawn.positions[2 * i], drawn.positions[2 * i + 1]]);
        return { x: p.x, y: p.y };
      },
      isMoving: () => map?.isMoving() ?? false,
      jumpTo: (i: number, zoom: number) => drawn && map?.jumpTo({ center: [drawn.positions[2 * i], drawn.positions[2 * i + 1]], zoom }),
      zoom: () => map?.getZoom() ?? 0,
      selected: () => layers.current.selected,
    };
    return () => {
      delete w.__projectMap;
    };
  }, [drawn, map, layers]);
}
