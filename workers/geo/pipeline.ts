// Everything derived from a dataset once per load: the zone grouping of the
// trees (stored ids; zone-groups.ts), resolved NPK ranges, project-wide
// relative ranges and the map fit. Used by the worker session, the server's
// statistics and export jobs, and the benchmark.
import { CANOPY_DEFAULT_MAX, relativeRange, VITALITY_DEFAULT_MAX, type RelativeRange } from './colours';
import { computeMapFit, type MapFit } from './fit';
import type { GeoDataset } from './ingest-geojson';
import { resolveNpkRanges, type ResolvedNpkRanges } from './npk-ranges';
import { groupZones, type ZoneGrouping } from './zone-groups';

export interface Analysis {
  zones: ZoneGrouping;
  npkRanges: ResolvedNpkRanges;
  vitalityRange: RelativeRange;
  canopyRange: RelativeRange;
  fit: MapFit | null;
}

/** What the analysis reads of a survey (the server passes its built columns and areas). */
export type AnalysisInput = Pick<GeoDataset, 'trees' | 'plots' | 'irrigationAreas' | 'npkRanges' | 'biomassRange'>;

export function analyseDataset(d: AnalysisInput): Analysis {
  const t = d.trees;
  const zones = groupZones(d);
  const treesPerAreaPart = Array.from(zones.areaOfPart, (z) => zones.areas[z].rows.length);
  return {
    zones,
    npkRanges: resolveNpkRanges(d.npkRanges),
    vitalityRange: relativeRange(t.numeric.biomass, t.status, VITALITY_DEFAULT_MAX, d.biomassRange),
    canopyRange: relativeRange(t.numeric.canopy_diameter, t.status, CANOPY_DEFAULT_MAX),
    fit: computeMapFit(
      d.plots.map((p) => p.geometry),
      d.irrigationAreas.map((p) => p.geometry),
      treesPerAreaPart,
    ),
  };
}
