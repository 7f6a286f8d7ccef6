// GET /api/projects/{id}/export (issue 13): validation of the query. Kept out of
// the app's bundle (zod would probe eval under our CSP); the app builds the same
// query with exportUrl in src/domain/export.ts.
import { z } from 'zod';
import { ALL_COLOUR_MODES, isChangeMode, type ColourMode } from '../../../workers/geo/colours';
import { EXPORT_FORMATS, EXPORT_LANGS, type ExportQuery } from '../export';
import { dbId } from './common';
import { ZONE_FORMATS } from '../zone-columns';

const classList = z
  .string()
  .regex(/^(\d{1,3})(,\d{1,3})*$/, 'hide must be class numbers separated by commas, e.g. 3,4')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((a) => a.every((n) => n <= 255), { message: 'hide: a class number is 0–255', params: { code: 'hide_class_range', max: 255 } });

export const exportQuery = z
  .strictObject({
    format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` }).default('geojson'),
    /** The colour mode whose legend classes `hide` names (default status: all trees). */
    mode: z.enum(ALL_COLOUR_MODES as [ColourMode, ...ColourMode[]], { error: `mode must be one of ${ALL_COLOUR_MODES.join(', ')}` }).default('status'),
    hide: classList.optional(),
    plotId: dbId('plotId').optional(),
    irrigationAreaId: dbId('irrigationAreaId').optional(),
    /** Language of status names and column titles of the CSV. */
    lang: z.enum(EXPORT_LANGS).default('he'),
    /** Another survey of the caller's to compare with (adds the change fields; the change modes need it). */
    compare: dbId('compare').optional(),
  })
  .refine((q) => !isChangeMode(q.mode) || q.compare !== undefined, {
    message: 'mode change, vitalityChange and canopyChange need compare=<survey id>',
    path: ['compare'],
    params: { code: 'compare_required' },
  });

/** GET /api/projects/{id}/zones: the statistics table per plot and irrigation area. */
export const zonesQuery = z.strictObject({
  format: z.enum(ZONE_FORMATS, { error: `format must be one of ${ZONE_FORMATS.join(', ')}` }).default('csv'),
  compare: dbId('compare').optional(),
});
// The app's ExportQuery and this schema's input stay one shape:
const sameShape: (q: ExportQuery) => z.input<typeof exportQuery> = (q) => q;
void sameShape;

/** GET /api/projects/{id}/report.pdf: the printable survey report (issue 14). */
export const reportQuery = z.strictObject({
  lang: z.enum(EXPORT_LANGS, { error: `lang must be one of ${EXPORT_LANGS.join(', ')}` }).default('he'),
  /** Another survey of the caller's: the report adds the change since (or until) it. */
  compare: dbId('compare').optional(),
});
