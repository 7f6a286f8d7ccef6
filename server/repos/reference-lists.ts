import type { Queryable } from '../db/adapter';
import type { CountKey, ErrorEntity } from '../../src/domain/error-codes';
import { HttpError } from '../http-error';
import { REFERENCE_LIST_KEYS, type ReferenceEndpoint } from '../../src/domain/reference-rules';

// The eight reference lists (admin.md §3, §5). Each entry says its endpoint,
// table, id column, list key, how to list it and what still references a row
// (a delete is refused with 409 while anything does). Its body schema is
// referenceBodies[endpoint] (src/domain/contracts/reference.ts).

export interface ReferenceList {
  endpoint: ReferenceEndpoint;
  table: string;
  idColumn: string;
  listKey: string;
  entity: string;
  /** The entity's code in error answers (common:errors.entities). */
  code: ErrorEntity;
  nameColumn: string;
  select: string;
  order: string;
  /** Foreign keys of the body that must exist (422 with a field error otherwise). */
  checks?: (tx: Queryable, body: Record<string, unknown>) => Promise<void>;
  /** [count SQL with $1 = id, "1 thing", "n things"] */
  /** [count SQL, what it counts (src/domain/error-codes.ts COUNT_NOUNS)]. */
  references: [string, CountKey][];
}

async function mustExist(tx: Queryable, table: string, idColumn: string, id: unknown, field: string, label: string, entity: ErrorEntity) {
  if (id === null || id === undefined) return;
  const { rows } = await tx.query(`SELECT 1 FROM ${table} WHERE ${idColumn} = $1`, [id]);
  if (!rows.length) {
    const message = `The selected ${label} does not exist`;
    throw new HttpError(422, message, [{ field, message, code: 'selection_missing', params: { entity } }], undefined, 'selection_missing', { entity });
  }
}

type Identity = Pick<ReferenceList, 'endpoint' | 'table' | 'idColumn' | 'listKey' | 'entity' | 'code' | 'nameColumn'>;
type Extra = Partial<Omit<ReferenceList, keyof Identity>>;

/** A list; by default its body is just the name, listed by name without joins and referenced by nothing. */
const list = (endpoint: ReferenceEndpoint, table: string, idColumn: string, entity: string, nameColumn: string, extra: Extra = {}): ReferenceList => ({
  endpoint,
  table,
  idColumn,
  listKey: REFERENCE_LIST_KEYS[endpoint],
  entity,
  code: entity.replace(/ /g, '_') as ErrorEntity,
  nameColumn,
  select: `SELECT x.* FROM ${table} x`,
  order: `lower(x.${nameColumn}), x.${idColumn}`,
  references: [],
  ...extra,
});

/** [count SQL, what it counts] for rows of `table` whose `column` is the id. */
const usedBy = (table: string, column: string, key: CountKey): [string, CountKey] => [`SELECT count(*) AS n FROM ${table} WHERE ${column} = $1`, key];

export const REFERENCE_LISTS: ReferenceList[] = [
  list('crop-types', 'crop_types', 'crop_type_id', 'crop type', 'crop_type_name', {
    references: [usedBy('crop_options', 'crop_type_id', 'crop_option')],
  }),
  list('crop-options', 'crop_options', 'crop_id', 'crop option', 'crop_name', {
    select: `SELECT x.*, ct.crop_type_name FROM crop_options x LEFT JOIN crop_types ct ON ct.crop_type_id = x.crop_type_id`,
    checks: (tx, b) => mustExist(tx, 'crop_types', 'crop_type_id', b.crop_type_id, 'crop_type_id', 'crop type', 'crop_type'),
    references: [usedBy('plots', 'crop_id', 'plot'), usedBy('breeds', 'crop_id', 'breed')],
  }),
  list('breeds', 'breeds', 'breed_id', 'breed', 'breed_name', {
    select: `SELECT x.*, co.crop_name FROM breeds x LEFT JOIN crop_options co ON co.crop_id = x.crop_id`,
    checks: (tx, b) => mustExist(tx, 'crop_options', 'crop_id', b.crop_id, 'crop_id', 'crop', 'crop_option'),
    references: [usedBy('trees', 'breed_id', 'tree')],
  }),
  list('irrigation-types', 'irrigation_types', 'irrigation_type_id', 'irrigation type', 'irrigation_type_name', {
    references: [usedBy('irrigation_areas', 'irrigation_type_id', 'irrigation_area')],
  }),
  list('survey-types', 'survey_types', 'survey_type_id', 'survey type', 'label', {
    order: 'lower(x.code), x.survey_type_id',
  }),
  list('disease-types', 'disease_types', 'disease_id', 'disease type', 'disease_name'),
  list('tree-status-types', 'tree_status_types', 'status_code', 'tree status type', 'status_name', {
    order: 'x.status_code',
    references: [usedBy('tree_observations', 'tree_status', 'tree_observation')],
  }),
  list('countries', 'countries', 'country_id', 'country', 'country_name'),
  // Issue 36: the categories of scouting records, named in both languages, each with its map icon.
  list('scouting-issues', 'scouting_issues', 'issue_id', 'scouting issue', 'name_en', {
    order: 'x.issue_id',
    references: [usedBy('scouting_records', 'issue_id', 'scouting_record')],
  }),
];
