import { useEffect, useMemo, useRef } from 'react';
import { useMapView } from '../../map/use-map-view';
import { MapContextLost } from '../../map/context-lost';
import { GLOBAL_VIEW, MAP_DEFAULTS } from '../../map/map-config';
import { maxFitZoom } from '../../../workers/geo';
import { farmLayers, type FarmPlotItem } from './farm-layers';

/** Product map default (client.md §9) when the farm has no plots, and the global view. */
export const PRODUCT_MAP_DEFAULT = { center: [23.392, 42.899] as [number, number], zoom: 5 };

interface Props {
  items: FarmPlotItem[];
  bbox: [number, number, number, number] | null;
  highlighted: ReadonlySet<number>;
  selected: number | null;
  onPlotClick(plotId: number | null): void;
  globalViewSignal: number;
}

/** The shared MapLibre + deck.gl map (src/map) showing the farm's plots. */
export function FarmMapCanvas({ items, bbox, highlighted, selected, onPlotClick, globalViewSignal }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const view = useMapView(
    container,
    {
      onClick: ({ x, y }) => onPlotClick((view.pickAll(x, y)[0]?.object as FarmPlotItem | undefined)?.plotId ?? null),
    },
    { debugName: 'farm' },
  );
  const { map } = view;
  const layers = useMemo(() => farmLayers(items, highlighted, selected), [items, highlighted, selected]);
  useEffect(() => view.setLayers(layers));

  // Fit once to all plots when the data arrives; the product default without plots.
  const fitted = useRef<unknown>(null);
  useEffect(() => {
    if (!map || fitted.current === map) return; // once per map (a restored map fits again)
    fitted.current = map;
    map.setMinZoom(GLOBAL_VIEW.zoom);
    if (bbox) {
      map.fitBounds(bbox, { padding: MAP_DEFAULTS.padding, maxZoom: maxFitZoom(items.length), duration: 0 });
    } else {
      map.jumpTo(PRODUCT_MAP_DEFAULT);
    }
  }, [map, bbox, items.length]);

  useEffect(() => {
    if (map && globalViewSignal > 0) map.easeTo({ ...GLOBAL_VIEW, duration: MAP_DEFAULTS.animationMs });
  }, [map, globalViewSignal]);

  return (
    <div className="farm-map__stage">
      <div ref={container} className="farm-map__canvas" data-testid="farm-map-canvas" />
      <MapContextLost view={view} />
    </div>
  );
}
