// The project map's view in its URL (README "URL state"): the visible layers,
// the colour mode and its hidden legend classes, Sun mode (issue 35), the selected feature (a tree by
// its tree id, a plot or irrigation area by its id), the compared survey and the
// camera. A reload, or a link sent to a colleague with the same access, opens the
// same view. Pure: parse and write query strings; the page applies them.
import { ALL_COLOUR_MODES, type ColourMode } from '../../../workers/geo/colours';
import type { LayerId } from '../../map/deck-layers';

export interface UrlView {
  /** Visible layers; null = the default (client.md §4: plots only). */
  layers: LayerId[] | null;
  mode: ColourMode | null;
  hidden: number[];
  /** A tree by its tree id, a plot / irrigation area by its id (the feature's source id). */
  selected: { layer: LayerId; id: string } | null;
  /** The survey compared with (its project id). */
  compare: number | null;
  camera: { lon: number; lat: number; zoom: number } | null;
  /** "Sun", the high-contrast map style for outdoor use (issue 35). */
  sun: boolean;
}

const LAYERS: readonly LayerId[] = ['plots', 'irrigationAreas', 'trees'];
const SHORT: Record<LayerId, string> = { plots: 'plot', irrigationAreas: 'area', trees: 'tree' };
const LONG = Object.fromEntries(Object.entries(SHORT).map(([k, v]) => [v, k])) as Record<string, LayerId>;
/** The keys this module owns in the query string (others are left alone). */
export const URL_KEYS = ['layers', 'mode', 'hide', 'sel', 'cmp', 'at', 'sun'] as const;

const finite = (s: string | undefined) => (s !== undefined && s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : null);

export function parseUrlView(search: string | URLSearchParams): UrlView {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const layersRaw = q.get('layers');
  const layers = layersRaw === null ? null : layersRaw.split(',').filter((x): x is LayerId => (LAYERS as readonly string[]).includes(x));
  const modeRaw = q.get('mode');
  const mode = modeRaw && (ALL_COLOUR_MODES as readonly string[]).includes(modeRaw) ? (modeRaw as ColourMode) : null;
  const hidden = (q.get('hide') ?? '')
    .split(',')
    .map(finite)
    .filter((n): n is number => n !== null && Number.isInteger(n) && n >= 0 && n < 256);
  const selRaw = /^(plot|area|tree):(.{1,200})$/.exec(q.get('sel') ?? '');
  const cmp = finite(q.get('cmp') ?? undefined);
  const [lon, lat, zoom] = (q.get('at') ?? '').split(',').map(finite);
  const camera =
    lon !== null && lat !== null && zoom !== null && lon !== undefined && Math.abs(lon) <= 180 && Math.abs(lat!) <= 85 && zoom! >= 0 && zoom! <= 24
      ? { lon, lat: lat!, zoom: zoom! }
      : null;
  return {
    layers,
    mode,
    hidden: mode ? [...new Set(hidden)].sort((a, b) => a - b) : [],
    selected: selRaw ? { layer: LONG[selRaw[1]], id: selRaw[2] } : null,
    compare: cmp !== null && Number.isInteger(cmp) && cmp > 0 ? cmp : null,
    camera,
    sun: q.get('sun') === '1',
  };
}

/** The query string of a view: defaults are left out, other keys of `base` are kept. */
export function writeUrlView(v: UrlView, base: string | URLSearchParams = ''): string {
  const q = new URLSearchParams(base);
  for (const k of URL_KEYS) q.delete(k);
  const isDefault = v.layers && v.layers.length === 1 && v.layers[0] === 'plots';
  if (v.layers && !isDefault) q.set('layers', v.layers.join(','));
  if (v.mode && v.mode !== 'status') q.set('mode', v.mode);
  if (v.mode && v.hidden.length) q.set('hide', v.hidden.join(','));
  if (v.selected) q.set('sel', `${SHORT[v.selected.layer]}:${v.selected.id}`);
  if (v.compare) q.set('cmp', String(v.compare));
  if (v.sun) q.set('sun', '1');
  if (v.camera) q.set('at', `${v.camera.lon.toFixed(6)},${v.camera.lat.toFixed(6)},${v.camera.zoom.toFixed(2)}`);
  // Commas and colons are legal in a query: keep the link readable.
  const s = q.toString().replace(/%2C/gi, ',').replace(/%3A/gi, ':');
  return s ? `?${s}` : '';
}
