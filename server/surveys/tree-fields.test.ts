import { describe, expect, it } from 'vitest';
import { TREE_FIELDS } from './map-data-query';
import { OBSERVATION_COLUMNS } from '../db/seed-observations';
import { MEASURED_FIELDS, NUMERIC_FIELDS, TEXT_FIELDS } from '../../workers/geo/types';

// The tree fields are listed once (MEASURED_FIELDS) and composed; the worker splits them by kind.
describe('tree field lists agree', () => {
  it('the map-data query reads every measured field, and the seed writes them', () => {
    for (const f of MEASURED_FIELDS) {
      expect(TREE_FIELDS).toContain(f);
      expect(OBSERVATION_COLUMNS).toContain(f);
    }
  });
  it("the worker's numeric and text columns are the query's fields but the id and status, each once", () => {
    const split = [...NUMERIC_FIELDS, ...TEXT_FIELDS];
    expect(new Set(split).size).toBe(split.length);
    expect([...split].sort()).toEqual(TREE_FIELDS.filter((f) => f !== 'tree_id' && f !== 'tree_status').sort());
  });
});
