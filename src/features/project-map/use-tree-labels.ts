// Tree labels (tree ids) only where they can be read: zoom ≥ 18, the trees in
// view, at most 400; ids come from the worker, which owns the columns.
import { useEffect, useState, type RefObject } from 'react';
import type { TreeLabel } from '../../map/deck-layers';
import type { GeoClient, IngestResult } from '../../map/geo-client';
import type { MapView } from '../../map/use-map-view';

export const TREE_LABEL_MIN_ZOOM = 18;
const MAX_LABELS = 400;

export function useTreeLabels(view: MapView, client: RefObject<GeoClient | null>, ingest: IngestResult | null, on: boolean): TreeLabel[] {
  const [labels, setLabels] = useState<TreeLabel[]>([]);
  const { map, moveId } = view;
  useEffect(() => {
    let live = true;
    const c = client.current;
    if (!on || !map || !ingest || !c || map.getZoom() < TREE_LABEL_MIN_ZOOM) {
      setLabels((l) => (l.length ? [] : l));
      return;
    }
    const b = map.getBounds();
    const [w, s, e, n] = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
    const idx: number[] = [];
    const p = ingest.positions;
    for (let i = 0; i < ingest.treeCount && idx.length < MAX_LABELS; i++) {
      const x = p[2 * i], y = p[2 * i + 1];
      if (x >= w && x <= e && y >= s && y <= n) idx.push(i);
    }
    void Promise.all(idx.map((i) => c.treeProperties(i))).then((rows) => {
      if (!live) return;
      setLabels(rows.map((r, k) => ({ position: [p[2 * idx[k]], p[2 * idx[k] + 1]], text: String(r?.tree_id ?? '') })));
    });
    return () => { live = false; };
  }, [on, map, ingest, client, moveId]);
  return labels;
}
