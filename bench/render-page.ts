// Page of the render benchmark (bench/render.bench.ts). ?variant=ours|ours-stroked|ours-fp64|maplibre-native&n=N
// ours-fp64: absolute Float64 lon/lat (no offsets); ours-stroked: stroke + antialiasing at every zoom;
// ours-vector: one instance per tree at every zoom (no tree image below the detail zoom).
// ours-fp64 and ours-stroked are vector too.
// Trees are generated here from the same seed for every variant; "ours" draws
// them with the app's deck.gl layers (src/map/deck-layers.ts) over MapLibre,
// "maplibre-native" with a GeoJSON source and a circle layer.
import { MapLibreOverlay } from '@deck.gl/maplibre';
import { Map as MapLibreMap, type StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { buildMapLayers, type LayerView, type TreeImage } from '../src/map/deck-layers';
import { LAYER_STYLE } from '../src/map/map-config';
import { rasterizeTrees } from '../workers/geo/tree-raster';
import { treeOffsets } from '../workers/geo/draw-offsets';
import { setupMapLibre } from '../src/map/maplibre-setup';
import { STATUS_COLOURS } from '../workers/geo/colours';

// Bytes the page hands to WebGL buffers: a legend toggle must upload the colours (4 bytes a tree), never positions.
const uploaded = { bytes: 0 };
for (const proto of [WebGL2RenderingContext.prototype, WebGLRenderingContext.prototype]) {
  const data = proto.bufferData as (...a: unknown[]) => void,
    sub = proto.bufferSubData as (...a: unknown[]) => void;
  const size = (v: unknown) => (typeof v === 'number' ? v : ((v as ArrayBufferView | null)?.byteLength ?? 0));
  (proto as unknown as Record<string, unknown>).bufferData = function (this: unknown, ...a: unknown[]) {
    uploaded.bytes += size(a[1]);
    return data.apply(this, a);
  };
  (proto as unknown as Record<string, unknown>).bufferSubData = function (this: unknown, ...a: unknown[]) {
    uploaded.bytes += size(a[2]);
    return sub.apply(this, a);
  };
}

interface Result {
  first_frame_ms?: number;
  pan_frame_ms?: number;
  toggle_ms?: number;
  toggle_upload_bytes?: number;
  done?: boolean;
  error?: string;
  frames?: number;
}
const w = window as unknown as { __bench: Result };
w.__bench = {};
const q = new URLSearchParams(location.search);
const variant = q.get('variant') ?? 'ours';
const n = Number(q.get('n') ?? 100000);

function trees(count: number) {
  const side = Math.ceil(Math.sqrt(count));
  const positions = new Float64Array(2 * count);
  const status = new Uint8Array(count);
  let s = 12345;
  const rnd = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296;
  for (let i = 0; i < count; i++) {
    positions[2 * i] = 35.2 + (i % side) * 0.00005;
    positions[2 * i + 1] = 32.6 + Math.floor(i / side) * 0.00004;
    const u = rnd();
    status[i] = u < 0.8 ? 0 : u < 0.9 ? 1 : u < 0.94 ? 2 : u < 0.97 ? 3 : u < 0.99 ? 4 : 5;
  }
  return { positions, status, side };
}

const t = trees(n);
const bounds: [[number, number], [number, number]] = [
  [35.2, 32.6],
  [35.2 + t.side * 0.00005, 32.6 + Math.ceil(n / t.side) * 0.00004],
];
const style: StyleSpecification = { version: 8, sources: {}, layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#eef2e6' } }] };
setupMapLibre();
const map = new MapLibreMap({ container: 'map', style, bounds, fitBoundsOptions: { padding: 20 }, attributionControl: false });
const raf = () => new Promise<number>((r) => requestAnimationFrame(r));

async function pan(): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    map.panBy([i % 10 < 5 ? 12 : -12, 6], { animate: false });
    // The map (and deck.gl, synced to its camera) draws in the next animation
    // frame; the one after starts only when that frame's work is done.
    await raf();
    await raf();
    times.push(performance.now() - t0);
    w.__bench.frames = times.length;
  }
  times.sort((a, b) => a - b);
  w.__bench.pan_frame_ms = times[Math.floor(times.length / 2)];
  w.__bench.frames = times.length;
}

/**
 * The legend filter at n trees: hide Healthy (alpha 0), show it again, five
 * times; the time from new colours to the frame drawn with them, and the bytes
 * uploaded to the GPU meanwhile. The colour buffers are ready before (the app
 * fills them in the worker).
 */
