// The stable codes of every refusal the server answers (README "Server texts in
// the UI's language"): an error answer carries one of these beside its English
// message, with `params` for the variable parts, and the app words it in the
// user's language (src/api/error-text.ts, common:errors.codes.* in
// src/i18n/locales/{en,he}/common.json; a test checks that every code has both
// texts with the same parameters). Zod-free: the app imports it too.
import { GEOMETRY_ERROR_CODES } from './geometry-validation';

export const ERROR_CODES = [
  // Any route: input the route's schema refuses (each issue in `errors`, see ISSUE_CODES), and HTTP-level refusals.
  'invalid_input',
  'malformed_url',
  'malformed_json',
  'empty_json_body',
  'unsupported_media_type',
  'body_too_large',
  'bad_request',
  'route_not_found',
  'not_found',
  // Sign-in and access.
  'auth_required',
  'token_invalid',
  'admin_required',
  'invalid_credentials',
  'too_many_failures',
  'too_many_from_address',
  'sign_in_busy',
  // The server's own state (5xx).
  'server_busy',
  'database_unavailable',
  'server_error',
  'report_unavailable',
  // Writes of the admin screens.
  'stale_version',
  'duplicate_value',
  'still_referenced',
  'nothing_to_update',
  'client_name_taken',
  'client_in_use',
  'client_required',
  'client_id_required',
  'selection_missing',
  'reference_missing',
  'email_taken',
  'last_admin',
  'own_admin_access',
  'own_account_delete',
  'name_taken',
  'status_code_taken',
  'survey_type_code_taken',
  'status_code_in_use',
  'reference_in_use',
  'plot_has_results',
  'tree_has_results',
  'area_outside_plots',
  'users_unknown',
  'users_without_client',
  'users_many_clients',
  'plots_unknown',
  'plots_foreign',
  // Surveys: comparison, survey-results import, prescriptions.
  'compare_same_survey',
  'compare_other_farm',
  'import_empty',
  'import_rows_invalid',
  'prescription_no_plots',
  'prescription_no_areas',
  'prescription_too_many_cells',
  'prescription_rates',
  // Refused fields with a rule of their own (zod custom issues carry one of these as params.code).
  'grid_size_required',
  'hide_class_range',
  'compare_required',
  'users_required',
  'date_invalid',
  'date_range',
  // Boundary files (server/boundaries) and their import.
  'file_empty',
  'file_type_unknown',
  'zip_unreadable',
  'archive_too_many_entries',
  'archive_too_large',
  'zip_no_boundary',
  'zip_no_shp',
  'zip_many_shp',
  'shp_no_shx',
  'shp_header_short',
  'shp_bad_code',
  'shp_truncated',
  'dbf_header_short',
  'dbf_truncated',
  'shp_unreadable',
  'kml_doctype',
  'kml_malformed',
  'xml_not_kml',
  'geojson_malformed',
  'json_not_geojson',
  'too_many_features',
  'too_many_vertices',
  'prj_not_wkt',
  'crs_unreadable',
  'crs_unknown',
  'position_not_reprojectable',
  'crs_missing',
  'no_polygons',
  'boundary_import_invalid',
  'crop_unknown',
  'feature_name_required',
  'feature_name_too_long',
  'feature_area_range',
  // People and access (issue 33): roles, membership, sessions, passwords.
  'worker_not_allowed',
  'password_change_required',
  'refresh_missing',
  'refresh_reused',
  'session_ended',
  'current_password_wrong',
  'password_unchanged',
  'member_of_other_client',
  'unknown_users',
  'unknown_projects',
  'project_of_other_client',
  'not_a_member_role',
  'own_password_reset',
  // The survey's aerial photo (issue 37): its upload, processing and tiles.
  'orthophoto_not_tiff',
  'orthophoto_zip',
  'orthophoto_no_georef',
  'orthophoto_unknown_crs',
  'orthophoto_too_many_pixels',
  'orthophoto_too_large',
  'orthophoto_disk_full',
  'orthophoto_truncated',
  'orthophoto_unreadable',
  'orthophoto_pixel_format',
  'orthophoto_outside_world',
  'orthophoto_empty',
  'orthophoto_empty_upload',
  'orthophoto_upload_aborted',
  'orthophoto_interrupted',
  'orthophoto_replaced',
  'orthophoto_bad_tile',
  'orthophoto_failed',
  // Scouting (issue 36): records, their photos and tasks.
  'record_id_conflict',
  'record_not_yours',
  'record_tree_not_in_survey',
  'record_unknown_issue',
  'record_unknown_task',
  'record_unknown_supersedes',
  'photo_id_taken',
  'photo_id_conflict',
  'photo_not_image',
  'photo_too_large',
  'photo_too_many_pixels',
  'photo_unreadable',
  'photo_empty',
  'photo_bad_range',
  'photo_offset_mismatch',
  'photo_not_uploaded',
  'task_id_conflict',
  'task_create_forbidden',
  'task_assignee_not_member',
  'task_tree_not_in_survey',
  'task_unknown_zone',
  'task_too_many_trees',
  'task_not_assigned_to_you',
  'task_field_forbidden',
  'task_version_stale',
  'task_transition_not_allowed',
  'change_id_conflict',
  'task_bad_if_match',
  // Geometry rules (src/domain/geometry-validation.ts): a drawn or typed shape, an imported feature.
  ...GEOMETRY_ERROR_CODES,
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The issue codes of a refused input (zod's, one per field in `errors`). The English text of an issue is the
 * schema's own message; the app words the others from the code and its params (min, max, expected, values…).
 */
export const ISSUE_CODES = [
  'invalid_type',
  'too_small',
  'too_big',
  'invalid_format',
  'not_multiple_of',
  'unrecognized_keys',
  'invalid_union',
  'invalid_key',
  'invalid_element',
  'invalid_value',
  'custom',
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

/** Counts by what they count ({ user: 2, plot: 4 }): the app words them with plurals and its language's "and". */
export type Counts = Readonly<Record<string, number>>;

/** English nouns (one, many) of what a refusal counts: what a record is still used by, what a file holds. The app words the same keys (common:errors.counts). */
export const COUNT_NOUNS = {
  user: ['user', 'users'],
  plot: ['plot', 'plots'],
  project: ['project', 'projects'],
  irrigation_area: ['irrigation area', 'irrigation areas'],
  tree: ['tree', 'trees'],
  crop_option: ['crop option', 'crop options'],
  breed: ['breed', 'breeds'],
  tree_observation: ['tree observation', 'tree observations'],
  scouting_record: ['scouting record', 'scouting records'],
  point: ['point', 'points'],
  line: ['line', 'lines'],
  collection: ['geometry collection', 'geometry collections'],
  no_geometry: ['feature without geometry', 'features without geometry'],
  network_link: ['network link', 'network links'],
  ground_overlay: ['ground overlay', 'ground overlays'],
  other: ['other geometry', 'other geometries'],
} as const satisfies Record<string, readonly [string, string]>;
export type CountKey = keyof typeof COUNT_NOUNS;

/** The counts without zeros, as params ({ user: 2, plot: 4 }) and in English ("2 users, 4 plots, and 18 projects"). */
export function countsInEnglish(parts: readonly (readonly [number, CountKey])[]): { text: string; counts: Counts } {
  const kept = parts.filter(([n]) => Number(n) > 0).map(([n, key]) => [Number(n), key] as const);
  const text = new Intl.ListFormat('en', { type: 'conjunction' }).format(kept.map(([n, key]) => `${n} ${COUNT_NOUNS[key][n === 1 ? 0 : 1]}`));
  return { text, counts: Object.fromEntries(kept.map(([n, key]) => [key, n])) };
}
/** The variable parts of an error; the app formats lists, counts, entity names and geometry places (src/api/error-text.ts). */
export type ErrorParam = string | number | boolean | null | readonly (string | number)[] | Counts | object;
export type ErrorParams = Readonly<Record<string, ErrorParam>>;

/** Names of what an error is about (params.entity), worded by the app (common:errors.entities). */
export const ERROR_ENTITIES = [
  'client',
  'user',
  'project',
  'plot',
  'irrigation_area',
  'tree',
  'crop_type',
  'crop_option',
  'breed',
  'irrigation_type',
  'survey_type',
  'disease_type',
  'tree_status_type',
  'country',
  'session',
  'orthophoto',
  'scouting_issue',
  'record',
  'photo',
  'task',
  'resource',
] as const;
export type ErrorEntity = (typeof ERROR_ENTITIES)[number];
