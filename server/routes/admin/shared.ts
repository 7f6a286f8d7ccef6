import { z } from 'zod';
import { dbId } from '../../../src/domain/contracts/common';
import { countsInEnglish } from '../../../src/domain/error-codes';

// Helpers shared by the admin route plugins (clients, users, projects,
// reference lists): id params, text rules with the form's messages, OpenAPI
// metadata. Row locks, the audit log and transactions are in server/db.

export const IdParams = z.strictObject({ id: dbId('id') });
export const ClientParams = z.strictObject({ clientId: dbId('clientId') });

export { version as Version, ymd } from '../../../src/domain/contracts/common';

/** OpenAPI metadata for an admin route. */
export const doc = (tag: string, summary: string) => ({ tags: [`admin: ${tag}`], summary, security: [{ bearer: [] }] });

/** Counts without the zeros, as an error's params and in English (src/domain/error-codes.ts countsInEnglish). */
export const describeCounts = countsInEnglish;

export const ok = (message: string) => ({ success: true as const, message });
