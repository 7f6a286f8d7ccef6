// Lengths and ranges of the admin forms' fields, in one place: the request
// schemas (src/domain/contracts), which the routes and the forms of users,
// clients, projects and the configuration lists both check with (issue 34,
// src/components/form-check.ts). The data editor's form
// takes only its name inputs' maximum from here (its messages are admin.md's);
// the number caps are the server's alone. Plain values (no zod): the app imports them too. The user's
// fields are in user-rules.ts, tree status codes in reference-rules.ts.

/** A text field: trimmed length from min to max (min 1: just required). */
export interface TextLength {
  readonly min: number;
  readonly max: number;
}

export const CLIENT_NAME: TextLength = { min: 1, max: 200 };
export const PROJECT_NAME: TextLength = { min: 1, max: 200 };
/** Plot and irrigation-area names in the data editor and the boundary import. */
export const AREA_NAME: TextLength = { min: 1, max: 200 };
/** The name of a reference-list item (crop type, crop, breed, irrigation type, survey type label, disease, status, country). */
export const REFERENCE_NAME: TextLength = { min: 2, max: 100 };
export const SURVEY_TYPE_CODE: TextLength = { min: 1, max: 20 };

/** Row and tree numbers: whole numbers from 1 to this. */
export const ROW_TREE_NUMBER_MAX = 1_000_000;
/** A plot's area in hectares: above 0, at most this. */
export const PLOT_AREA_MAX_HA = 1_000_000;
