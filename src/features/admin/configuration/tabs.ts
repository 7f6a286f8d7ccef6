import type { ReferenceEndpoint } from '../../../api/admin-reference';
import { TREE_STATUS_CODE } from '../../../domain/reference-rules';
import { ISSUE_ICONS } from '../../../domain/scouting-rules';

// The eight configuration tabs (admin.md §2, §5): which id, which columns,
// which form fields. The form checks its body with the list's request schema (src/domain/contracts/reference.ts
// referenceBodies); labels are i18n keys in admin.configuration.
export interface TabField {
  name: string;
  type: 'text' | 'number' | 'select';
  /** select with a fixed list of values (labels: admin.configuration choices.<name>.<value>). */
  choices?: readonly string[];
  /** Marked required (the schema says what is refused). */
  required: boolean;
  /** A number input's range (the browser's spinner; the schema holds the rule). */
  range?: { min: number; max: number };
  /** select: the list whose items are the options, and their id/label columns. */
  options?: { endpoint: ReferenceEndpoint; value: string; label: string };
}
export interface Tab {
  endpoint: ReferenceEndpoint;
  idField: string;
  nameField: string;
  columns: string[];
  fields: TabField[];
}

const nameField = (name: string): TabField => ({ name, type: 'text', required: true });
/** A list whose item references another list (a select of that list's items). */
const pick = (name: string, required: boolean, endpoint: ReferenceEndpoint, label: string): TabField => ({
  name,
  type: 'select',
  required,
  options: { endpoint, value: name, label },
});
const tab = (endpoint: ReferenceEndpoint, idField: string, nameField: string, columns: string[], fields: TabField[]): Tab => ({
  endpoint,
  idField,
  nameField,
  columns: [...columns, 'created_at'],
  fields,
});
/** Just a name: columns id, name, created. */
const simple = (endpoint: ReferenceEndpoint, idField: string, name: string): Tab => tab(endpoint, idField, name, [idField, name], [nameField(name)]);

export const TABS: Tab[] = [
  simple('crop-types', 'crop_type_id', 'crop_type_name'),
  tab(
    'crop-options',
    'crop_id',
    'crop_name',
    ['crop_id', 'crop_name', 'crop_type_name'],
    [nameField('crop_name'), pick('crop_type_id', false, 'crop-types', 'crop_type_name')],
  ),
  tab(
    'breeds',
    'breed_id',
    'breed_name',
    ['breed_id', 'breed_name', 'crop_name'],
    [nameField('breed_name'), pick('crop_id', true, 'crop-options', 'crop_name')],
  ),
  simple('irrigation-types', 'irrigation_type_id', 'irrigation_type_name'),
  tab('survey-types', 'survey_type_id', 'label', ['survey_type_id', 'code', 'label'], [{ name: 'code', type: 'text', required: true }, nameField('label')]),
  simple('disease-types', 'disease_id', 'disease_name'),
  tab(
    'tree-status-types',
    'status_code',
    'status_name',
    ['status_code', 'status_name'],
    [{ name: 'status_code', type: 'number', required: true, range: TREE_STATUS_CODE }, nameField('status_name')],
  ),
  simple('countries', 'country_id', 'country_name'),
  // Issue 36: the categories of scouting records, in both languages, each with its map icon.
  tab(
    'scouting-issues',
    'issue_id',
    'name_en',
    ['issue_id', 'name_en', 'name_he', 'icon'],
    [nameField('name_en'), nameField('name_he'), { name: 'icon', type: 'select', required: true, choices: ISSUE_ICONS }],
  ),
];
