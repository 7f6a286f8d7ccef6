// What is selected on the project map (client.md §2 info panel; issues 13, 37): the selected tree's field/value table
// from the worker's columns (and the compared survey's values while comparing), the selection's name for the path
// bar, legend and list, its plot or irrigation area (controller.ts), the export's scope and the plot whose photo can
// be kept offline.
import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { TFunction } from 'i18next';
import type { AreaItem } from '../../map/deck-layers';
import type { GeoClient, IngestResult } from '../../map/geo-client';
import { extentOf } from '../../../workers/geo/fit';
import { exportScope as exportScopeOf, featureName as featureNameOf, selectedSource, type SelectionContext } from './controller';
import type { Selected } from './layer-state';
import type { TreeValues } from './tree-table';
import type { Comparison } from './use-project-data';

interface Args {
  client: RefObject<GeoClient | null>;
  sel: Selected | null;
  comparison: Comparison | null;
  ingest: IngestResult | null;
  plots: AreaItem[];
  areas: AreaItem[];
  t: TFunction<'project-map'>;
}

export function useSelection({ client, sel, comparison, ingest, plots, areas, t }: Args) {
  // The selected tree's field/value table comes from the worker's columns.
  // Kept with the selection they belong to: another selection shows nothing until its own values arrive.
  const [treeInfo, setTreeInfo] = useState<{ sel: typeof sel; values: TreeValues | null; compared: TreeValues | null } | null>(null);
  useEffect(() => {
    let live = true;
    const c = client.current;
    if (sel?.layer === 'trees' && c) {
      void Promise.all([c.treeProperties(sel.index), c.comparedProperties(sel.index)]).then(
        ([values, compared]) => live && setTreeInfo({ sel, values, compared }),
      );
    }
    return () => {
      live = false;
    };
  }, [sel, client, comparison]);
  const treeValues = treeInfo?.sel === sel ? treeInfo.values : null;
  const comparedValues = treeInfo?.sel === sel ? treeInfo.compared : null;

  const selection: SelectionContext = {
    sel,
    plots,
    areas,
    plotSources: ingest?.plots ?? [],
    areaSources: ingest?.irrigationAreas ?? [],
    treeId: treeValues?.tree_id,
    treeLabel: t('fields.tree_id'),
  };
  // The selected plot (all its parts) for "Keep this plot's photo at full resolution" (issue 37 "Offline").
  const selectedPlot = useMemo(() => {
    const src = sel?.layer === 'plots' ? ingest?.plots[sel.index] : undefined;
    const bounds = src && extentOf(ingest!.plots.filter((f) => f.sourceId === src.sourceId).map((f) => f.geometry));
    return src && bounds ? { plotId: String(src.sourceId), name: plots[sel!.index]?.label ?? '', bounds } : null;
  }, [sel, ingest, plots]);
  return {
    treeValues,
    comparedValues,
    selection,
    featureName: featureNameOf(selection),
    selectedArea: selectedSource(selection),
    selectedPlot,
    exportScope: exportScopeOf(selection),
  };
}
