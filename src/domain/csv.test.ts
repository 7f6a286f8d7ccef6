import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvDocument } from './csv';
import { asciiFileName, safeFileName } from './file-name';

describe('csv writer', () => {
  it('neutralises formulas but keeps numbers', () => {
    expect(csvCell('=cmd()')).toBe("'=cmd()");
    expect(csvCell('+1+2')).toBe("'+1+2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('-3.5')).toBe('-3.5');
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(NaN)).toBe('');
    expect(csvCell(null)).toBe('');
  });
  it('round-trips quotes, commas, new lines and Hebrew through an independent reader', () => {
    const rows = [
      ['שורה, "א"', 'a\nb', 3],
      ['גוש 7', '', -1.25],
    ];
    const doc = csvDocument(['שם', 'note', 'n'], rows);
    expect(doc.startsWith(CSV_BOM)).toBe(true);
    const parsed = Papa.parse<string[]>(doc.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      ['שם', 'note', 'n'],
      ['שורה, "א"', 'a\nb', '3'],
      ['גוש 7', '', '-1.25'],
    ]);
  });
});

describe('file names', () => {
  it('keeps Hebrew, drops what an OS forbids', () => {
    expect(safeFileName(['זיתים מזרח', '2026-05-01', 'trees'], 'csv')).toBe('זיתים מזרח_2026-05-01_trees.csv');
    expect(safeFileName(['a/b\\c:d*?"<>|', 'x'], 'kml')).toBe('a-b-c-d-_x.kml');
    expect(safeFileName(['CON'], 'zip')).toBe('export-CON.zip');
    expect(safeFileName(['...'], 'zip')).toBe('export.zip');
    expect(safeFileName(['x'.repeat(300)], 'csv')).toHaveLength(124);
    expect(asciiFileName('זיתים מזרח_2026-05-01.csv')).toBe('2026-05-01.csv');
  });
});
