import { z } from 'zod';
import type { Queryable } from '../../db/adapter';
import { HttpError } from '../../http-error';
import { text } from './shared';

// The eight reference lists (admin.md §3, §5). Each entry says its endpoint,
// table, id column, list key, body schema, how to list it and what still
// references a row (a delete is refused with 409 while anything does).

export interface ReferenceList {
  endpoint: string;
  table: string;
  idColumn: string;
  listKey: string;
  entity: string;
  nameColumn: string;
  body: z.ZodObject;
  select: string;
  order: string;
  /** Foreign keys of the body that must exist (422 with a field error otherwise). */
  checks?: (tx: Queryable, body: Record<string, unknown>) => Promise<void>;
  /** [count SQL with $1 = id, "1 thing", "n things"] */
  references: [string, string, string][];
}

const name = (label: string) => text(label, 2, 100);
const optionalId = (label: string) => z.number({ error: `${label} must be a number` }).int().positive().nullable().optional();

async function mustExist(tx: Queryable, table: string, idColumn: string, id: unknown, field: string, label: string) {
  if (id === null || id === undefined) return;
  const { rows } = await tx.query(`SELECT 1 FROM ${table} WHERE ${idColumn} = $1`, [id]);
  if (!rows.length) throw new HttpError(422, `The selected ${label} does not exist`, [{ field, message: `The selected ${label} does not exist` }]);
}

const simple = (endpoint: string, table: string, idColumn: string, listKey: string, entity: string, nameColumn: string, label: string, references: ReferenceList['references'] = []): ReferenceList => ({
  endpoint,
  table,
  idColumn,
  listKey,
  entity,
  nameColumn,
  body: z.strictObject({ [nameColumn]: name(label) }),
  select: `SELECT x.* FROM ${table} x`,
  order: `lower(x.${nameColumn}), x.${idColumn}`,
  references,
});

export const REFERENCE_LISTS: ReferenceList[] = [
  simple('crop-types', 'crop_types', 'crop_type_id', 'cropTypes', 'crop type', 'crop_type_name', 'Crop type name', [
    ['SELECT count(*) AS n FROM crop_options WHERE crop_type_id = $1', 'crop option', 'crop options'],
  ]),
  {
    endpoint: 'crop-options',
    table: 'crop_options',
    idColumn: 'crop_id',
    listKey: 'cropOptions',
    entity: 'crop option',
    nameColumn: 'crop_name',
    body: z.strictObject({ crop_name: name('Crop name'), crop_type_id: optionalId('Crop type') }),
    select: `SELECT x.*, ct.crop_type_name FROM crop_options x LEFT JOIN crop_types ct ON ct.crop_type_id = x.crop_type_id`,
    order: 'lower(x.crop_name), x.crop_id',
    checks: (tx, b) => mustExist(tx, 'crop_types', 'crop_type_id', b.crop_type_id, 'crop_type_id', 'crop type'),
    references: [
      ['SELECT count(*) AS n FROM plots WHERE crop_id = $1', 'plot', 'plots'],
      ['SELECT count(*) AS n FROM breeds WHERE crop_id = $1', 'breed', 'breeds'],
    ],
  },
  {
    endpoint: 'breeds',
    table: 'breeds',
    idColumn: 'breed_id',
    listKey: 'breeds',
    entity: 'breed',
    nameColumn: 'breed_name',
    body: z.strictObject({ breed_name: name('Breed name'), crop_id: z.number({ error: 'Crop is required' }).int().positive('Crop is required') }),
    select: `SELECT x.*, co.crop_name FROM breeds x LEFT JOIN crop_options co ON co.crop_id = x.crop_id`,
    order: 'lower(x.breed_name), x.breed_id',
    checks: (tx, b) => mustExist(tx, 'crop_options', 'crop_id', b.crop_id, 'crop_id', 'crop'),
    references: [['SELECT count(*) AS n FROM trees WHERE breed_id = $1', 'tree', 'trees']],
  },
  simple('irrigation-types', 'irrigation_types', 'irrigation_type_id', 'irrigationTypes', 'irrigation type', 'irrigation_type_name', 'Irrigation type name', [
    ['SELECT count(*) AS n FROM irrigation_areas WHERE irrigation_type_id = $1', 'irrigation area', 'irrigation areas'],
  ]),
  {
    endpoint: 'survey-types',
    table: 'survey_types',
    idColumn: 'survey_type_id',
    listKey: 'surveyTypes',
    entity: 'survey type',
    nameColumn: 'label',
    body: z.strictObject({ code: text('Code', 1, 20), label: name('Label') }),
    select: 'SELECT x.* FROM survey_types x',
    order: 'lower(x.code), x.survey_type_id',
    references: [],
  },
  simple('disease-types', 'disease_types', 'disease_id', 'diseaseTypes', 'disease type', 'disease_name', 'Disease name'),
  {
    endpoint: 'tree-status-types',
    table: 'tree_status_types',
    idColumn: 'status_code',
    listKey: 'treeStatusTypes',
    entity: 'tree status type',
    nameColumn: 'status_name',
    body: z.strictObject({
      status_code: z
        .number({ error: 'Status code is required' })
        .int('Status code must be a whole number')
        .min(1, 'Status code must be at least 1')
        .max(999, 'Status code must be at most 999'),
      status_name: name('Status name'),
    }),
    select: 'SELECT x.* FROM tree_status_types x',
    order: 'x.status_code',
    references: [['SELECT count(*) AS n FROM tree_observations WHERE tree_status = $1', 'tree observation', 'tree observations']],
  },
  simple('countries', 'countries', 'country_id', 'countries', 'country', 'country_name', 'Country name'),
];
