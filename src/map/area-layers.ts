// The plots' and irrigation areas' layers: outline (pickable, with an all-but-transparent fill), the
// selected one's outline, and the labels (client.md §4, §9; Sun mode's wider outlines, issue 35).
import type { Layer } from '@deck.gl/core';
import { PathLayer, PolygonLayer, TextLayer } from '@deck.gl/layers';
import type { Polygon } from 'geojson';
import { visualOrder } from './bidi';
import { LAYER_STYLE } from './map-config';
import { extentOf } from '../../workers/geo/fit';
import type { AreaItem, MapLayerInput } from './deck-layers';

/** Where an area's label goes: the middle of its extent. */
function centre(p: Polygon): [number, number] {
  const b = extentOf([p]);
  return b ? [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2] : [NaN, NaN];
}

export function areaLayers(id: 'plots' | 'irrigationAreas', items: AreaItem[], input: MapLayerInput): Layer[] {
  const base = id === 'plots' ? LAYER_STYLE.plots : LAYER_STYLE.irrigationAreas;
  const sun = LAYER_STYLE.sun;
  const style = !input.sun ? base : { ...base, width: base.width * sun.areaWidthScale, stroke: id === 'plots' ? base.stroke : sun.irrigationStroke };
  const out: Layer[] = [
    new PolygonLayer<AreaItem>({
      id,
      data: items,
      getPolygon: (d) => d.polygon.coordinates,
      // Alpha 1/255: looks transparent (§9 "transparent fill") but stays pickable.
      getFillColor: [0, 0, 0, 1],
      filled: true,
      stroked: true,
      getLineColor: style.stroke,
      getLineWidth: style.width,
      lineWidthUnits: 'pixels',
      pickable: true,
      updateTriggers: { getLineColor: input.sun, getLineWidth: input.sun },
    }),
  ];
  const sel = input.selected;
  if (sel && sel.layer === id && items[sel.index]) {
    out.push(
      new PathLayer<AreaItem>({
        id: `${id}-selected`,
        data: [items[sel.index]],
        getPath: (d) => d.polygon.coordinates[0] as [number, number][],
        getColor: LAYER_STYLE.selected,
        getWidth: style.width + 2,
        widthUnits: 'pixels',
      }),
    );
  }
  if (input.view.labels[id]) {
    out.push(
      new TextLayer<AreaItem>({
        id: `${id}-labels`,
        data: items,
        getPosition: (d) => centre(d.polygon),
        getText: (d) => visualOrder(d.label),
        characterSet: 'auto',
        getSize: id === 'plots' ? 14 : 12,
        getColor: id === 'plots' ? [0, 0, 0, 255] : [13, 71, 161, 255],
        fontSettings: { sdf: true },
        outlineWidth: 2,
        outlineColor: [255, 255, 255, 230],
        fontFamily: 'system-ui, sans-serif',
      }),
    );
  }
  return out;
}
