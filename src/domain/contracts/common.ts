// Pieces every response contract uses. Contracts are pure zod, imported by the
// server (route schemas: a response is encoded through them, so a field they do
// not name is never sent) and by the app as types only (zod stays out of the
// bundle: it would probe eval under our CSP).
import { z } from 'zod';
import { PLOT_AREA_MAX_HA, type TextLength } from '../field-rules';

/** `{ success: true, message }`: the envelope of every successful admin answer (admin.md §4). */
export const okMessage = z.object({ success: z.literal(true), message: z.string() });

/** The variable parts of an error (names, counts, limits): the app words the code with them. */
const errorParams = z.record(z.string(), z.unknown()).meta({ description: 'The variable parts of the message, by name (e.g. { name, refs } or { min, max })' });

/**
 * `{ success: false, message, code, params?, errors? }`: every error answer (server/plugins/errors.ts), the one
 * error schema of the API document (components.schemas.Error). `code` is one of src/domain/error-codes.ts.
 */
export const errorBody = z.object({
  success: z.literal(false),
  /** What is wrong, in English. */
  message: z.string(),
  /** A stable snake_case code: the app words it in the user's language with `params`. */
  code: z.string().regex(/^[a-z][a-z0-9_]*$/),
  params: errorParams.optional(),
  /** What is wrong per field, line or feature; `code` and `params` as above (zod's issue codes for a refused input). */
  errors: z.array(z.object({ field: z.string(), message: z.string(), code: z.string().optional(), params: errorParams.optional() })).optional(),
  /** A write refused because the resource changed meanwhile: the resource as it stands now (issue 36: a task's 409/412), so the app shows both versions. */
  current: z.record(z.string(), z.unknown()).optional(),
});

/**
 * Required trimmed text of a form field (admin.md §5) with the form rules' messages ('{label} is required',
 * '… must be at least/most N characters'); the lengths are src/domain/field-rules.ts's.
 */
export function text(label: string, length: TextLength) {
  const { min, max } = length;
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(min, { error: (iss) => (iss.input === '' ? `${label} is required` : `${label} must be at least ${min} characters`) })
    .max(max, `${label} must be at most ${max} characters`);
}

/** A plot's area in hectares (the editor's form, a boundary file): above 0, at most PLOT_AREA_MAX_HA; null or absent: none. */
export function plotAreaHa(label: string) {
  return z
    .number({ error: `${label} must be a number` })
    .gt(0, `${label} must be greater than 0`)
    .max(PLOT_AREA_MAX_HA, `${label} must be at most ${PLOT_AREA_MAX_HA}`)
    .nullable()
    .optional();
}

/** A database id in a path or query: a positive 32-bit integer; the messages name the parameter. */
export const dbId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be positive`)
    .max(2_147_483_647, `${name} is too large`);

/**
 * A response that is a file or a stream, not JSON (Arrow, PDF, ZIP, CSV, NDJSON lines): documented by its media
 * types. Fastify sends a Buffer, stream or text of a non-JSON type as it is, so the schema only documents it;
 * `line` documents the objects of an NDJSON stream.
 */
export const fileResponse = (description: string, types: string[], line?: z.ZodType) => ({
  description,
  content: Object.fromEntries(types.map((t) => [t, { schema: t.endsWith('ndjson') && line ? line : fileBody }])),
});
/** The body of a file answer (bytes or text of a non-JSON media type). */
export const fileBody = z.string().meta({ format: 'binary' });

/** A timestamp: the database driver's Date, sent as ISO 8601 text (documented as a date-time string). */
export const timestamp = z.union([z.date(), z.string()]);

/** What a response looks like after JSON: dates are ISO strings. */
export type Wire<T> = T extends Date ? string : T extends (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;

/** The version of a row the writer last read (admin.md §5): a stale one is rejected with 409. */
export const version = z.number().int().positive().optional().describe('The version last read; a stale one is rejected with 409');

/** A calendar date, YYYY-MM-DD, that exists. */
export const ymd = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
      message: `${label} is not a valid date`,
      params: { code: 'date_invalid' },
    });
