// The trees the project map draws (client.md §2; issue 13): this survey's, then (while comparing) the trees only the
// compared survey has; the map's handlers read them (and their colours) through refs, and tests and
// benchmarks find them through the map's debug handle (map-debug.ts).
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { ColoursResult, IngestResult } from '../../map/geo-client';
import { exposeTrees } from '../../map/map-debug';
import type { ScreenState } from './controller';
import type { Comparison } from './use-project-data';

export function useDrawnTrees(ingest: IngestResult | null, comparison: Comparison | null, colours: ColoursResult | null) {
  // The drawn trees: this survey's, then (while comparing) the trees only the compared survey has,
  // with the Float32 drawing offsets the worker computed once for them.
  const drawn = useMemo(() => {
    if (!ingest) return null;
    const extra = comparison?.result.drawn;
    return { positions: extra?.positions ?? ingest.positions, offsets: extra?.offsets ?? ingest.offsets, count: comparison?.treeCount ?? ingest.treeCount };
  }, [ingest, comparison]);
  const drawnRef = useRef(drawn);
  const rgbaRef = useRef<Uint8Array | null>(null);
  useEffect(() => {
    drawnRef.current = drawn;
    rgbaRef.current = colours?.rgba ?? null;
  });
  return { drawn, drawnRef, rgbaRef };
}

export type Drawn = NonNullable<ReturnType<typeof useDrawnTrees>['drawn']>;

/** Tests and benchmarks find the trees through the map's debug handle. */
export function useExposedTrees(drawn: Drawn | null, screenRef: RefObject<ScreenState>): void {
  useEffect(
    () =>
      exposeTrees(
        'project',
        drawn && {
          count: drawn.count,
          lngLat: (i) => (i >= 0 && i < drawn.count ? [drawn.positions[2 * i], drawn.positions[2 * i + 1]] : null),
          selected: () => screenRef.current.layers.selected,
        },
      ),
    // screenRef: the same ref for the screen's life (only a new `drawn` publishes again).
    [drawn, screenRef],
  );
}
