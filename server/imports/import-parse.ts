// Survey-results import, step 1: CSV or GeoJSON text → typed rows, each with
// the line (CSV: physical line, header = 1; GeoJSON: feature number) and
// every problem found, so the admin gets the full list of bad rows at once.

import { ROW_TREE_NUMBER_MAX } from '../../src/domain/field-rules';
import { TREE_FIELDS } from '../../workers/geo/fields';

// The imported columns are a survey's results: the status and the measured fields of the one list of a tree's
// fields (workers/geo/fields.ts), each read as its `observed` rule says (a number within bounds, or text).
type Observed = Extract<(typeof TREE_FIELDS)[number], { observed: object }>;
type NumericRule = { int: boolean; min: number; max: number };
/** Numbers of the import, with their bounds (measures are never negative; the upper bounds keep them inside float4). */
export const NUMERIC = Object.fromEntries(
  TREE_FIELDS.flatMap((f) =>
    'observed' in f && f.observed.type !== 'text' ? [[f.key, { int: 'int' in f.observed && !!f.observed.int, min: f.observed.min, max: f.observed.max }]] : [],
  ),
) as Record<string, NumericRule>;
export const TEXT = TREE_FIELDS.flatMap((f) => ('observed' in f && f.observed.type === 'text' ? [f.key] : []));
export type ValueColumn = Observed['key'];
export const VALUE_COLUMNS = [...Object.keys(NUMERIC), ...TEXT] as ValueColumn[];
/** The SQL type of an imported column. */
export const valueSqlType = (c: string): string => (TREE_FIELDS.find((f) => f.key === c) as Observed | undefined)?.observed.type ?? 'text';

const ALIASES: Record<string, string> = {
  longitude: 'lon',
  lng: 'lon',
  x: 'lon',
  latitude: 'lat',
  y: 'lat',
  ...Object.fromEntries(TREE_FIELDS.flatMap((f) => ('aliases' in f ? f.aliases.map((a) => [a, f.key]) : []))),
};
const KNOWN: ReadonlySet<string> = new Set(['tree_id', 'lon', 'lat', 'row_num', 'tree_num', ...VALUE_COLUMNS]);

export interface ImportRow {
  line: number;
  tree_id: number | null;
  lon: number | null;
  lat: number | null;
  row_num: number | null;
  tree_num: number | null;
  values: Record<ValueColumn, number | string | null>;
}
export interface BadRow {
  line: number;
  message: string;
}
export interface Parsed {
  format: 'csv' | 'geojson';
  rows: ImportRow[];
  bad: BadRow[];
  ignoredColumns: string[];
}

const canonical = (h: string) => {
  const k = h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return ALIASES[k] ?? k;
};

/** One record's raw values → a row, or the reasons it is bad. */
function toRow(line: number, get: (col: string) => unknown): { row?: ImportRow; errors: string[] } {
  const errors: string[] = [];
  const num = (col: string, opt: { int: boolean; min?: number; max?: number }): number | null => {
    const raw = get(col);
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
    // A decimal comma (semicolon-separated exports from European spreadsheets) is accepted.
    const v = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim().replace(/^([-+]?\d+),(\d+)$/, '$1.$2')) : NaN;
    if (!Number.isFinite(v)) return (errors.push(`${col} "${String(raw)}" is not a number`), null);
    if (opt.int && !Number.isInteger(v)) return (errors.push(`${col} ${v} must be a whole number`), null);
    if ((opt.min !== undefined && v < opt.min) || (opt.max !== undefined && v > opt.max))
      return (errors.push(`${col} ${v} is outside ${opt.min}..${opt.max}`), null);
    return v;
  };
  const tree_id = num('tree_id', { int: true, min: 1, max: 2_147_483_647 });
  const lon = num('lon', { int: false, min: -180, max: 180 });
  const lat = num('lat', { int: false, min: -90, max: 90 });
  const row_num = num('row_num', { int: true, min: 1, max: ROW_TREE_NUMBER_MAX });
  const tree_num = num('tree_num', { int: true, min: 1, max: ROW_TREE_NUMBER_MAX });
  if (tree_id === null && (lon === null || lat === null) && !errors.length) errors.push('needs tree_id, or lon and lat');
  const values = {} as ImportRow['values'];
  for (const [col, opt] of Object.entries(NUMERIC)) values[col as ValueColumn] = num(col, opt);
  for (const col of TEXT) {
    const raw = get(col);
    const s = raw === undefined || raw === null ? '' : String(raw).trim();
    if (s.length > 200) errors.push(`${col} is longer than 200 characters`);
    values[col as ValueColumn] = s === '' ? null : s.slice(0, 200);
  }
  return errors.length ? { errors } : { row: { line, tree_id, lon, lat, row_num, tree_num, values }, errors };
}

