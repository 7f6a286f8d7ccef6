// Everything derived from a dataset once per load: assignment of trees to
// plots/areas, resolved NPK ranges, project-wide relative ranges, and the
// statistics for a selection. Used by the worker session and the benchmark.
import { assignPointsToPolygons, assignPolygonsToParents, groupIndices } from './assign';
import { CANOPY_DEFAULT_MAX, relativeRange, VITALITY_DEFAULT_MAX, type RelativeRange } from './colours';
import { computeMapFit, type MapFit } from './fit';
import type { GeoDataset } from './ingest-geojson';
import { resolveNpkRanges, type ResolvedNpkRanges } from './npk-ranges';
import { computeStatistics, type TreeStatistics } from './statistics';

export type Selection =
  | { kind: 'project' }
  | { kind: 'plot'; index: number }
  | { kind: 'irrigationArea'; index: number };

export interface Analysis {
  /** Plot index per tree (-1 none); plots are the split polygons of dataset.plots. */
  treePlot: Int32Array;
  /** Irrigation area index per tree (-1 none). */
  treeArea: Int32Array;
  /** Plot index per irrigation area (-1 none). */
  areaPlot: Int32Array;
  treesPerPlot: Uint32Array[];
  treesPerArea: Uint32Array[];
  npkRanges: ResolvedNpkRanges;
  vitalityRange: RelativeRange;
  canopyRange: RelativeRange;
  fit: MapFit | null;
}

export function analyseDataset(d: GeoDataset): Analysis {
  const t = d.trees;
  const plotGeoms = d.plots.map((p) => p.geometry);
  const areaGeoms = d.irrigationAreas.map((a) => a.geometry);
  const treePlot = assignPointsToPolygons(t.positions, plotGeoms);
  const treeArea = assignPointsToPolygons(t.positions, areaGeoms);
  const treesPerPlot = groupIndices(treePlot, plotGeoms.length);
  const treesPerArea = groupIndices(treeArea, areaGeoms.length);
  return {
    treePlot,
    treeArea,
    areaPlot: assignPolygonsToParents(areaGeoms, plotGeoms),
    treesPerPlot,
    treesPerArea,
    npkRanges: resolveNpkRanges(d.npkRanges),
    vitalityRange: relativeRange(t.numeric.biomass, t.status, VITALITY_DEFAULT_MAX, d.biomassRange),
    canopyRange: relativeRange(t.numeric.canopy_diameter, t.status, CANOPY_DEFAULT_MAX),
    fit: computeMapFit(plotGeoms, areaGeoms, treesPerArea.map((g) => g.length)),
  };
}

/** Statistics of the whole project, one plot or one irrigation area (vitality thirds of the project range). */
export function statisticsFor(d: GeoDataset, a: Analysis, sel: Selection): TreeStatistics {
  const base = { npkRanges: a.npkRanges, vitalityRange: a.vitalityRange };
  if (sel.kind === 'plot') {
    let areas = 0;
    for (let i = 0; i < a.areaPlot.length; i++) if (a.areaPlot[i] === sel.index) areas++;
    const rows = a.treesPerPlot[sel.index] ?? new Uint32Array(0);
    return computeStatistics(d.trees, { ...base, totalPlots: 1, totalIrrigationAreas: areas }, rows);
  }
  if (sel.kind === 'irrigationArea') {
    const rows = a.treesPerArea[sel.index] ?? new Uint32Array(0);
    const plots = (a.areaPlot[sel.index] ?? -1) >= 0 ? 1 : 0;
    return computeStatistics(d.trees, { ...base, totalPlots: plots, totalIrrigationAreas: 1 }, rows);
  }
  // Count plots/areas as the server stores them: parts of a MultiPolygon are one plot.
  const plots = new Set(d.plots.map((p) => String(p.sourceId))).size;
  const areas = new Set(d.irrigationAreas.map((p) => String(p.sourceId))).size;
  return computeStatistics(d.trees, { ...base, totalPlots: plots, totalIrrigationAreas: areas });
}
