// The eight reference lists (admin.md §3, §5): one item shape per list, as
// GET/POST /api/admin/{endpoint} and PUT /api/admin/{endpoint}/{id} send it.
import { z } from 'zod';
import { okMessage, timestamp, type Wire } from './common';
import { REFERENCE_LIST_KEYS, type ReferenceEndpoint } from '../reference-rules';
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
