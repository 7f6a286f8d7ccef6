// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { STATUS_LABELS } from '../../workers/geo/statistics';
import { resources } from '../i18n';
import { TREE_STATUS_NAMES } from './tree-status-names';

// Status 5 shows client.md §3's whitewash label wherever the statuses show (issue 32): the map's legend, tree
// table and lists read project-map:status.N, the exports and the report TREE_STATUS_NAMES, the statistics API
// STATUS_LABELS — one list.
describe('tree status names', () => {
  it('labels status 5 Unknown with its whitewash label, in both languages and in the API', () => {
    expect(TREE_STATUS_NAMES.en[5]).toBe('Unknown / whitewash');
    expect(TREE_STATUS_NAMES.he[5]).toBe('לא ידוע / מסויד');
    expect(Object.values(TREE_STATUS_NAMES.en)).toEqual([...STATUS_LABELS]);
    for (const lng of ['en', 'he'] as const)
      expect((resources[lng]['project-map'] as { status: Record<string, string> }).status).toEqual(TREE_STATUS_NAMES[lng]);
  });
});
