import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeInts, encodeInts } from './int-column';
import { decodeMapDataCompact, encodeMapDataCompact, isCompactMapData } from './wire-compact';
import { decodeMapDataArrow } from './arrow-decode';
import { encodeMapDataArrow } from './arrow-schema';
import { rowsToTreeColumns, type TreeRow } from './tree-columns';
import { TREE_FIELDS, fieldSpec, type TreeFieldSpec } from './fields';
import { EARTH_RADIUS } from './geodesy';
import { mulberry32 } from './synthetic-farm';
import type { TreeColumns } from './types';

const none = { type: 'FeatureCollection' as const, features: [] };
const plots = {
  type: 'FeatureCollection' as const,
  features: [
    {
      type: 'Feature' as const,
      properties: { plot_id: 7, plot_name: 'A' },
      geometry: {
        type: 'Polygon' as const,
        coordinates: [
          [
            [35, 32],
            [35.1, 32],
            [35.1, 32.1],
            [35, 32],
          ],
        ],
      },
    },
  ],
};

function rows(n: number, textIds = false): TreeRow[] {
  return Array.from({ length: n }, (_, i) => ({
    lon: 35.01 + (i % 40) * 4.1e-5 - Math.floor(i / 40) * 3e-6,
    lat: 32.02 + Math.floor(i / 40) * 5.3e-5,
    tree_id: textIds ? `T-${i}` : 1000 + i * 3,
    tree_status: i % 6,
    row_num: Math.floor(i / 40) + 1,
    tree_num: (i % 40) + 1,
    n_mean: i % 5 ? 1.5 + (i % 97) / 100 : null,
    p_mean: 0.12 + (i % 13) / 1000,
    k_mean: i % 9 === 0 ? -1 : 1.234 + i / 1e4,
    canopy_diameter: i % 11 ? (i % 80) / 10 + 0.04 : 'N/A',
    biomass: i % 4 ? 0.5 + i / 1e5 : null,
    crop_name: i % 3 ? 'Mango' : 'אבוקדו',
    plot_id: i % 2 ? '7' : null,
    planting_date: '2015-03-01',
    n_label: 'low',
    n_classification: 2,
  }));
}

const encode = (trees: TreeColumns, extra: Partial<Parameters<typeof encodeMapDataCompact>[0]> = {}) =>
  encodeMapDataCompact({ trees, plots, irrigationAreas: none, biomassRange: { min: 0.5, max: 1.5 }, npkRanges: {}, ...extra });

/** The value as the compact form carries it: rounded to its field's wire decimals. */
const wire = (key: string) => fieldSpec(key)!.wireDecimals ?? fieldSpec(key)!.decimals!;
const atDecimals = (key: string, v: number) => (v === v ? Math.fround(Math.round(v * 10 ** wire(key)) / 10 ** wire(key)) : NaN);