export function parseImport(body: unknown): Parsed {
  if (typeof body === 'string') {
    const text = body.replace(/^\uFEFF/, '');
    const first = text.trimStart()[0];
    if (first === '{' || first === '[') {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (e) {
        return { format: 'geojson', rows: [], bad: [{ line: 0, message: `Not valid JSON: ${(e as Error).message}` }], ignoredColumns: [] };
      }
      return parseGeoJson(json);
    }
    return parseCsv(text);
  }
  return parseGeoJson(body);
}

function parseGeoJson(json: unknown): Parsed {
  const out: Parsed = { format: 'geojson', rows: [], bad: [], ignoredColumns: [] };
  const fc = json as { type?: string; features?: unknown[] };
  if (!fc || fc.type !== 'FeatureCollection' || !Array.isArray(fc.features)) {
    out.bad.push({ line: 0, message: 'GeoJSON must be a FeatureCollection with a "features" array' });
    return out;
  }
  const ignored = new Set<string>();
  fc.features.forEach((f, i) => {
    const line = i + 1;
    const feat = f as { type?: string; geometry?: { type?: string; coordinates?: unknown[] } | null; properties?: Record<string, unknown> | null };
    if (!feat || feat.type !== 'Feature') return void out.bad.push({ line, message: 'is not a GeoJSON Feature' });
    const props: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(feat.properties ?? {})) {
      const c = canonical(k);
      if (KNOWN.has(c)) props[c] = v;
      else ignored.add(k);
    }
    const g = feat.geometry;
    if (g) {
      if (g.type !== 'Point' || !Array.isArray(g.coordinates)) return void out.bad.push({ line, message: `geometry must be a Point, not ${g.type}` });
      props.lon = g.coordinates[0];
      props.lat = g.coordinates[1];
    }
    const r = toRow(line, (c) => props[c]);
    if (r.row) out.rows.push(r.row);
    else out.bad.push({ line, message: r.errors.join('; ') });
  });
  out.ignoredColumns = [...ignored];
  return out;
}

/** RFC 4180 CSV (quotes, "" escapes, CRLF), comma or semicolon separated. */
function parseCsv(text: string): Parsed {
  const out: Parsed = { format: 'csv', rows: [], bad: [], ignoredColumns: [] };
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let header: string[] | null = null;
  let index: Map<string, number> = new Map();
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const startLine = line;
    let nl = text.indexOf('\n', i);
    if (nl < 0) nl = n;
    let raw = text.slice(i, nl);
    if (raw.endsWith('\r')) raw = raw.slice(0, -1);
    let fields: string[];
    // Fast path: most survey exports have no quotes, so a line is one record.
    if (!raw.includes('"')) {
      fields = raw.split(sep);
      i = nl + 1;
      line++;
    } else {
      const r = quotedRecord(text, i, line, sep);
      ({ fields, i, line } = r);
    }
    if (fields.length === 1 && fields[0].trim() === '') continue;
    if (!header) {
      header = fields.map(canonical);
      index = new Map(header.map((h, k) => [h, k]));
      out.ignoredColumns = fields.filter((_, k) => !KNOWN.has(header![k])).map((h) => h.trim());
      if (!index.has('tree_id') && !(index.has('lon') && index.has('lat')))
        out.bad.push({ line: startLine, message: 'The header needs a tree_id column, or lon and lat columns' });
      continue;
    }
    if (fields.length !== header.length) {
      out.bad.push({ line: startLine, message: `has ${fields.length} fields, the header has ${header.length}` });
      continue;
    }
    const r = toRow(startLine, (c) => {
      const k = index.get(c);
      return k === undefined ? undefined : fields[k];
    });
    if (r.row) out.rows.push(r.row);
    else out.bad.push({ line: startLine, message: r.errors.join('; ') });
  }
  if (!header) out.bad.push({ line: 1, message: 'The file is empty' });
  return out;
}

/** One record that has quotes (may span lines): RFC 4180 rules. */
function quotedRecord(text: string, start: number, startLine: number, sep: string): { fields: string[]; i: number; line: number } {
  const fields: string[] = [];
  const n = text.length;
  let field = '';
  let quoted = false;
  let i = start;
  let line = startLine;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === 34) {
        if (text.charCodeAt(i + 1) === 34) {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === 10) line++;
        field += text[i];
      }
    } else if (c === 34 && field === '') quoted = true;
    else if (text[i] === sep) {
      fields.push(field);
      field = '';
    } else if (c === 10 || c === 13) {
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      i++;
      line++;
      break;
    } else field += text[i];
  }
  fields.push(field);
  return { fields, i, line };
}
