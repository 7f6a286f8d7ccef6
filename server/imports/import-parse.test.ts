import { describe, expect, it } from 'vitest';
import { parseImport } from './import-parse';
import { matchRows } from './import-match';

describe('survey import parsing', () => {
  it('reads quoted CSV fields (commas, quotes, line breaks), semicolons and aliases, keeping physical line numbers', () => {
    const csv = '\uFEFFTree ID;Longitude;Latitude;Status;N;n_label;note\r\n1;;;0;2,5;"say ""hi""; ok";\r\n2;;;1;;"two\nlines";\r\n3;;;x;;;\r\n';
    const p = parseImport(csv);
    expect(p.format).toBe('csv');
    expect(p.rows.map((r) => [r.line, r.tree_id, r.values.tree_status, r.values.n_mean, r.values.n_label])).toEqual([
      [2, 1, 0, 2.5, 'say "hi"; ok'],
      [3, 2, 1, null, 'two\nlines'],
    ]);
    expect(p.bad).toEqual([{ line: 5, message: 'tree_status "x" is not a number' }]);
    expect(p.ignoredColumns).toEqual(['note']);
  });

  it('matches by id first, then the nearest tree within 1.5 m, and never twice', () => {
    const trees = { ids: Int32Array.of(10, 11), lon: Float64Array.of(34, 34.00002), lat: Float64Array.of(31, 31) };
    const m = 1 / 111_320;
    const p = parseImport(`tree_id,lon,lat\n,34,${31 + 0.5 * m}\n11,,\n,${34.00002},${31 + 1.2 * m}\n,34.001,31\n`);
    const r = matchRows(p.rows, trees);
    expect(Array.from(r.treeOf)).toEqual([10, 11, 0, -1]);
    expect(r.bad).toEqual([{ line: 4, message: 'matches tree 11, already matched by line 3' }]);
    expect([r.byId, r.nearest, r.unmatched.map((u) => u.line)]).toEqual([1, 2, [5]]);
  });
});