describe('integer columns', () => {
  it('round-trip any integers and nulls, negative steps included, in the shortest order', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), fc.constant(NaN))), (values) => {
        const c = encodeInts(values);
        expect(Array.from(decodeInts(c, values.length))).toEqual(values);
        const strided = new Float64Array(2 * values.length);
        decodeInts(c, values.length, { out: strided, stride: 2, offset: 1, add: 5, div: 2 });
        expect(Array.from(strided.filter((_, i) => i % 2 === 1))).toEqual(values.map((v) => 5 + v / 2));
      }),
    );
    // Without nulls and within 3 planes (the dense loops: every column of a seeded survey), each order.
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -(2 ** 21), max: 2 ** 21 }), { minLength: 1 }), fc.constantFrom(0, 1, 2), (values, bias) => {
        // A bias towards one order: steps along a row (order 1/2 win) or scattered values (order 0).
        const v = bias === 0 ? values : values.map((x, i) => (bias === 1 ? 3 * i + (x % 3) : 5 * i * i + (x % 2)));
        const c = encodeInts(v);
        if (c.width > 3) return;
        expect(Array.from(decodeInts(c, v.length))).toEqual(v);
        const strided = new Float64Array(2 * v.length);
        decodeInts(c, v.length, { out: strided, stride: 2, offset: 0, add: 34.5, mul: 1e-7 });
        expect(Array.from(strided.filter((_, i) => i % 2 === 0))).toEqual(v.map((x) => 34.5 + x * 1e-7));
      }),
    );
    const steps = Array.from({ length: 200 }, (_, i) => 1000 + 7 * i);
    expect(encodeInts(steps).order).not.toBe(0); // a row's regular spacing: codes of a difference repeat
    expect(encodeInts(Array.from({ length: 200 }, (_, i) => 500 + Math.floor(i / 50))).order).toBe(1); // runs
    const r = mulberry32(3);
    expect(encodeInts(Array.from({ length: 1000 }, () => Math.floor(r() * 200))).order).toBe(0); // scattered values: differences only spread them
    expect(encodeInts([2 ** 50, -(2 ** 50)]).width).toBe(7);
  });

  it('subtracts the median step of a jittered row (the east positions of a survey), and never needs it', () => {
    const r = mulberry32(5);
    // Trees ~4.24 m apart east with ±25 cm of jitter, in 1 cm steps, a new row every 100 trees.
    const east = Array.from({ length: 5000 }, (_, i) => (i % 100) * 424 + Math.round((r() - 0.5) * 50));
    const c = encodeInts(east);
    expect(c.order).toBe(1);
    expect(Math.abs(c.bias! - 424)).toBeLessThanOrEqual(2);
    expect(Array.from(decodeInts(c, east.length))).toEqual(east);
    // Without the bias the same codes sit around 848: the planes pack worse (what encodeInts compared).
    expect(encodeInts(east.map((_, i) => i % 7)).bias).toBeUndefined(); // runs: no bias wins
    const withNulls = east.map((v, i) => (i % 9 === 4 ? NaN : v));
    expect(Array.from(decodeInts(encodeInts(withNulls), withNulls.length))).toEqual(withNulls);
  });

  it('refuses what it cannot carry and a column that ends early or runs long', () => {
    expect(() => encodeInts([1.5])).toThrow(RangeError);
    expect(() => encodeInts([2 ** 52])).toThrow(RangeError);
    const c = encodeInts([300, 70000]);
    expect(() => decodeInts({ ...c, bytes: c.bytes.subarray(0, c.bytes.length - 1) }, 2)).toThrow(/one code per tree/);
    expect(() => decodeInts(c, 1)).toThrow(/one code per tree/);
    expect(() => decodeInts({ ...c, width: 9 }, 2)).toThrow(/one code per tree/);
  });
});

