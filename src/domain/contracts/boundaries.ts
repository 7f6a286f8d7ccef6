// POST /api/admin/data/clients/{id}/boundaries (issue 14): the features an admin
// chose from a previewed boundary file, with the attributes mapped to names.
// Geometries are checked again on the server by src/domain/geometry-validation.
import { z } from 'zod';
import { fileResponse, okMessage, plotAreaHa, text, type Wire } from './common';
import { AREA_NAME, REFERENCE_NAME } from '../field-rules';
import { geoJsonGeometry } from './geojson';

export const BOUNDARY_KINDS = ['plot', 'irrigation'] as const;
export const BOUNDARY_EXPORT_KINDS = ['plot', 'irrigation'] as const;
/** Features written at once (one transaction). */
export const MAX_BOUNDARY_FEATURES = 5_000;

export const boundaryImportBody = z.strictObject({
  features: z
    .array(
      z.strictObject({
        kind: z.enum(BOUNDARY_KINDS, { error: `kind must be one of ${BOUNDARY_KINDS.join(', ')}` }),
        name: text('Name', AREA_NAME),
        /** A crop of the reference list, by name (plots only; empty: none). */
        crop_name: z.string().trim().max(REFERENCE_NAME.max, `crop_name must be at most ${REFERENCE_NAME.max} characters`).nullable().optional(),
        /** The plot's area in hectares as the file states it (plots only; absent: the geodesic area of the polygon). */
        area_ha: plotAreaHa('area_ha'),
        geometry: z.unknown(),
      }),
      { error: 'features must be a list' },
    )
    .min(1, 'Choose at least one feature to import')
    .max(MAX_BOUNDARY_FEATURES, `At most ${MAX_BOUNDARY_FEATURES} features at once`),
});
export type BoundaryImport = z.infer<typeof boundaryImportBody>;

export const boundaryExportQuery = z.strictObject({
  kind: z.enum(BOUNDARY_EXPORT_KINDS, { error: `kind must be one of ${BOUNDARY_EXPORT_KINDS.join(', ')}` }).default('plot'),
});

const geometryIssue = z.object({ code: z.string(), params: z.record(z.string(), z.unknown()) });

/** POST …/boundaries/preview: a boundary file's features in WGS 84 (nothing is written). */
export const boundaryPreview = z.object({
  format: z.enum(['shapefile', 'kml', 'kmz', 'geojson']),
  /** The source coordinate system as named by the file. */
  crs: z.string(),
  /** Attribute names over all features. */
  fields: z.array(z.string()),
  features: z.array(
    z.object({
      /** Position in the file. */
      index: z.number().int(),
      /** Polygons reprojected and wound as RFC 7946 asks; null: none, or not a GeoJSON geometry. */
      geometry: geoJsonGeometry.nullable(),
      properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
      /** null: the geometry passes the editor's rules for that kind; else why not. */
      problems: z.object({ plot: z.string().nullable(), irrigation: z.string().nullable() }),
      /** The same verdicts as codes and params (src/domain/geometry-validation.ts), for the app to word. */
      issues: z.object({ plot: geometryIssue.nullable(), irrigation: geometryIssue.nullable() }),
    }),
  ),
});

/** POST …/boundaries (201): the new rows' ids, and what moved into them. */
export const boundaryImportResponse = okMessage.extend({
  plot_ids: z.array(z.number().int()),
  irrigation_area_ids: z.array(z.number().int()),
  assigned: z.object({ irrigation_areas: z.number().int(), trees: z.number().int() }),
});

/** GET …/boundaries.zip. */
export const boundaryExportResponse = fileResponse('The plots or irrigation areas as a zipped WGS 84 polygon shapefile (.shp, .shx, .dbf, .prj, .cpg)', [
  'application/zip',
]);

export type BoundaryPreview = Wire<z.infer<typeof boundaryPreview>>;
export type BoundaryImportResponse = Wire<z.infer<typeof boundaryImportResponse>>;
