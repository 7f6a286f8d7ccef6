import { z } from 'zod';
import { dbId } from '../../../src/domain/contracts/common';
import { countsInEnglish } from '../../../src/domain/error-codes';

// Helpers shared by the admin route plugins (clients, users, projects,
// reference lists): id params, text rules with the form's messages, OpenAPI
// metadata. Row locks, the audit log and transactions are in server/db.

export const IdParams = z.strictObject({ id: dbId('id') });
export const ClientParams = z.strictObject({ clientId: dbId('clientId') });

export const Version = z.number().int().positive().optional().describe('The version last read; a stale one is rejected with 409');

export const ymd = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
      message: `${label} is not a valid date`,
      params: { code: 'date_invalid' },
    });

/** OpenAPI metadata for an admin route. */
export const doc = (tag: string, summary: string) => ({ tags: [`admin: ${tag}`], summary, security: [{ bearer: [] }] });

/** Counts without the zeros, as an error's params and in English (src/domain/error-codes.ts countsInEnglish). */
export const describeCounts = countsInEnglish;

export const ok = (message: string) => ({ success: true as const, message });