async function toggles(draw: (rgba: Uint8Array) => void, shown: Uint8Array): Promise<void> {
  const hidden = shown.slice();
  for (let i = 0; i < n; i++) if (t.status[i] === 0) hidden[4 * i + 3] = 0;
  const times: number[] = [],
    bytes: number[] = [];
  for (let k = 0; k < 6; k++) {
    const before = uploaded.bytes,
      t0 = performance.now();
    draw(k % 2 === 0 ? hidden.slice() : shown.slice());
    await raf();
    await raf();
    times.push(performance.now() - t0);
    bytes.push(uploaded.bytes - before);
  }
  times.sort((a, b) => a - b);
  bytes.sort((a, b) => a - b);
  w.__bench.toggle_ms = times[Math.floor(times.length / 2)];
  w.__bench.toggle_upload_bytes = bytes[Math.floor(bytes.length / 2)];
}

map.on('load', () => {
  if (variant.startsWith('ours')) {
    const rgba = new Uint8Array(4 * n);
    for (let i = 0; i < n; i++) rgba.set(STATUS_COLOURS[t.status[i]], 4 * i);
    const view: LayerView = {
      order: ['trees'],
      visible: { plots: false, irrigationAreas: false, trees: true },
      labels: { plots: false, irrigationAreas: false, trees: false },
      infoLayer: null,
    };
    let done = false;
    const offsets = variant === 'ours-fp64' ? null : treeOffsets(t.positions, n);
    // The image the app's worker draws (use-tree-image.ts), drawn here on the page: this bench times the GPU side.
    let image: { rgba: Uint8Array; out: TreeImage | 'refused' } | null = null;
    const imageOf = (colours: Uint8Array): TreeImage | 'refused' => {
      if (image?.rgba !== colours) {
        const raster = rasterizeTrees({
          count: n,
          positions: t.positions,
          rgba: colours,
          zoom: map.getZoom(),
          pixelRatio: 1,
          radius: LAYER_STYLE.treeMarkerRadius,
        });
        image = { rgba: colours, out: raster ? { coloursId: 0, raster, image: new ImageData(raster.data, raster.width, raster.height) } : 'refused' };
      }
      return image.out;
    };
    const layers = (colours: Uint8Array) =>
      buildMapLayers({
        view,
        plots: [],
        areas: [],
        trees: { count: n, positions: t.positions, rgba: colours, offsets },
        treeLabels: [],
        zoom: map.getZoom(),
        selected: null,
        gps: null,
        treeStroke: variant === 'ours-stroked' ? 'always' : 'auto',
        treeLod: variant === 'ours' ? 'auto' : 'vector',
        treeImage: variant === 'ours' ? imageOf(colours) : null,
      });
    const overlay: MapLibreOverlay = new MapLibreOverlay({
      interleaved: false,
      useDevicePixels: 1,
      layers: layers(rgba),
      onAfterRender: () => {
        (w.__bench as Record<string, unknown>).renders = ((w.__bench as Record<string, number>).renders ?? 0) + 1;
        if (done) return;
        done = true;
        w.__bench.first_frame_ms = performance.now();
        void raf()
          .then(pan)
          .then(() => toggles((c) => overlay.setProps({ layers: layers(c) }), rgba))
          .then(() => {
            w.__bench.done = true;
          });
      },
    });
    map.addControl(overlay);
  } else {
    const features = new Array(n);
    for (let i = 0; i < n; i++) {
      features[i] = { type: 'Feature', properties: { s: t.status[i] }, geometry: { type: 'Point', coordinates: [t.positions[2 * i], t.positions[2 * i + 1]] } };
    }
    map.addSource('trees', { type: 'geojson', data: { type: 'FeatureCollection', features } });
    const c = (k: number) => `rgb(${STATUS_COLOURS[k].slice(0, 3).join(',')})`;
    map.addLayer({
      id: 'trees',
      type: 'circle',
      source: 'trees',
      paint: { 'circle-radius': 2, 'circle-color': ['match', ['get', 's'], 0, c(0), 1, c(1), 2, c(2), 3, c(3), 4, c(4), c(5)] },
    });
    const check = () => {
      if (map.isSourceLoaded('trees') && map.areTilesLoaded()) {
        map.off('idle', check);
        w.__bench.first_frame_ms = performance.now();
        void raf()
          .then(pan)
          .then(() => {
            w.__bench.done = true;
          });
      }
    };
    map.on('idle', check);
  }
});
map.on('error', (e) => {
  w.__bench.error = String((e as unknown as { error?: Error }).error?.message ?? e);
});
