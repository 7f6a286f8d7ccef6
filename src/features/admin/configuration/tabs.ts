import type { ReferenceEndpoint } from '../../../api/admin-reference';
import type { FieldRule } from '../../../components/form-rules';

// The eight configuration tabs (admin.md §2, §5): which id, which columns,
// which form fields with which rules. Labels are i18n keys in admin.configuration.
export interface TabField {
  name: string;
  type: 'text' | 'number' | 'select';
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

const NAME = { required: true, minLength: 2, maxLength: 100 };
const simple = (endpoint: ReferenceEndpoint, idField: string, nameField: string): Tab => ({
  endpoint,
  idField,
  nameField,
  columns: [idField, nameField, 'created_at'],
  fields: [{ name: nameField, type: 'text', rule: NAME }],
});

export const TABS: Tab[] = [
  simple('crop-types', 'crop_type_id', 'crop_type_name'),
  {
    endpoint: 'crop-options',
    idField: 'crop_id',
    nameField: 'crop_name',
    columns: ['crop_id', 'crop_name', 'crop_type_name', 'created_at'],
    fields: [
      { name: 'crop_name', type: 'text', rule: NAME },
      { name: 'crop_type_id', type: 'select', rule: {}, options: { endpoint: 'crop-types', value: 'crop_type_id', label: 'crop_type_name' } },
    ],
  },
  {
    endpoint: 'breeds',
    idField: 'breed_id',
    nameField: 'breed_name',
    columns: ['breed_id', 'breed_name', 'crop_name', 'created_at'],
    fields: [
      { name: 'breed_name', type: 'text', rule: NAME },
      { name: 'crop_id', type: 'select', rule: { required: true }, options: { endpoint: 'crop-options', value: 'crop_id', label: 'crop_name' } },
    ],
  },
  simple('irrigation-types', 'irrigation_type_id', 'irrigation_type_name'),
  {
    endpoint: 'survey-types',
    idField: 'survey_type_id',
    nameField: 'label',
    columns: ['survey_type_id', 'code', 'label', 'created_at'],
    fields: [
      { name: 'code', type: 'text', rule: { required: true, minLength: 1, maxLength: 20 } },
      { name: 'label', type: 'text', rule: NAME },
    ],
  },
  simple('disease-types', 'disease_id', 'disease_name'),
  {
    endpoint: 'tree-status-types',
    idField: 'status_code',
    nameField: 'status_name',
    columns: ['status_code', 'status_name', 'created_at'],
    fields: [
      { name: 'status_code', type: 'number', rule: { required: true, number: true, integer: true, min: 1, max: 999 } },
      { name: 'status_name', type: 'text', rule: NAME },
    ],
  },
  simple('countries', 'country_id', 'country_name'),
];
