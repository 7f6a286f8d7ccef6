// Duplicate-id removal and id generation against a plain reference.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeAreas } from '../../workers/geo/features';
import { idAt } from '../../workers/geo/tree-ids';
import { rowsToTreeColumns } from '../../workers/geo/tree-columns';

const idArb = fc.oneof(fc.constantFrom(null, undefined, ''), fc.integer({ min: -5, max: 30 }), fc.constantFrom('a', 'b', 'tree_gen0', '7', 'x y'));

function refDedup(ids: unknown[]) {
  const seen = new Set<string>(),
    dups: string[] = [],
    kept: number[] = [];
  ids.forEach((id, i) => {
    if (id === null || id === undefined || id === '') {
      kept.push(i);
      return;
    }
    const key = String(id);
    if (seen.has(key)) {
      if (!dups.includes(key)) dups.push(key);
      return;
    }
    seen.add(key);
    kept.push(i);
  });
  return { dups, kept };
}

describe('duplicate ids', () => {
  it('trees: first occurrence kept, duplicates listed once, generated ids unique', () => {
    fc.assert(
      fc.property(fc.array(idArb, { maxLength: 80 }), (ids) => {
        const b = rowsToTreeColumns(ids.map((tree_id, i) => ({ lon: i, lat: 0, tree_id })));
        const ref = refDedup(ids);
        expect(b.duplicates).toEqual(ref.dups);
        expect(Array.from({ length: b.columns.length }, (_, i) => b.columns.positions[2 * i])).toEqual(ref.kept);
        const all = Array.from({ length: b.columns.length }, (_, i) => String(idAt(b.columns.ids, i)));
        expect(new Set(all).size).toBe(all.length);
        ref.kept.forEach((src, i) => {
          const id = ids[src];
          if (id !== null && id !== undefined && id !== '') expect(all[i]).toBe(String(id));
        });
      }),
      { numRuns: 300 },
    );
  });

  it('plots: same rule, generated ids never collide with real ones', () => {
    fc.assert(
      fc.property(fc.array(idArb, { maxLength: 40 }), (ids) => {
        const features = ids.map((plot_id) => ({
          type: 'Feature' as const,
          properties: { plot_id: plot_id as string | number | null },
          geometry: {
            type: 'Polygon' as const,
            coordinates: [
              [
                [0, 0],
                [1, 0],
                [1, 1],
                [0, 0],
              ],
            ],
          },
        }));
        const r = normalizeAreas({ type: 'FeatureCollection', features }, { kind: 'plot', idField: 'plot_id', fromMercator: false });
        const ref = refDedup(ids);
        expect(r.duplicates).toEqual(ref.dups);
        expect(r.features.length).toBe(ref.kept.length);
        const keys = r.features.map((f) => String(f.id));
        expect(new Set(keys).size).toBe(keys.length);
      }),
      { numRuns: 300 },
    );
  });
});
