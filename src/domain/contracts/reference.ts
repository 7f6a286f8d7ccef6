// The eight reference lists (admin.md §3, §5): one item shape per list, as
// GET/POST /api/admin/{endpoint} and PUT /api/admin/{endpoint}/{id} send it.
import { z } from 'zod';
import { okMessage, text, timestamp, type Wire } from './common';
import { REFERENCE_NAME, SURVEY_TYPE_CODE } from '../field-rules';
import { REFERENCE_LIST_KEYS, TREE_STATUS_CODE, type ReferenceEndpoint } from '../reference-rules';
import { ISSUE_ICONS } from '../scouting-rules';

const id = z.number().int();
const meta = { created_at: timestamp, updated_at: timestamp, version: z.number().int() };

export const referenceItems = {
  'crop-types': z.object({ crop_type_id: id, crop_type_name: z.string(), ...meta }),
  'crop-options': z.object({ crop_id: id, crop_name: z.string(), crop_type_id: id.nullable(), crop_type_name: z.string().nullable(), ...meta }),
  breeds: z.object({ breed_id: id, breed_name: z.string(), crop_id: id, crop_name: z.string().nullable(), ...meta }),
  'irrigation-types': z.object({ irrigation_type_id: id, irrigation_type_name: z.string(), ...meta }),
  'survey-types': z.object({ survey_type_id: id, code: z.string(), label: z.string(), ...meta }),
  'disease-types': z.object({ disease_id: id, disease_name: z.string(), ...meta }),
  'tree-status-types': z.object({ status_code: id, status_name: z.string(), ...meta }),
  countries: z.object({ country_id: id, country_name: z.string(), ...meta }),
  'scouting-issues': z.object({ issue_id: id, name_en: z.string(), name_he: z.string(), icon: z.enum(ISSUE_ICONS), ...meta }),
} satisfies Record<ReferenceEndpoint, z.ZodObject>;

/** `{ success, message, <listKey>: items }`. */
export const referenceListResponse = (endpoint: ReferenceEndpoint) => okMessage.extend({ [REFERENCE_LIST_KEYS[endpoint]]: z.array(referenceItems[endpoint]) });
/** `{ success, message, item }` after a create or an update. */
export const referenceItemResponse = (endpoint: ReferenceEndpoint) => okMessage.extend({ item: referenceItems[endpoint] });

export type ReferenceItemOf<E extends ReferenceEndpoint> = Wire<z.infer<(typeof referenceItems)[E]>>;
export type ReferenceListAnswer<E extends ReferenceEndpoint> = { success: true; message: string } & {
  [K in (typeof REFERENCE_LIST_KEYS)[E]]: ReferenceItemOf<E>[];
};

const name = (label: string) => text(label, REFERENCE_NAME);
const optionalId = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int()
    .positive()
    .nullable()
    .optional();
const named = (column: string, label: string) => z.strictObject({ [column]: name(label) });

/** The body of POST /api/admin/{endpoint} (PUT adds the version), and the configuration tab's form. */
export const referenceBodies = {
  'crop-types': named('crop_type_name', 'Crop type name'),
  'crop-options': z.strictObject({ crop_name: name('Crop name'), crop_type_id: optionalId('Crop type') }),
  breeds: z.strictObject({ breed_name: name('Breed name'), crop_id: z.number({ error: 'Crop is required' }).int().positive('Crop is required') }),
  'irrigation-types': named('irrigation_type_name', 'Irrigation type name'),
  'survey-types': z.strictObject({ code: text('Code', SURVEY_TYPE_CODE), label: name('Label') }),
  'disease-types': named('disease_name', 'Disease name'),
  'tree-status-types': z.strictObject({
    status_code: z
      .number({ error: 'Status code is required' })
      .int('Status code must be a whole number')
      .min(TREE_STATUS_CODE.min, `Status code must be at least ${TREE_STATUS_CODE.min}`)
      .max(TREE_STATUS_CODE.max, `Status code must be at most ${TREE_STATUS_CODE.max}`),
    status_name: name('Status name'),
  }),
  countries: named('country_name', 'Country name'),
  // Issue 36: the categories of scouting records, named in both languages, each with its map icon.
  'scouting-issues': z.strictObject({
    name_en: name('English name'),
    name_he: name('Hebrew name'),
    icon: z.enum(ISSUE_ICONS, { error: `Icon must be one of ${ISSUE_ICONS.join(', ')}` }),
  }),
} satisfies Record<ReferenceEndpoint, z.ZodObject>;
