// The statistics table per plot and irrigation area (GET /api/projects/{id}/zones),
// run in the job thread: the survey's snapshot's Arrow file through the same
// workers/geo steps the map runs (analyseDataset, prepareComparison, zoneTable),
// so the CSV holds the numbers the table on the map shows.
import { readFileSync } from 'node:fs';
import { csvDocument } from '../../src/domain/csv';
import { zoneColumns, type ZoneFormat } from '../../src/domain/zone-columns';
import { analyseDataset, decodeMapDataArrow, prepareComparison, zoneTable } from '../../workers/geo';

export interface ZonesJobInput {
  /** The survey snapshot's Arrow file. */
  arrow: string;
  format: ZoneFormat;
  compare?: { arrow: string; newer: boolean };
}

export async function zonesJob(_db: unknown, input: ZonesJobInput): Promise<string> {
  const d = decodeMapDataArrow(readFileSync(input.arrow));
  const prepared = input.compare ? prepareComparison(d, decodeMapDataArrow(readFileSync(input.compare.arrow)), input.compare.newer) : null;
  const rows = zoneTable(d, analyseDataset(d), prepared);
  const cols = zoneColumns(!!prepared);
  if (input.format === 'json') {
    return JSON.stringify(rows.map((z) => Object.fromEntries(cols.map((c) => [c.key, c.get(z)]))));
  }
  return csvDocument(
    cols.map((c) => c.key),
    rows.map((z) => cols.map((c) => c.get(z))),
  );
}
