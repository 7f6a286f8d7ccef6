import type { Ring } from './snap';

// What the custom modes need from the screen that hosts the map: snap targets
// and where to report live measurements.

export interface Measure {
  kind: 'polygon' | 'line';
  areaHa?: number;
  lengthM: number;
  points: number;
}

/**
 * What the custom drawing modes are given by the map that hosts them (as terra-draw's behaviours are injected):
 * snap targets, whether to snap, where live measurements go, and — set by the active drawing mode — the
 * undo/redo of one vertex of the shape being drawn. One object per map (createDrawAdapter(map, behaviours)).
 */
export interface DrawBehaviours {
  snapRings: (excludeId?: string) => Ring[];
  snapEnabled: boolean;
  onMeasure: (m: Measure | null) => void;
  vertexUndo: (() => boolean) | null;
  vertexRedo: (() => boolean) | null;
}

export function createDrawBehaviours(): DrawBehaviours {
  return { snapRings: () => [], snapEnabled: true, onMeasure: () => undefined, vertexUndo: null, vertexRedo: null };
}
