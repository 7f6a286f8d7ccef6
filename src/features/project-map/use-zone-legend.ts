// The legend's counts inside the selected plot or irrigation area: counted in
// the worker over the zone's trees (the one grouping of zone-groups.ts, which
// the server's statistics in the info panel use too), again for every new
// colour buffer (mode, legend filter, comparison). null: no zone selected.
import { useEffect, useState, type RefObject } from 'react';
import { isCancelled, type ColourMode, type GeoClient, type ZoneRef } from '../../map/geo-client';

export function useZoneLegend(client: RefObject<GeoClient | null>, mode: ColourMode, coloursId: number | null, zone: ZoneRef | null): Uint32Array | null {
  const [counts, setCounts] = useState<{ key: string; counts: Uint32Array } | null>(null);
  const key = zone && coloursId !== null ? `${zone.kind}:${zone.part}:${mode}:${coloursId}` : null;
  useEffect(() => {
    const c = client.current;
    if (!key || !zone || !c) return;
    let live = true;
    void c.legendCounts(mode, zone).then((r) => live && !isCancelled(r) && setCounts({ key, counts: r }));
    return () => {
      live = false;
    };
    // zone is read through key (a new object every render)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, key]);
  return counts && key !== null && counts.key === key ? counts.counts : null;
}
