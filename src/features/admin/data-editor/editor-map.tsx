import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IControl, Map as MlMap, MapMouseEvent } from 'maplibre-gl';
import type MapboxDraw from '@mapbox/mapbox-gl-draw';
import type { Geometry, Position } from 'geojson';
import { extentOf, maxFitZoom } from '../../../../workers/geo/fit';
import type { ClientData, ClientSummary, EditorFeature, EditorType } from '../../../api/admin-data';
import { GLOBAL_VIEW, MAP_DEFAULTS } from '../../../map/map-config';
import { useMapView } from '../../../map/use-map-view';
import { MapContextLost } from '../../../map/context-lost';
import { createDraw } from '../../../map/draw/create-draw';
import { createDrawBehaviours, type DrawBehaviours, type Measure } from '../../../map/draw/bridge';
import { DRAW } from '../../../map/draw/constants';
import {
  addEditorLayers,
  CLICK_LAYERS,
  hideFeature,
  setEditorData,
  setImportPreview,
  setLayerVisible,
  SOURCES,
  type LayerKind,
} from '../../../map/draw/editor-layers';
import type { Ring } from '../../../map/draw/snap';
import { MapLegend, MapToolbar, type MapMode } from './map-controls';
import { boundsOf, featureById } from './map-geometry';

// The admin map (admin.md §2 "Admin map (drawing)", §4 map modes, §9):
// View / Add Shape / Modify with mapbox-gl-draw, legend with layer toggles
// and the drawing type, selection (orange, zoom; click again deselects),
// auto-fit 500 ms after data loads. Works offline: no tiles → plain background.

export interface Selection {
  type: EditorType;
  id: number;
}

export interface EditorMapProps {
  data: ClientData | null;
  clients: ClientSummary[];
  clientId: number | null;
  onClientChange: (id: number | null) => void;
  selected: Selection | null;
  onSelect: (s: Selection | null) => void;
  onDrawn: (type: EditorType, geometry: Geometry) => void;
  onModified: (type: EditorType, id: number, geometry: Geometry) => void;
  onDelete: () => void;
  onUndo: () => void;
  onRedo: () => void;
  canUndo: boolean;
  canRedo: boolean;
  /** Changes when the creation form closes: the drawn sketch is cleared. */
  sketchKey: number;
  /** A boundary file being imported: its features outlined over the client's, the map fitted to them. */
  importPreview?: GeoJSON.FeatureCollection | null;
  /** Errors and notices: they float over the map and never move it (the next click lands where the admin aimed). */
  banners?: ReactNode;
}

const ringsOf = (g: Geometry): Ring[] => (g.type === 'Polygon' ? (g.coordinates as Ring[]) : g.type === 'MultiPolygon' ? (g.coordinates.flat() as Ring[]) : []);

/**
 * Fits the map to the client's farm: its plots, else its irrigation areas, else its trees (client.md §4's
 * order and max zoom by feature count, workers/geo/fit.ts); a client without any geometry stays where it is.
 */
function fitToFarm(map: MlMap | null, d: ClientData | null | undefined): void {
  if (!map || !d) return;
  const plots = d.plots.features.map((f) => ringsOf(f.geometry));
  const areas = d.irrigationAreas.features.map((f) => ringsOf(f.geometry));
  const shapes = plots.length ? plots : areas;
  const all: Position[] = shapes.length
    ? shapes.flat(2)
    : Array.from({ length: d.trees.count }, (_, i): Position => [d.trees.cols.lon[i], d.trees.cols.lat[i]]);
  if (!all.length) return;
  map.fitBounds(boundsOf({ type: 'MultiPoint', coordinates: all }), {
    padding: MAP_DEFAULTS.padding,
    maxZoom: shapes.length ? maxFitZoom(shapes.length) : MAP_DEFAULTS.maxFitZoom,
    duration: 0,
  });
}

