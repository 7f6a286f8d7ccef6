// The rows of the plots and irrigation areas table (issue 13, zone-table.tsx): computed in the worker while the
// table is open, again for each comparison.
import { useEffect, useState, type RefObject } from 'react';
import type { GeoClient, IngestResult, ZoneRow } from '../../map/geo-client';
import type { Panel } from './controller';
import type { Comparison } from './use-project-data';

export function useZoneRows(panel: Panel | null, client: RefObject<GeoClient | null>, ingest: IngestResult | null, comparison: Comparison | null) {
  const [zones, setZones] = useState<ZoneRow[] | null>(null);
  useEffect(() => {
    let live = true;
    if (panel === 'zones' && client.current && ingest) void client.current.zones().then((z) => live && setZones(z));
    return () => {
      live = false;
    };
  }, [panel, client, ingest, comparison]);
  return zones;
}
