import { kml as kmlToGeoJson } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { FIELD_NAMES, type TreeRecord } from './tree-records';
import { writerFor } from './writers';

const values = Object.fromEntries(FIELD_NAMES.map((f) => [f, null])) as TreeRecord['values'];
const hostile: TreeRecord = {
  lon: 35.1234567,
  lat: 32.7654321,
  values: { ...values, plot: '=HYPERLINK("x") & <b>"חלקה"</b>', row: 3, tree: 7, tree_id: 11, status: 0 },
};
const opts = { title: 'A & <B>', base: 'x', sizes: {}, intIds: true, fields: FIELD_NAMES };

async function whole(format: 'kml' | 'csv', records: TreeRecord[]): Promise<string> {
  const w = writerFor(format, opts);
  return `${w.head()}${w.chunk(records)}${await w.tail()}`;
}

describe('export writers with hostile names', () => {
  it('KML escapes markup and round-trips through togeojson', async () => {
    const fc = kmlToGeoJson(new DOMParser().parseFromString(await whole('kml', [hostile]), 'text/xml') as unknown as Document);
    expect(fc.features).toHaveLength(1);
    expect(fc.features[0].properties).toMatchObject({ plot: hostile.values.plot, row: '3', tree_id: '11' });
    expect((fc.features[0].geometry as { coordinates: number[] }).coordinates).toEqual([35.1234567, 32.7654321]);
  });
  it('CSV neutralises a formula in a name', async () => {
    const rows = Papa.parse<Record<string, string>>((await whole('csv', [hostile])).slice(1), { header: true, skipEmptyLines: true }).data;
    expect(rows[0].plot).toBe(`'${hostile.values.plot}`);
    expect(rows[0].lon).toBe('35.1234567');
  });
});
