// Adding a measured field is an edit of the one list (workers/geo/fields.ts) and a migration (docs/ARCHITECTURE.md):
// a fixture list with one more field, `ndvi`, goes through the worker's columns, the Arrow and compact wire forms,
// the export's records and field specs, and the tapped tree's table, with no other change.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { decodeMapDataArrow } from '../../workers/geo/arrow-decode';
import { encodeMapDataArrow } from '../../workers/geo/arrow-schema';
import { decodeMapDataCompact, encodeMapDataCompact } from '../../workers/geo/wire-compact';
import { exportMeasures, fieldSpec, measuredFields, numericFields, panelFields, TREE_FIELDS, type TreeFieldSpec } from '../../workers/geo/fields';
import { rowsToTreeColumns, type TreeRow } from '../../workers/geo/tree-columns';
import { exportFieldSpecs } from '../../src/domain/export';
import { areaNames, treeRecordChunks } from '../../server/export/tree-records';
import { TreeTable } from '../../src/features/project-map/tree-table';
import { formatValue } from '../../src/features/project-map/format';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import projectMapEn from '../../src/features/project-map/locales/en.json';

const NDVI: TreeFieldSpec = {
  key: 'ndvi',
  store: 'numeric',
  sql: 'o.ndvi',
  observed: { type: 'real', min: -1, max: 1 },
  valid: 'measure',
  decimals: 2,
  unit: 'index',
  export: { name: 'ndvi', col: 16, type: 'N', meaning: 'NDVI (mean)' },
  panel: 13,
};
const FIXTURE = [...TREE_FIELDS, NDVI];

function rows(n: number): TreeRow[] {
  return Array.from({ length: n }, (_, i) => ({
    lon: 35 + i * 1e-5,
    lat: 32,
    tree_id: i + 1,
    tree_status: i === 2 ? 4 : 0,
    biomass: i,
    ndvi: i === 1 ? null : 0.25 + i / 100,
  })) as unknown as TreeRow[];
}

describe('the one list of a tree’s fields', () => {
  it('has each key once, export names ≤ 10 characters, and panel rows once each', () => {
    const keys = TREE_FIELDS.map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    const names = TREE_FIELDS.flatMap((f) => ('export' in f ? [f.export.name] : []));
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n.length).toBeLessThanOrEqual(10);
    const rowsOf = panelFields().map((f) => f.panel);
    expect(new Set(rowsOf).size).toBe(rowsOf.length);
  });

  it('a field added to a fixture list reaches the columns, the Arrow and compact forms, the export and the panel', async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'en', resources: { en: { 'project-map': projectMapEn } } });
    expect(numericFields(FIXTURE)).toContain('ndvi');
    expect(measuredFields(FIXTURE)).toContain('ndvi');
    expect(numericFields()).not.toContain('ndvi');

    const built = rowsToTreeColumns(rows(5), FIXTURE);
    const ndvi = (built.columns.numeric as unknown as Record<string, Float32Array>).ndvi;
    expect(Array.from(ndvi).map((v) => (v === v ? Number(v.toFixed(2)) : null))).toEqual([0.25, null, 0.27, 0.28, 0.29]);

    const bytes = encodeMapDataArrow({ trees: built.columns, fields: FIXTURE, plots: null as never, irrigationAreas: null as never });
    const decoded = decodeMapDataArrow(bytes, FIXTURE);
    expect(Array.from((decoded.trees.numeric as unknown as Record<string, Float32Array>).ndvi)).toEqual(Array.from(ndvi));
    // The default list does not carry it: the field exists only because the fixture list names it.
    expect((decodeMapDataArrow(bytes).trees.numeric as unknown as Record<string, Float32Array>).ndvi).toBeUndefined();
    // The compact wire form (the one the app asks for) carries it too, at its decimals.
    const compact = decodeMapDataCompact(
      encodeMapDataCompact({ trees: built.columns, fields: FIXTURE, plots: null as never, irrigationAreas: null as never }),
      FIXTURE,
    );
    expect(Array.from((compact.trees.numeric as unknown as Record<string, Float32Array>).ndvi)).toEqual(Array.from(ndvi));

    expect(exportFieldSpecs(FIXTURE).find((f) => f.name === 'ndvi')).toMatchObject({ type: 'N', meaning: 'NDVI (mean)' });
    expect(exportMeasures(FIXTURE).map((f) => f.key)).toContain('ndvi');
    const records = [...treeRecordChunks(decoded, Uint32Array.from([0, 1, 4]), 'en', null, areaNames(decoded), 10_000, FIXTURE)].flat();
    expect(records.map((r) => (r.values as Record<string, unknown>).ndvi)).toEqual([0.25, null, 0.29]);

    const html = renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n },
        createElement(TreeTable, {
          values: { tree_id: 1, tree_status: 0, ndvi: 0.25 },
          compared: null,
          npkRanges: {},
          vitality: { lo: 0, hi: 1 },
          zoneNames: { plots: new Map(), areas: new Map() },
          locale: 'en',
          fields: FIXTURE,
        } as never),
      ),
    );
    expect(html).toContain('fields.ndvi'); // no label yet: docs/ARCHITECTURE.md §8 says to add `fields.<key>`
    expect(html).not.toContain('fields.tree_status');
    expect(html).toContain(formatValue(0.25, fieldSpec('ndvi', FIXTURE)!, 'en'));
    expect(html.indexOf('fields.ndvi')).toBeGreaterThan(html.indexOf('</th>'));
  });
});
