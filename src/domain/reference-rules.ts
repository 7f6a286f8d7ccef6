// Rules of the reference lists shared by the server's validation and the
// configuration forms (one owner).

/**
 * Tree status codes: 0–999. client.md §3 defines 0 (Healthy) to 5, and the
 * seed stores them; admin.md lets admins add their own codes up to 999.
 */
export const TREE_STATUS_CODE = { min: 0, max: 999 } as const;

/** The reference lists (admin.md's eight, and scouting issues): the endpoint under /api/admin and the key its list answers under. */
export const REFERENCE_LIST_KEYS = {
  'crop-types': 'cropTypes',
  'crop-options': 'cropOptions',
  breeds: 'breeds',
  'irrigation-types': 'irrigationTypes',
  'survey-types': 'surveyTypes',
  'disease-types': 'diseaseTypes',
  'tree-status-types': 'treeStatusTypes',
  countries: 'countries',
  // Issue 36: what a scout finds (Hebrew and English names, a map icon each).
  'scouting-issues': 'scoutingIssues',
} as const;
export type ReferenceEndpoint = keyof typeof REFERENCE_LIST_KEYS;
