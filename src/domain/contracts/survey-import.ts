// POST /api/admin/projects/{projectId}/import (issue 7): what a survey-results
// import answers (JSON), and the lines of its progress stream (NDJSON, with
// `Accept: application/x-ndjson`): {phase, done, total} as it works, then
// {phase: 'done', status, body} with the answer the JSON call would have given.
import { z } from 'zod';
import { errorBody, fileResponse, okMessage, type Wire } from './common';

const count = z.number().int();
const ms = z.number().int();

export const importResult = okMessage.extend({
  format: z.enum(['csv', 'geojson']),
  /** Rows read (good and bad). */
  rows: count,
  matched_by_id: count,
  matched_nearest: count,
  unmatched: count,
  /** Columns of the file that are not survey fields. */
  ignored_columns: z.array(z.string()),
  /** File lines of the first 500 unmatched rows. */
  unmatched_lines: z.array(count),
  /** Survey results written. */
  observations: count,
  /** Earlier results of the same trees in this project that they replaced. */
  replaced: count,
  created_trees: count,
  skipped_unmatched: count,
  /** Plots of the imported trees that joined the project. */
  plots_added: count,
  ms,
  timings_ms: z.object({ parse: ms, match: ms, write: ms }),
});

export const importProgressLine = z.object({ phase: z.enum(['parsing', 'matching', 'writing', 'snapshot']), done: count, total: count });
export const importDoneLine = z.object({
  phase: z.literal('done'),
  status: z.number().int(),
  body: z.union([importResult, errorBody]).describe('The result, or the error answer the JSON call would have given (400, 404, 422, 500)'),
});
export const importLine = z.union([importProgressLine, importDoneLine]);

/** The route's 200: the result as JSON, or the progress stream. */
export const importResponse = (() => {
  const stream = fileResponse(
    'The import result (JSON), or with Accept: application/x-ndjson its progress lines and then the result',
    ['application/x-ndjson'],
    importLine,
  );
  return { ...stream, content: { 'application/json': { schema: importResult }, ...stream.content } };
})();

export type ImportResult = Wire<z.infer<typeof importResult>>;
export type ImportLine = Wire<z.infer<typeof importLine>>;
