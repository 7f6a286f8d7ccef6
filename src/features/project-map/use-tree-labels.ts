// Tree labels (tree ids) only where they can be read: zoom ≥ 18, the trees in
// view, at most 400; one worker call per view (the worker owns the columns).
import { useEffect, useState, type RefObject } from 'react';
import type { TreeLabel } from '../../map/deck-layers';
import type { GeoClient } from '../../map/geo-client';
import type { MapView } from '../../map/use-map-view';

export const TREE_LABEL_MIN_ZOOM = 18;
const MAX_LABELS = 400;

/** `drawn`: the drawn trees (a new object per load or comparison): labels follow them. */
export function useTreeLabels(view: MapView, client: RefObject<GeoClient | null>, drawn: object | null, on: boolean): TreeLabel[] {
  // Kept with the drawn trees they were made for: another survey or comparison shows none until its own arrive.
  const [made, setMade] = useState<{ drawn: object; labels: TreeLabel[] } | null>(null);
  const { map, moveId, zoom } = view;
  const shown = on && !!map && !!drawn && zoom >= TREE_LABEL_MIN_ZOOM;
  useEffect(() => {
    let live = true;
    const c = client.current;
    if (!shown || !map || !c || !drawn) return;
    const b = map.getBounds();
    void c.treeLabels([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], MAX_LABELS).then(({ positions: p, text }) => {
      if (live) setMade({ drawn, labels: text.map((s, k) => ({ position: [p[2 * k], p[2 * k + 1]], text: s })) });
    });
    return () => {
      live = false;
    };
  }, [shown, map, drawn, client, moveId]);
  // Off, zoomed out or nothing drawn: no labels (the last ones wait, unshown, for the next view's).
  return shown && made?.drawn === drawn ? made.labels : NO_LABELS;
}

const NO_LABELS: TreeLabel[] = [];
