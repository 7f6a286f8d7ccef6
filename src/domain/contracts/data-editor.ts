// The data editor's answers (admin.md §3, §7; server/routes/admin/data): a
// client's plots and irrigation areas as GeoJSON features, its trees as
// columns, the forms' option lists, and what each create/update/delete says.
import { z } from 'zod';
import { okMessage, timestamp, type Wire } from './common';
import { polygonalGeometry, pointGeometry } from './geojson';

const id = z.number().int();
const ref = id.nullable();
const count = z.number().int();

/** After the row's fields every feature's properties repeat its id and name and say its type. */
const tail = <T extends string>(type: T) => ({ id, name: z.string(), type: z.literal(type) });

export const plotProps = z.object({
  plot_id: id,
  plot_name: z.string(),
  /** Hectares. */
  plot_area: z.number().nullable(),
  crop_id: ref,
  crop_name: z.string().nullable(),
  client_id: id,
  created_at: timestamp,
  /** Send it back with a change (optimistic concurrency: 409 when it moved on). */
  version: z.number().int(),
  ...tail('plot'),
});
export const areaProps = z.object({
  irrigation_area_id: id,
  irrigation_area_name: z.string(),
  /** The plot containing it (by location). */
  plot_id: ref,
  plot_name: z.string().nullable(),
  client_id: id,
  created_at: timestamp,
  version: z.number().int(),
  ...tail('irrigation'),
});
/** A tree's fields; its name is "Row r / Tree t". */
export const treeProps = z.object({
  tree_id: id,
  row_num: ref,
  tree_num: ref,
  breed_id: ref,
  breed_name: z.string().nullable(),
  /** 'YYYY-MM-DD'. */
  planting_date: z.string().nullable(),
  irrigation_area_id: ref,
  irrigation_area_name: z.string().nullable(),
  plot_id: ref,
  plot_name: z.string().nullable(),
  client_id: id,
  created_at: timestamp,
  version: z.number().int(),
  ...tail('tree'),
});

const feature = <G extends z.ZodType, P extends z.ZodType>(geometry: G, properties: P) => z.object({ type: z.literal('Feature'), id, geometry, properties });
const collection = <F extends z.ZodType>(f: F) => z.object({ type: z.literal('FeatureCollection'), features: z.array(f) });

export const plotFeature = feature(polygonalGeometry, plotProps);
// As stored (the database allows a Polygon or a MultiPolygon area; the editor draws Polygons).
export const areaFeature = feature(polygonalGeometry, areaProps);
export const treeFeature = feature(pointGeometry, treeProps);

/** The client's trees, one array per field: index i of every array is one tree, in tree_id order. */
export const treeColumns = z.object({
  format: z.literal('columns'),
  count,
  tree_id: z.array(id),
  row_num: z.array(ref),
  tree_num: z.array(ref),
  breed_id: z.array(ref),
  plot_id: z.array(ref),
  irrigation_area_id: z.array(ref),
  /** Decimal degrees, 7 decimals. */
  lon: z.array(z.number()),
  lat: z.array(z.number()),
  planting_date: z.array(z.string().nullable()),
  version: z.array(z.number().int()),
  /** breed_id → breed name, for the breeds these trees have. */
  breeds: z.record(z.string(), z.string()),
});
/** Only the trees changed after `since` (GET …?since=): changed_ids lists every one; those missing from the columns were deleted. */
export const treeDelta = treeColumns.extend({ format: z.literal('delta'), since: z.number(), changed_ids: z.array(id) });

/** GET /api/admin/data/clients/{clientId}. */
export const clientDataResponse = okMessage.extend({
  client_id: id,
  client_name: z.string(),
  crs: z.literal('EPSG:4326'),
  /** The client's surveys (the survey-results import targets one), newest first. */
  projects: z.array(z.object({ project_id: id, name: z.string(), observation_date: z.string().nullable() })),
  plots: collection(plotFeature),
  irrigationAreas: collection(areaFeature),
  /** Send it back as ?since= to get only the trees changed after it. */
  trees_version: z.number(),
  trees: z.discriminatedUnion('format', [treeColumns, treeDelta]),
});

/** 304 of a conditional GET: the ETag sent as If-None-Match is current; no body. */
export const notModified = z.null().describe('Not modified: the ETag sent as If-None-Match is current (no body)');

/** GET /api/admin/data/options: the forms' lists. */
export const editorOptionsResponse = okMessage.extend({
  crops: z.array(z.object({ crop_id: id, crop_name: z.string() })),
  breeds: z.array(z.object({ breed_id: id, breed_name: z.string(), crop_id: id })),
});

// Writes. A plot or irrigation area takes over what lies inside it (`assigned`);
// a deleted one leaves its irrigation areas and trees (`kept`), re-assigned by location.
export const plotSaved = okMessage.extend({ plot: plotFeature, assigned: z.object({ irrigation_areas: count, trees: count }) });
export const plotDeleted = okMessage.extend({
  kept: z.object({ irrigation_areas: count, trees: count, removed_from_projects: count }),
  reassigned: z.object({ irrigation_areas: count, trees: count }),
});
export const areaSaved = okMessage.extend({ irrigation_area: areaFeature, assigned: z.object({ trees: count }) });
export const areaDeleted = okMessage.extend({ kept: z.object({ trees: count }), reassigned: z.object({ trees: count }) });
export const treeSaved = okMessage.extend({ tree: treeFeature });

export type EditorPlotFeature = Wire<z.infer<typeof plotFeature>>;
export type EditorAreaFeature = Wire<z.infer<typeof areaFeature>>;
export type EditorTreeFeature = Wire<z.infer<typeof treeFeature>>;
export type TreeColumnsWire = Wire<z.infer<typeof treeColumns>>;
export type TreeDeltaWire = Wire<z.infer<typeof treeDelta>>;
export type ClientDataWire = Wire<z.infer<typeof clientDataResponse>>;
export type EditorOptions = Wire<z.infer<typeof editorOptionsResponse>>;
