import type { ReferenceEndpoint } from '../../../api/admin-reference';
import type { FieldRule } from '../../../components/form-rules';
import { TREE_STATUS_CODE } from '../../../domain/reference-rules';
import { REFERENCE_NAME, SURVEY_TYPE_CODE, textRule } from '../../../domain/field-rules';
import { ISSUE_ICONS } from '../../../domain/scouting-rules';

// The eight configuration tabs (admin.md §2, §5): which id, which columns,
// which form fields with which rules. Labels are i18n keys in admin.configuration.
export interface TabField {
  name: string;
  type: 'text' | 'number' | 'select';
  /** select with a fixed list of values (labels: admin.configuration choices.<name>.<value>). */
  choices?: readonly string[];
  rule: Omit<FieldRule, 'label'>;
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

const NAME = textRule(REFERENCE_NAME);
const nameField = (name: string): TabField => ({ name, type: 'text', rule: NAME });
/** A list whose item references another list (a select of that list's items). */
const pick = (name: string, required: boolean, endpoint: ReferenceEndpoint, label: string): TabField => ({
  name,
  type: 'select',
  rule: required ? { required: true } : {},
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
  tab(
    'survey-types',
    'survey_type_id',
    'label',
    ['survey_type_id', 'code', 'label'],
    [{ name: 'code', type: 'text', rule: textRule(SURVEY_TYPE_CODE) }, nameField('label')],
  ),
  simple('disease-types', 'disease_id', 'disease_name'),
  tab(
    'tree-status-types',
    'status_code',
    'status_name',
    ['status_code', 'status_name'],
    [
      { name: 'status_code', type: 'number', rule: { required: true, number: true, integer: true, min: TREE_STATUS_CODE.min, max: TREE_STATUS_CODE.max } },
      nameField('status_name'),
    ],
  ),
  simple('countries', 'country_id', 'country_name'),
  // Issue 36: the categories of scouting records, in both languages, each with its map icon.
  tab(
    'scouting-issues',
    'issue_id',
    'name_en',
    ['issue_id', 'name_en', 'name_he', 'icon'],
    [nameField('name_en'), nameField('name_he'), { name: 'icon', type: 'select', rule: { required: true }, choices: ISSUE_ICONS }],
  ),
];