describe('compact wire form', () => {
  for (const textIds of [false, true]) {
    it(`round-trips a survey at its wire decimals (${textIds ? 'text' : 'int'} ids)`, () => {
      const built = rowsToTreeColumns(rows(500, textIds));
      const bytes = encode(built.columns, { treeDuplicates: ['x'] });
      expect(isCompactMapData(bytes)).toBe(true);
      const d = decodeMapDataCompact(bytes);
      const t = built.columns;
      expect(d.trees.length).toBe(500);
      expect(d.trees.ids).toEqual(t.ids);
      expect(Array.from(d.trees.status)).toEqual(Array.from(t.status));
      // 1 cm steps: every position within half a centimetre (and a little float error) of the original.
      const mPerDeg = (EARTH_RADIUS * Math.PI) / 180;
      for (let i = 0; i < 500; i++) {
        const dx = (d.trees.positions[2 * i] - t.positions[2 * i]) * mPerDeg * Math.cos((32 * Math.PI) / 180);
        const dy = (d.trees.positions[2 * i + 1] - t.positions[2 * i + 1]) * mPerDeg;
        expect(Math.abs(dx)).toBeLessThanOrEqual(0.0051);
        expect(Math.abs(dy)).toBeLessThanOrEqual(0.0051);
      }
      for (const f of ['row_num', 'tree_num', 'n_mean', 'p_mean', 'k_mean', 'canopy_diameter', 'biomass'] as const) {
        expect(Array.from(d.trees.numeric[f]), f).toEqual(Array.from(t.numeric[f], (v) => atDecimals(f, v)));
      }
      expect(d.trees.numeric.k_mean[0]).toBe(-1); // a negative (invalid) measure stays what it was
      expect(Number.isNaN(d.trees.numeric.n_mean[0])).toBe(true); // null stays null
      for (const f of ['crop_name', 'plot_id', 'planting_date', 'irrigation_area_id'] as const) {
        expect(d.trees.text[f].dict).toEqual(t.text[f].dict);
        expect(Array.from(d.trees.text[f].codes)).toEqual(Array.from(t.text[f].codes));
      }
      // The derived words are not sent: empty columns of the right length.
      expect(d.trees.text.n_label.dict).toEqual(['']);
      expect(d.trees.text.n_classification.codes.length).toBe(500);
      expect(d.duplicates.tree).toEqual(['x']);
      expect(d.plots.map((p) => p.id)).toEqual(decodeMapDataArrow(encodeMapDataArrow({ trees: t, plots, irrigationAreas: none })).plots.map((p) => p.id));
      expect(d.biomassRange).toEqual({ min: 0.5, max: 1.5 });
    });
  }

  it('keeps values on the edges of their precision', () => {
    const edge = [0, 0.0005, 0.0015, 2.3455, 99.9995, 100, 1e-9, 0.0004999, 0.005, 2.345].map((n, i) => ({
      lon: 35,
      lat: 32,
      tree_id: i,
      n_mean: n,
      biomass: n * 1000,
    }));
    const t = rowsToTreeColumns(edge).columns;
    const d = decodeMapDataCompact(encode(t));
    expect(Array.from(d.trees.numeric.n_mean)).toEqual(Array.from(t.numeric.n_mean, (v) => atDecimals('n_mean', v)));
    expect(Array.from(d.trees.numeric.biomass)).toEqual(Array.from(t.numeric.biomass, (v) => atDecimals('biomass', v)));
    // What the app shows (toFixed at the field's decimals) is the same from either form.
    for (let i = 0; i < edge.length; i++) expect(d.trees.numeric.n_mean[i].toFixed(2)).toBe(t.numeric.n_mean[i].toFixed(2));
  });

  it('carries an empty survey and a single tree', () => {
    const empty = decodeMapDataCompact(encode(rowsToTreeColumns([]).columns));
    expect(empty.trees.length).toBe(0);
    expect(empty.trees.positions.length).toBe(0);
    const one = rowsToTreeColumns([{ lon: -122.4194, lat: 37.7749, tree_id: 'only', tree_status: 3, biomass: 2.5 }]).columns;
    const d = decodeMapDataCompact(encode(one));
    expect(d.trees.positions[0]).toBeCloseTo(-122.4194, 9);
    expect(d.trees.positions[1]).toBeCloseTo(37.7749, 9);
    expect(d.trees.ids).toEqual(one.ids);
    expect(d.trees.status[0]).toBe(3);
    expect(d.trees.numeric.biomass[0]).toBe(2.5);
  });

  it('sends a number without decimals, or out of integer range, as Float32; a field the list adds goes through', () => {
    const fields: TreeFieldSpec[] = [...TREE_FIELDS, { key: 'height', store: 'numeric', sql: 'o.height' }];
    const b = rowsToTreeColumns(
      [{ lon: 35, lat: 32, tree_id: 1, biomass: 3.4e38, height: 1.23456 } as TreeRow, { lon: 35, lat: 32, tree_id: 2, height: -7.5 } as TreeRow],
      fields,
    ).columns;
    const d = decodeMapDataCompact(encode(b, { fields }), fields);
    expect(Array.from((d.trees.numeric as Record<string, Float32Array>).height)).toEqual([Math.fround(1.23456), -7.5]);
    expect(d.trees.numeric.biomass[0]).toBe(Math.fround(3.4e38));
  });

  it('reads version 1 (no bias; surveys kept on a device before version 2), bytes its encoder wrote at 535519c', () => {
    const v1 = Uint8Array.from(Buffer.from(V1_BYTES, 'base64'));
    const d = decodeMapDataCompact(v1);
    expect(d.trees.length).toBe(6);
    expect(Array.from(d.trees.ids.values as Int32Array)).toEqual([1000, 1003, 1006, 1009, 1012, 1015]);
    expect(Array.from(d.trees.numeric.tree_num)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Array.from(d.trees.numeric.canopy_diameter)).toEqual([3.25, 4.25, 5.25, 6.25, 7.25, 8.25].map(Math.fround));
    expect(Array.from(d.trees.numeric.p_mean)).toEqual([0.1234, 0.1244, 0.1254, 0.1264, 0.1274, 0.1284].map(Math.fround));
    expect(Number.isNaN(d.trees.numeric.n_mean[0])).toBe(true);
    for (let i = 0; i < 6; i++) expect(Math.abs(d.trees.positions[2 * i] - (35.01 + i * 4.1e-5))).toBeLessThan(1e-7);
    expect(d.trees.text.crop_name.dict[d.trees.text.crop_name.codes[0]]).toBe('אבוקדו');
  });

  it('refuses bytes that are not the form, or are cut short, with a RangeError (never a wrong dataset)', () => {
    const bytes = encode(rowsToTreeColumns(rows(50)).columns);
    expect(() => decodeMapDataCompact(bytes.subarray(0, bytes.length - 3))).toThrow(RangeError);
    expect(() => decodeMapDataCompact(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]))).toThrow(RangeError);
    expect(isCompactMapData(encodeMapDataArrow({ trees: rowsToTreeColumns(rows(5)).columns, plots, irrigationAreas: none }))).toBe(false);
  });
});

