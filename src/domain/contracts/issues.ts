// A refused input's issues as the API sends them (errorBody.errors: field, message, code, params) — made by the
// server's error answers (server/plugins/errors.ts) and by the forms' own check of the same request schema
// (src/components/form-check.ts), so both are worded by one rule in the app.
import type { z } from 'zod';
import type { ErrorParams } from '../error-codes';

/** The parts of a zod issue the app words a refused field with (limits, expected type, allowed values, a custom issue's params). */
const ISSUE_PARAMS = ['origin', 'minimum', 'maximum', 'inclusive', 'exact', 'expected', 'values', 'keys', 'format', 'divisor'] as const;

export function issueParams(p: Record<string, unknown>): ErrorParams {
  const out: Record<string, ErrorParams[string]> = {};
  for (const k of ISSUE_PARAMS) {
    const v = p[k];
    if (v === undefined) continue;
    out[k] = typeof v === 'bigint' ? Number(v) : Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? x : String(x))) : (v as ErrorParams[string]);
  }
  // A custom issue names its own code and parts (e.g. prescription_rates { count, layer }).
  if (p.params && typeof p.params === 'object') Object.assign(out, p.params);
  return out;
}

export interface IssueItem {
  field: string;
  message: string;
  code: string;
  params: ErrorParams;
}

/** One refused field of a parse, as the API's error list has it. */
export const issueItem = (issue: z.core.$ZodIssue): IssueItem => ({
  field: issue.path.map(String).join('.'),
  message: issue.message,
  code: issue.code,
  params: issueParams(issue as unknown as Record<string, unknown>),
});
