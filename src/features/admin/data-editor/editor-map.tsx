import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Map as MlMap } from 'maplibre-gl';
import type { Geometry } from 'geojson';
import type { ClientData, ClientSummary, EditorFeature, EditorType } from '../../../api/admin-data';
import { GLOBAL_VIEW } from '../../../map/map-config';
import { fitMap } from '../../../map/fit';
import { whenStyleReady } from '../../../map/when-style-ready';
import { useMapView } from '../../../map/use-map-view';
import { MapContextLost } from '../../../map/context-lost';
import { createDrawAdapter, type DrawAdapter } from '../../../map/draw/draw-adapter';
import { createDrawBehaviours, type DrawBehaviours, type Measure } from '../../../map/draw/bridge';
import { DRAW } from '../../../map/draw/constants';
import {
  addEditorLayers,
  editorFeatureAt,
  hideFeature,
  markSelected,
  setEditorData,
  setImportPreview,
  setLayerVisible,
  type LayerKind,
} from '../../../map/draw/editor-layers';
import { MapLegend, MapStatus, MapToolbar, type MapMode } from './map-controls';
import { boundsOf, farmFit, featureById, polygonsExtent, snapRings, type Selection } from './map-geometry';
import { useUndoKeys } from './use-undo-keys';

// The admin map (admin.md §2 "Admin map (drawing)", §4 map modes, §9):
// View / Add Shape / Modify through the draw adapter (src/map/draw/draw-adapter.ts), legend with layer toggles
// and the drawing type, selection (orange, zoom; click again deselects),
// auto-fit 500 ms after data loads. Works offline: no tiles → plain background.

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

/** Fits the map to the client's farm (map-geometry.ts farmFit); a client without any geometry stays where it is. */
function fitToFarm(map: MlMap | null, d: ClientData | null | undefined): void {
  const fit = map && d ? farmFit(d) : null;
  if (map && fit) fitMap(map, fit.bounds, { maxZoom: fit.maxZoom });
}

export function EditorMap(p: EditorMapProps) {
  const { i18n } = useTranslation('admin.data-editor');
  // The zoom buttons sit in the inline-end corner, the legend in the inline-start one: never on top of each other.
  const navigation = i18n.dir() === 'rtl' ? 'top-left' : 'top-right';
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MlMap | null>(null);
  const drawRef = useRef<DrawAdapter | null>(null);
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
      snapRings: () => snapRings(props.current.data, modeRef.current === 'modify' ? props.current.selected : null),
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
      const draw = createDrawAdapter(map, behavioursOf());
      draw.start();
      drawRef.current = draw;
      draw.on('create', (e) => {
        const type = drawTypeRef.current;
        if (type && e.features[0]) props.current.onDrawn(type, e.features[0].geometry);
      });
      draw.on('update', (e) => {
        const s = props.current.selected;
        if (s && modeRef.current === 'modify' && e.features[0]) props.current.onModified(s.type, s.id, e.features[0].geometry);
      });
      map.on('click', (e) => {
        if (modeRef.current !== 'view') return;
        const hit = editorFeatureAt(map, e.point);
        const cur = props.current.selected;
        if (!hit) return props.current.onSelect(null);
        props.current.onSelect(cur && cur.type === hit.kind && cur.id === hit.id ? null : { type: hit.kind, id: hit.id });
      });
      setReady(true);
    };
    const cancelSetup = whenStyleReady(map, setup);
    // The adapter removes the map (and the draw control with it); only our handles go. A map built again (after a
    // lost context) starts at the default view and without a shape in progress: fit it again, no vertex undo.
    return () => {
      live = false;
      cancelSetup();
      mapRef.current = null;
      drawRef.current?.destroy();
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
    const box = p.importPreview && polygonsExtent(p.importPreview);
    // Settings of its own, kept as they were: 40 px around the file's features, at most zoom 18.
    if (box && !previewShown.current) fitMap(map, box, { padding: 40, maxZoom: 18 });
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
    if (prev) markSelected(map, prev.type, prev.id, false);
    lastSel.current = p.selected;
    if (!p.selected) return;
    markSelected(map, p.selected.type, p.selected.id, true);
    const f = featureById(p.data, p.selected);
    if (f && (!prev || prev.type !== p.selected.type || prev.id !== p.selected.id)) {
      fitMap(map, boundsOf(f.geometry), { durationMs: 600 });
    }
  }, [ready, p.selected, p.data]);

  // Mode changes and the draw layer's content.
  useEffect(() => {
    const map = mapRef.current,
      draw = drawRef.current;
    if (!ready || !map || !draw) return;
    draw.clear();
    hideFeature(map, null, null);
    if (mode === 'draw') {
      if (drawType) draw.draw(drawType === 'tree' ? 'point' : 'polygon');
    } else if (mode === 'modify') {
      const f = p.selected ? featureById(p.data, p.selected) : null;
      if (!f || !p.selected) return;
      hideFeature(map, p.selected.type, p.selected.id);
      draw.edit(`edit-${p.selected.type}-${p.selected.id}`, f.geometry);
    } else draw.idle();
  }, [ready, mode, drawType, p.selected, p.data, p.sketchKey]);

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y): a vertex while drawing, else the last saved reshape.
  useUndoKeys((redo) => {
    if (redo ? behavioursOf().vertexRedo?.() : behavioursOf().vertexUndo?.()) return;
    if (redo) p.onRedo();
    else p.onUndo();
  });

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    (Object.keys(visible) as LayerKind[]).forEach((k) => setLayerVisible(map, k, visible[k]));
  }, [ready, visible]);

  const fitPlots = () => fitToFarm(mapRef.current, props.current.data);
  const globalView = () => mapRef.current?.jumpTo(GLOBAL_VIEW);
  const selectedFeature: EditorFeature | null = p.selected ? featureById(p.data, p.selected) : null;

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
        <MapStatus ready={ready} mode={mode} drawType={drawType} selected={selectedFeature} measure={measure} offline={offline} />
      </div>
    </section>
  );
}
