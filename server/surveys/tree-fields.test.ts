import { describe, expect, it } from 'vitest';
import { TREE_FIELDS } from './map-data-query';
import { NUMERIC_FIELDS, TEXT_FIELDS } from '../../workers/geo/types';

// The tree fields are composed from MEASURED_FIELDS on both sides; the worker splits them by kind (numbers, text).
describe('tree field lists agree', () => {
  it("the worker's numeric and text columns are the query's fields but the id and status, each once", () => {
    const split = [...NUMERIC_FIELDS, ...TEXT_FIELDS];
    expect(new Set(split).size).toBe(split.length);
    expect([...split].sort()).toEqual(TREE_FIELDS.filter((f) => f !== 'tree_id' && f !== 'tree_status').sort());
  });
});
