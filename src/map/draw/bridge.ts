import type { Ring } from './snap';

// What the custom modes need from the screen that hosts the map: snap targets
// and where to report live measurements. One drawing map is open at a time.

export interface Measure {
  kind: 'polygon' | 'line';
  areaHa?: number;
  lengthM: number;
  points: number;
}

export const drawBridge: {
  snapRings: (excludeId?: string) => Ring[];
  snapEnabled: boolean;
  onMeasure: (m: Measure | null) => void;
  /** Set by the active drawing mode: undo/redo one vertex of the shape being drawn. */
  vertexUndo: (() => boolean) | null;
  vertexRedo: (() => boolean) | null;
} = {
  snapRings: () => [],
  snapEnabled: true,
  onMeasure: () => undefined,
  vertexUndo: null,
  vertexRedo: null,
};
