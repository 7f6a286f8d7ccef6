import type { Layer } from '@deck.gl/core';
import { PolygonLayer, TextLayer } from '@deck.gl/layers';
import type { Polygon } from 'geojson';
import { healthColor } from '../../domain/farm-overview';
import { visualOrder } from '../../map/bidi';

export interface FarmPlotItem {
  plotId: number;
  name: string;
  polygon: Polygon;
  share: number | null;
  labelAt: [number, number];
}

const HIGHLIGHT: [number, number, number, number] = [255, 140, 0, 255];

/** Plots filled by their latest survey's healthy share, outlined, named; highlighted ones in orange. */
export function farmLayers(plots: FarmPlotItem[], highlighted: ReadonlySet<number>, selected: number | null): Layer[] {
  return [
    new PolygonLayer<FarmPlotItem>({
      id: 'farm-plots',
      data: plots,
      pickable: true,
      stroked: true,
      filled: true,
      getPolygon: (d) => d.polygon.coordinates,
      getFillColor: (d) => [...healthColor(d.share), highlighted.has(d.plotId) || d.plotId === selected ? 190 : 130],
      getLineColor: (d) => (highlighted.has(d.plotId) || d.plotId === selected ? HIGHLIGHT : [0, 0, 0, 255]),
      getLineWidth: (d) => (d.plotId === selected ? 5 : highlighted.has(d.plotId) ? 4 : 2),
      lineWidthUnits: 'pixels',
      updateTriggers: { getFillColor: [highlighted, selected], getLineColor: [highlighted, selected], getLineWidth: [highlighted, selected] },
    }),
    new TextLayer<FarmPlotItem>({
      id: 'farm-plot-labels',
      data: plots,
      getPosition: (d) => d.labelAt,
      getText: (d) => visualOrder(d.name),
      characterSet: 'auto',
      getSize: 14,
      getColor: [20, 20, 20, 255],
      outlineWidth: 3,
      outlineColor: [255, 255, 255, 230],
      fontSettings: { sdf: true },
      getTextAnchor: 'middle',
      getAlignmentBaseline: 'center',
    }),
  ];
}