/** Six trees in one row, encoded by the version-1 encoder (workers/geo/wire-compact.ts at 535519c). */
const V1_BYTES =
  'T1NDMSkGAAB7InZlcnNpb24iOjEsIm4iOjYsIm9yaWdpbiI6eyJsb24iOjM1LjAxLCJsYXQiOjMyLjAyLCJzdGVwTG9uIjoxLjA2MDY5MDU3MzYzNzEwNDVlLTcsInN0ZXBMYXQiOjguOTkzMjAzNjM3MjQ1Mzc5ZS04fSwiaWRLaW5kIjoiaW50IiwiY29sdW1ucyI6W3sia2V5IjoibG9uIiwiY29kZSI6ImludCIsIm9yZGVyIjoxLCJudWxscyI6ZmFsc2UsIndpZHRoIjoyLCJsZW4iOjEyfSx7ImtleSI6ImxhdCIsImNvZGUiOiJpbnQiLCJvcmRlciI6MCwibnVsbHMiOmZhbHNlLCJ3aWR0aCI6MSwibGVuIjo2fSx7ImtleSI6InRyZWVfaWQiLCJjb2RlIjoiaW50Iiwib3JkZXIiOjEsIm51bGxzIjpmYWxzZSwid2lkdGgiOjIsImxlbiI6MTJ9LHsia2V5IjoidHJlZV9zdGF0dXMiLCJjb2RlIjoidTgiLCJsZW4iOjZ9LHsia2V5Ijoicm93X251bSIsImNvZGUiOiJpbnQiLCJvcmRlciI6MCwibnVsbHMiOmZhbHNlLCJ3aWR0aCI6MSwiZGVjaW1hbHMiOjAsImxlbiI6Nn0seyJrZXkiOiJ0cmVlX251bSIsImNvZGUiOiJpbnQiLCJvcmRlciI6MSwibnVsbHMiOmZhbHNlLCJ3aWR0aCI6MSwiZGVjaW1hbHMiOjAsImxlbiI6Nn0seyJrZXkiOiJuX21lYW4iLCJjb2RlIjoiaW50Iiwib3JkZXIiOjEsIm51bGxzIjp0cnVlLCJ3aWR0aCI6MiwiZGVjaW1hbHMiOjMsImxlbiI6MTJ9LHsia2V5IjoicF9tZWFuIiwiY29kZSI6ImludCIsIm9yZGVyIjoxLCJudWxscyI6ZmFsc2UsIndpZHRoIjoyLCJkZWNpbWFscyI6NCwibGVuIjoxMn0seyJrZXkiOiJrX21lYW4iLCJjb2RlIjoiaW50Iiwib3JkZXIiOjEsIm51bGxzIjpmYWxzZSwid2lkdGgiOjIsImRlY2ltYWxzIjozLCJsZW4iOjEyfSx7ImtleSI6ImNhbm9weV9kaWFtZXRlciIsImNvZGUiOiJpbnQiLCJvcmRlciI6MSwibnVsbHMiOmZhbHNlLCJ3aWR0aCI6MiwiZGVjaW1hbHMiOjIsImxlbiI6MTJ9LHsia2V5IjoiYmlvbWFzcyIsImNvZGUiOiJpbnQiLCJvcmRlciI6MSwibnVsbHMiOmZhbHNlLCJ3aWR0aCI6MiwiZGVjaW1hbHMiOjMsImxlbiI6MTJ9LHsia2V5IjoicGxhbnRpbmdfZGF0ZSIsImNvZGUiOiJpbnQiLCJvcmRlciI6MCwibnVsbHMiOmZhbHNlLCJ3aWR0aCI6MSwiZGljdCI6WyIiLCIyMDE1LTAzLTAxIl0sImxlbiI6Nn0seyJrZXkiOiJjcm9wX25hbWUiLCJjb2RlIjoiaW50Iiwib3JkZXIiOjAsIm51bGxzIjpmYWxzZSwid2lkdGgiOjEsImRpY3QiOlsiIiwi15DXkdeV16fXk9eVIiwiTWFuZ28iXSwibGVuIjo2fSx7ImtleSI6ImlycmlnYXRpb25fYXJlYV9pZCIsImNvZGUiOiJpbnQiLCJvcmRlciI6MCwibnVsbHMiOmZhbHNlLCJ3aWR0aCI6MSwiZGljdCI6WyIiXSwibGVuIjo2fSx7ImtleSI6InBsb3RfaWQiLCJjb2RlIjoiaW50Iiwib3JkZXIiOjAsIm51bGxzIjpmYWxzZSwid2lkdGgiOjEsImRpY3QiOlsiIiwiNyJdLCJsZW4iOjZ9XSwicGxvdHMiOnsidHlwZSI6IkZlYXR1cmVDb2xsZWN0aW9uIiwiZmVhdHVyZXMiOltdfSwiaXJyaWdhdGlvbkFyZWFzIjp7InR5cGUiOiJGZWF0dXJlQ29sbGVjdGlvbiIsImZlYXR1cmVzIjpbXX0sImJpb21hc3NSYW5nZSI6bnVsbCwibnBrUmFuZ2VzIjp7fSwidHJlZUR1cGxpY2F0ZXMiOltdfQAGBAYEBgADAwMDAwAWABYAFtAGBgYGBgcAAAAAAAABAgMEBQICAgICAgICAgICAgDNFRUVAAALAAAAAKQUFBQUFAkAAAAAAKQCAgICAgkAAAAAAIrIyMjIyAIAAAAAAOgUFBQUFAMAAAAAAAICAgICAgIEBAIEBAAAAAAAAAICAgICAg==';
