// The one CSV writer of the project (exports, reports, the editor's export):
// RFC 4180 quoting, CRLF line ends, and a UTF-8 BOM in front of a whole
// document so Excel reads Hebrew as UTF-8. Formula-safe: a text cell that a
// spreadsheet would run (leading = + - @, tab or CR) gets a leading apostrophe,
// unless it is a plain number such as "-3.5" (numbers stay numbers).
const RUNS_AS_FORMULA = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export const CSV_BOM = '\uFEFF';

export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  let s = String(v);
  if (RUNS_AS_FORMULA.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One record, with its line end. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole document: BOM, header, rows. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly unknown[]>): string {
  let out = CSV_BOM + csvLine(header);
  for (const r of rows) out += csvLine(r);
  return out;
}
