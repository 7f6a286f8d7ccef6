// The map's plot and irrigation-area items and their names by id, from the worker's features (client.md §4).
import type { AreaItem } from '../../map/deck-layers';
import { zoneLabel } from '../../../workers/geo/features';
import type { ZoneNames } from './tree-table';

export function areaItems(list: { geometry: AreaItem['polygon']; id: string | number; properties: Record<string, unknown> }[]): AreaItem[] {
  return list.map((f, index) => ({ index, polygon: f.geometry, label: zoneLabel(f.properties) ?? String(f.id) }));
}

/** Plot and irrigation-area names by the id a tree carries (the feature's source id). */
export function zoneNamesOf(ingest: { plots: AreaSourceFeature[]; irrigationAreas: AreaSourceFeature[] } | null): ZoneNames {
  const names = (list: AreaSourceFeature[]) => new Map(list.map((f) => [String(f.sourceId), zoneLabel(f.properties) ?? String(f.sourceId)]));
  return { plots: names(ingest?.plots ?? []), areas: names(ingest?.irrigationAreas ?? []) };
}
type AreaSourceFeature = { sourceId: string | number; properties: Record<string, unknown> };
