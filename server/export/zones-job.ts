// The statistics table per plot and irrigation area (GET /api/projects/{id}/zones),
// run in the job thread: the survey's cached Arrow form through the same
// workers/geo steps the map runs (analyseDataset, prepareComparison, zoneTable),
// so the CSV holds the numbers the table on the map shows.
import { csvDocument } from '../../src/domain/csv';
import { zoneColumns, type ZoneFormat } from '../../src/domain/zone-columns';
import { analyseDataset, decodeMapDataArrow, prepareComparison, zoneTable } from '../../workers/geo';

export interface ZonesJobInput {
  arrow: Uint8Array;
  format: ZoneFormat;
  compare?: { arrow: Uint8Array; newer: boolean };
}

export async function zonesJob(_db: unknown, input: ZonesJobInput): Promise<string> {
  const d = decodeMapDataArrow(input.arrow);
  const prepared = input.compare ? prepareComparison(d, decodeMapDataArrow(input.compare.arrow), input.compare.newer) : null;
  const rows = zoneTable(d, analyseDataset(d), prepared);
  const cols = zoneColumns(!!prepared);
  if (input.format === 'json') {
    return JSON.stringify(rows.map((z) => Object.fromEntries(cols.map((c) => [c.key, c.get(z)]))));
  }
  return csvDocument(cols.map((c) => c.key), rows.map((z) => cols.map((c) => c.get(z))));
}
