import type { Queryable } from './adapter';

// Reference lists. The first three crops and breeds carry the fixed ids the
// admin spec (§3) gives for the data-editor forms; the rest serve the demo farms.
export const CROP_TYPES = ['Subtropical fruit', 'Olives', 'Palms', 'Citrus', 'Nuts', 'Vines'];
export const CROPS: [name: string, cropType: number | null][] = [
  ['Almond', 5],
  ['Olive', 2],
  ['Grape', 6],
  ['Avocado', 1],
  ['Palm', 3],
  ['Lemon', 4],
  ['Orange', 4],
  ['Mango', 1],
];
export const BREEDS: [name: string, cropId: number][] = [
  ['Almond-Nonpareil', 1],
  ['Almond-Carmel', 1],
  ['Almond-Mission', 1],
  ['Hass', 4],
  ['Fuerte', 4],
  ['Manzanilla', 2],
  ['Barnea', 2],
  ['Medjool', 5],
  ['Eureka', 6],
  ['Valencia', 7],
];
export const CROP = { almond: 1, olive: 2, grape: 3, avocado: 4, palm: 5, lemon: 6, orange: 7 } as const;
export const BREED = { hass: 4, fuerte: 5, manzanilla: 6, barnea: 7, medjool: 8, eureka: 9, valencia: 10 } as const;

const IRRIGATION_TYPES = ['Drip', 'Micro-sprinkler', 'Sprinkler', 'Subsurface drip'];
const SURVEY_TYPES: [string, string][] = [
  ['RGB', 'RGB aerial photography'],
  ['MSI', 'Multispectral imaging'],
  ['THERM', 'Thermal imaging'],
  ['LIDAR', 'LiDAR canopy survey'],
];
const DISEASES = ['Root rot (Phytophthora)', 'Olive knot', 'Verticillium wilt', 'Red palm weevil', 'Citrus greening'];
const TREE_STATUSES: [number, string][] = [
  [0, 'Healthy'],
  [1, 'Weak'],
  [2, 'Weak-Dead'],
  [3, 'Dead'],
  [4, 'Missing'],
  [5, 'Unknown / whitewash'],
];
const COUNTRIES = ['Israel', 'Cyprus', 'Greece', 'Spain', 'Bulgaria'];

export async function seedReferenceLists(db: Queryable): Promise<void> {
  await insertNames(db, 'crop_types', 'crop_type_name', CROP_TYPES);
  await db.query(`INSERT INTO crop_options (crop_name, crop_type_id) SELECT * FROM unnest($1::text[], $2::int[])`, [
    CROPS.map((c) => c[0]),
    CROPS.map((c) => c[1]),
  ]);
  await db.query(`INSERT INTO breeds (breed_name, crop_id) SELECT * FROM unnest($1::text[], $2::int[])`, [BREEDS.map((b) => b[0]), BREEDS.map((b) => b[1])]);
  await insertNames(db, 'irrigation_types', 'irrigation_type_name', IRRIGATION_TYPES);
  await db.query(`INSERT INTO survey_types (code, label) SELECT * FROM unnest($1::text[], $2::text[])`, [
    SURVEY_TYPES.map((s) => s[0]),
    SURVEY_TYPES.map((s) => s[1]),
  ]);
  await insertNames(db, 'disease_types', 'disease_name', DISEASES);
  await db.query(`INSERT INTO tree_status_types (status_code, status_name) SELECT * FROM unnest($1::int[], $2::text[])`, [
    TREE_STATUSES.map((s) => s[0]),
    TREE_STATUSES.map((s) => s[1]),
  ]);
  await insertNames(db, 'countries', 'country_name', COUNTRIES);
}

async function insertNames(db: Queryable, table: string, column: string, names: string[]): Promise<void> {
  await db.query(`INSERT INTO ${table} (${column}) SELECT unnest($1::text[])`, [names]);
}
