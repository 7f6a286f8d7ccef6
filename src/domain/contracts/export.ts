// GET /api/projects/{id}/export (issue 13): validation of the query. Kept out of
// the app's bundle (zod would probe eval under our CSP); the app builds the same
// query with exportUrl in src/domain/export.ts.
import { z } from 'zod';
import { COLOUR_MODES, type ColourMode } from '../../../workers/geo/colours';
import { EXPORT_FORMATS, EXPORT_LANGS, type ExportQuery } from '../export';

const classList = z
  .string()
  .regex(/^(\d{1,3})(,\d{1,3})*$/, 'hide must be class numbers separated by commas, e.g. 3,4')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((a) => a.every((n) => n <= 255), 'hide: a class number is 0–255');
const id = (what: string) => z.coerce.number({ error: `${what} must be a number` }).int().positive().max(2_147_483_647);

export const exportQuery = z.strictObject({
  format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` }).default('geojson'),
  /** The colour mode whose legend classes `hide` names (default status: all trees). */
  mode: z.enum(COLOUR_MODES as [ColourMode, ...ColourMode[]], { error: `mode must be one of ${COLOUR_MODES.join(', ')}` }).default('status'),
  hide: classList.optional(),
  plotId: id('plotId').optional(),
  irrigationAreaId: id('irrigationAreaId').optional(),
  /** Language of status names and column titles of the CSV. */
  lang: z.enum(EXPORT_LANGS).default('he'),
});
// The app's ExportQuery and this schema's input stay one shape:
const sameShape: (q: ExportQuery) => z.input<typeof exportQuery> = (q) => q;
void sameShape;

