// Public surface of the geo core (pure; app, worker and server import from here).
export * from './types';
export * from './values';
export * from './projection';
export * from './dictionary';
export * from './features';
export { TreeColumnsBuilder, rowsToTreeColumns, type TreeRow, type BuiltTrees } from './tree-columns';
export { idAt, intId } from './tree-ids';
export * from './ingest-geojson';
export * from './arrow-schema';
export { decodeMapDataArrow, decodeTreeColumns } from './arrow-decode';
export * from './select';
export * from './pip';
export * from './assign';
export * from './colours';
export * from './npk-ranges';
export * from './statistics';
export * from './fit';
export * from './pipeline';
