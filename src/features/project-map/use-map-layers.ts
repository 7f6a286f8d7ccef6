// What the project map draws (client.md §2, §4): the layers of the layer state (plots, irrigation areas and the
// trees in their colours, with labels or the worker's tree image), the selection, the prescription being prepared,
// the position from the GPS and the scouting layers (issue 36), all handed to the map in one list.
import { useEffect, useMemo } from 'react';
import { buildMapLayers, type AreaItem, type TreeImage, type TreeLabel } from '../../map/deck-layers';
import type { MapView } from '../../map/use-map-view';
import type { PrescriptionPreview } from '../../../workers/geo/prescription';
import type { ScreenState } from './controller';
import type { MapWalk } from './map-walk';
import type { Scouting } from './scouting/use-scouting';
import type { Drawn } from './use-drawn-trees';
import type { ProjectData } from './use-project-data';
import type { Gps } from './use-screen-map';

interface Drawing {
  plots: AreaItem[];
  areas: AreaItem[];
  drawn: Drawn | null;
  treeLabels: TreeLabel[];
  treeImage: TreeImage | 'refused' | null;
  /** The prescription panel's zones, drawn coloured by rate while it is open. */
  rxPreview: PrescriptionPreview | null;
  gps: Gps;
  walk: MapWalk;
  scouting: Scouting;
}

export function useMapLayers(view: MapView, screen: ScreenState, data: ProjectData, d: Drawing): void {
  const { layers, panel } = screen;
  const { plots, areas, drawn, treeLabels, treeImage, rxPreview, gps, walk, scouting } = d;
  // The position on the map: the smoothed dot, its accuracy circle and heading (gps-layers.ts, issue 35).
  const gpsMark = useMemo(
    () =>
      gps.fix
        ? { position: [gps.fix.lon, gps.fix.lat] as [number, number], accuracy: gps.fix.accuracy, heading: walk.heading ?? gps.fix.heading ?? null }
        : null,
    [gps.fix, walk.heading],
  );

  useEffect(() => {
    view.setLayers([
      ...buildMapLayers({
        view: layers,
        plots: data.errors.trees || data.errors.noProject ? [] : plots,
        areas,
        trees:
          drawn && data.colours && data.colours.rgba.length === 4 * drawn.count
            ? { count: drawn.count, positions: drawn.positions, rgba: data.colours.rgba, offsets: drawn.offsets }
            : null,
        treeLabels,
        zoom: view.zoom,
        selected: layers.selected,
        gps: gpsMark,
        treeImage,
        prescription: panel === 'prescription' ? rxPreview : null,
        sun: screen.sun,
      }),
      ...scouting.layers,
    ]);
  }, [view, layers, plots, areas, drawn, data.colours, data.errors, treeLabels, treeImage, gpsMark, panel, rxPreview, scouting.layers, screen.sun]);
}