export function EditorMap(p: EditorMapProps) {
  const { t, i18n } = useTranslation('admin.data-editor');
  // The zoom buttons sit in the inline-end corner, the legend in the inline-start one: never on top of each other.
  const navigation = i18n.dir() === 'rtl' ? 'top-left' : 'top-right';
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MlMap | null>(null);
  const drawRef = useRef<MapboxDraw | null>(null);
  // The client whose plots the map was last fitted to (auto-fit once per client and per map).
  const fittedFor = useRef<number | null>(null);
  const [ready, setReady] = useState(false);
  const [mode, setMode] = useState<MapMode>('view');
  const [drawType, setDrawType] = useState<EditorType | null>(null);
  // The latest props and modes for the map's event handlers (registered once), updated after each render.
  const props = useRef(p);
  const modeRef = useRef(mode);
  const drawTypeRef = useRef(drawType);
  useLayoutEffect(() => {
    props.current = p;
    modeRef.current = mode;
    drawTypeRef.current = drawType;
  });
  const [visible, setVisible] = useState<Record<LayerKind, boolean>>({ plot: true, irrigation: true, tree: true });
  const [measure, setMeasure] = useState<Measure | null>(null);
  const [offline, setOffline] = useState(false);
  const [snap, setSnap] = useState(true);

  // What this map's drawing modes are given: snap targets (plot and irrigation outlines, except the shape being
  // edited), whether to snap, where live measurements go; the active mode adds its vertex undo/redo.
  const behaviours = useRef<DrawBehaviours | null>(null);
  const behavioursOf = () =>
    (behaviours.current ??= {
      ...createDrawBehaviours(),
      onMeasure: setMeasure,
      snapRings: () => {
        const d = props.current.data;
        if (!d) return [];
        const s = props.current.selected;
        const skip = (type: EditorType, id: number) => modeRef.current === 'modify' && s?.type === type && s.id === id;
        return [
          ...d.plots.features.filter((f) => !skip('plot', f.properties.id)).flatMap((f) => ringsOf(f.geometry)),
          ...d.irrigationAreas.features.filter((f) => !skip('irrigation', f.properties.id)).flatMap((f) => ringsOf(f.geometry)),
        ];
      },
    });

  // The map (the app's map adapter, without the deck.gl overlay: the editor draws with MapLibre layers), and on it
  // the editor's layers and the draw control, again on each new map (a restored WebGL context).
  const view = useMapView(box, { onBasemapError: () => setOffline(true) }, { overlay: false, minZoom: 0, maxZoom: 22, navigation, debugName: 'editor' });
  const { map } = view;
  useEffect(() => {
    if (!map) return;
    mapRef.current = map;
    let live = true;
    const setup = () => {
      if (!live) return;
      addEditorLayers(map);
      const draw = createDraw(behavioursOf());
      map.addControl(draw as unknown as IControl);
      drawRef.current = draw;
      // mapbox-gl-draw fires its events on the map; MapLibre's typings do not know them.
      const on = map.on.bind(map) as unknown as (type: string, fn: (e: { features: { geometry: Geometry }[] }) => void) => void;
      on('draw.create', (e) => {
        const type = drawTypeRef.current;
        if (type && e.features[0]) props.current.onDrawn(type, e.features[0].geometry);
      });
      on('draw.update', (e) => {
        const s = props.current.selected;
        if (s && modeRef.current === 'modify' && e.features[0]) props.current.onModified(s.type, s.id, e.features[0].geometry);
      });
      map.on('click', (e: MapMouseEvent) => {
        if (modeRef.current !== 'view') return;
        const tol = DRAW.clickTolerancePx;
        const hits = map.queryRenderedFeatures(
          [
            [e.point.x - tol, e.point.y - tol],
            [e.point.x + tol, e.point.y + tol],
          ],
          { layers: CLICK_LAYERS.filter((l) => map.getLayer(l)) },
        );
        const hit = CLICK_LAYERS.map((l) => hits.find((h) => h.layer.id === l)).find(Boolean);
        const type: EditorType | null = !hit ? null : hit.layer.id === 'ed-trees' ? 'tree' : hit.layer.id === 'ed-areas-fill' ? 'irrigation' : 'plot';
        const cur = props.current.selected;
        if (!hit || !type) return props.current.onSelect(null);
        const id = Number(hit.id);
        props.current.onSelect(cur && cur.type === type && cur.id === id ? null : { type, id });
      });
      setReady(true);
    };
    if (map.isStyleLoaded()) setup();
    else map.once('load', setup);
    // The adapter removes the map (and the draw control with it); only our handles go. A map built again (after a
    // lost context) starts at the default view and without a shape in progress: fit it again, no vertex undo.
    return () => {
      live = false;
      mapRef.current = null;
      drawRef.current = null;
      const b = behaviours.current;
      if (b) b.vertexUndo = b.vertexRedo = null;
      fittedFor.current = null;
      setMeasure(null);
      setReady(false);
    };
  }, [map]);

  useEffect(() => {
    behavioursOf().snapEnabled = snap;
  }, [snap]);

  // The boundary file being imported: outlined, and the map moves to it when it is first shown.
  const previewShown = useRef(false);
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    setImportPreview(map, p.importPreview ?? null);
    const box =
      p.importPreview &&
      extentOf(
        p.importPreview.features.flatMap((f) =>
          f.geometry.type === 'Polygon'
            ? [f.geometry]
            : f.geometry.type === 'MultiPolygon'
              ? f.geometry.coordinates.map((c) => ({ type: 'Polygon' as const, coordinates: c }))
              : [],
        ),
      );
    if (box && !previewShown.current) map.fitBounds(box, { padding: 40, duration: 0, maxZoom: 18 });
    previewShown.current = !!box;
  }, [ready, p.importPreview]);

  // Data → sources; the farm is fitted 500 ms after a client's data arrives: on the first open and on every
  // client change. The previous client's data (still shown while the new one loads) is never what is fitted, and
  // a fit counts as done only once it ran (new data within the 500 ms reschedules it).
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    setEditorData(map, 'plot', p.data?.plots ?? { type: 'FeatureCollection', features: [] });
    setEditorData(map, 'irrigation', p.data?.irrigationAreas ?? { type: 'FeatureCollection', features: [] });
    setEditorData(map, 'tree', p.data?.trees.geojson() ?? { type: 'FeatureCollection', features: [] });
    const d = p.data;
    if (!d || fittedFor.current === p.clientId) return;
    if (d.client_id !== undefined && d.client_id !== p.clientId) return;
    const client = p.clientId;
    const timer = setTimeout(() => {
      fittedFor.current = client;
      fitToFarm(map, props.current.data);
    }, DRAW.autoFitDelayMs);
    return () => clearTimeout(timer);
  }, [ready, p.data, p.clientId]);

  // Selection: orange + zoom; in Modify, the selected shape moves into the draw layer.
  const lastSel = useRef<Selection | null>(null);
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    const prev = lastSel.current;
    if (prev) map.setFeatureState({ source: SOURCES[prev.type], id: prev.id }, { selected: false });
    lastSel.current = p.selected;
    if (!p.selected) return;
    map.setFeatureState({ source: SOURCES[p.selected.type], id: p.selected.id }, { selected: true });
    const f = featureById(p.data, p.selected);
    if (f && (!prev || prev.type !== p.selected.type || prev.id !== p.selected.id)) {
      const b = boundsOf(f.geometry);
      map.fitBounds(b, { padding: MAP_DEFAULTS.padding, maxZoom: MAP_DEFAULTS.maxFitZoom, duration: 600 });
    }
  }, [ready, p.selected, p.data]);

  // Mode changes and the draw layer's content.
  useEffect(() => {
    const map = mapRef.current,
      draw = drawRef.current;
    if (!ready || !map || !draw) return;
    draw.deleteAll();
    hideFeature(map, null, null);
    if (mode === 'draw') {
      if (drawType) draw.changeMode(drawType === 'tree' ? 'draw_point' : 'draw_polygon');
    } else if (mode === 'modify') {
      const f = p.selected ? featureById(p.data, p.selected) : null;
      if (!f || !p.selected) return;
      const id = `edit-${p.selected.type}-${p.selected.id}`;
      draw.add({ type: 'Feature', id, properties: {}, geometry: f.geometry } as never);
      hideFeature(map, p.selected.type, p.selected.id);
      if (f.geometry.type === 'Point') draw.changeMode('simple_select', { featureIds: [id] });
      else draw.changeMode('direct_select', { featureId: id });
    } else draw.changeMode('simple_select');
  }, [ready, mode, drawType, p.selected, p.data, p.sketchKey]);

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y): a vertex while drawing, else the last saved reshape.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k !== 'z' && k !== 'y') return;
      const target = e.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      e.preventDefault();
      const redo = k === 'y' || e.shiftKey;
      if (redo ? behavioursOf().vertexRedo?.() : behavioursOf().vertexUndo?.()) return;
      if (redo) props.current.onRedo();
      else props.current.onUndo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    (Object.keys(visible) as LayerKind[]).forEach((k) => setLayerVisible(map, k, visible[k]));
  }, [ready, visible]);

  const fitPlots = () => fitToFarm(mapRef.current, props.current.data);
  const globalView = () => mapRef.current?.jumpTo(GLOBAL_VIEW);
  const selectedFeature: EditorFeature | null = p.selected ? featureById(p.data, p.selected) : null;
  // What the mode asks of the user next (shown beside the mode).
  const hint = !ready
    ? null
    : mode === 'draw'
      ? t(drawType ? 'map.hintDraw' : 'map.chooseType')
      : mode === 'modify'
        ? t(selectedFeature ? 'map.hintModify' : 'map.selectToModify')
        : null;

  return (
    <section className="editor-map" data-testid="editor-map">
      <MapToolbar
        clients={p.clients}
        clientId={p.clientId}
        onClientChange={p.onClientChange}
        mode={mode}
        onMode={setMode}
        onGlobalView={globalView}
        onFocusPlots={fitPlots}
        canDelete={!!p.selected}
        onDelete={p.onDelete}
        onUndo={p.onUndo}
        onRedo={p.onRedo}
        canUndo={p.canUndo}
        canRedo={p.canRedo}
      />
      <div className="editor-map__body">
        <div ref={box} className="editor-map__canvas" data-testid="editor-map-canvas" />
        <MapContextLost view={view} />
        {p.banners && <div className="editor-map__banners">{p.banners}</div>}
        <MapLegend visible={visible} onVisible={setVisible} drawType={drawType} onDrawType={setDrawType} snap={snap} onSnap={setSnap} />
        <div className="editor-map__status" data-testid="edit-mode-indicator" aria-live="polite">
          <strong>{t('map.editing', { mode: t(`map.modes.${mode}`) + (mode === 'draw' && drawType ? ` – ${t(`types.${drawType}`)}` : '') })}</strong>
          {selectedFeature && <span> · {t('map.selected', { name: selectedFeature.properties.name })}</span>}
          {hint && <span className="editor-map__hint"> · {hint}</span>}
          {measure && (
            <span className="editor-map__measure" data-testid="live-measure">
              {' · '}
              {measure.kind === 'polygon' && t('map.area', { ha: (measure.areaHa ?? 0).toFixed(2) })}
              {measure.kind === 'polygon'
                ? ` · ${t('map.perimeter', { m: Math.round(measure.lengthM) })}`
                : t('map.length', { m: Math.round(measure.lengthM) })}
            </span>
          )}
          {offline && <span className="editor-map__offline"> · {t('map.basemapOffline')}</span>}
        </div>
      </div>
    </section>
  );
}
