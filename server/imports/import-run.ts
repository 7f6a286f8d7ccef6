// Survey-results import, the whole job: parse (step 1), match (step 2), write
// (step 3). It runs in the job thread (server/jobs), so the API keeps
// answering while it works, and its progress reaches the client as it happens.
import type { Db } from '../db/adapter';
import type { AuthUser } from '../plugins/auth';
import { HttpError, notFound } from '../http-error';
import { parseImport } from './import-parse';
import { matchRows } from './import-match';
import { writeImport } from './import-write';

export const MAX_BAD_ROWS_LISTED = 500;
export type Progress = (phase: 'parsing' | 'matching' | 'writing', done: number, total: number) => void;

export interface ImportInput {
  user: AuthUser;
  projectId: number;
  body: unknown;
  createUnmatched: boolean;
}

/** Parse, match and write one import (runs in the job thread: server/jobs). */
export async function runImport(db: Db, { user, projectId, body, createUnmatched }: ImportInput, progress: Progress) {
  const t0 = performance.now();
  const { rows: proj } = await db.query<{ client_id: number; name: string }>(`SELECT client_id, name FROM projects WHERE project_id = $1`, [projectId]);
  if (!proj[0]) throw notFound('project');
  if (body === undefined || body === null || body === '') throw new HttpError(400, 'The import file is empty', undefined, undefined, 'import_empty');
  progress('parsing', 0, 1);
  const parsed = parseImport(body);
  const tParsed = performance.now();
  progress('matching', 0, parsed.rows.length);
  // Three arrays in one row read much faster than 100k row objects.
  const { rows: agg } = await db.query<{ ids: number[] | null; lon: number[] | null; lat: number[] | null }>(
    `SELECT array_agg(tree_id) AS ids, array_agg(lon) AS lon, array_agg(lat) AS lat FROM trees WHERE client_id = $1`,
    [proj[0].client_id],
  );
  const match = matchRows(parsed.rows, {
    ids: Int32Array.from(agg[0]?.ids ?? []),
    lon: Float64Array.from(agg[0]?.lon ?? []),
    lat: Float64Array.from(agg[0]?.lat ?? []),
  });
  const tMatched = performance.now();
  const bad = [...parsed.bad, ...match.bad].sort((a, b) => a.line - b.line);
  const summary = {
    format: parsed.format,
    rows: parsed.rows.length + parsed.bad.length,
    matched_by_id: match.byId,
    matched_nearest: match.nearest,
    unmatched: match.unmatched.length,
    ignored_columns: parsed.ignoredColumns,
  };
  if (bad.length) {
    throw new HttpError(
      422,
      `${bad.length} row(s) are invalid; nothing was imported`,
      bad.slice(0, MAX_BAD_ROWS_LISTED).map((b) => ({ field: `line ${b.line}`, message: b.message })),
      undefined,
      'import_rows_invalid',
      { count: bad.length },
    );
  }
  progress('writing', 0, parsed.rows.length);
  const written = await writeImport(
    db,
    user,
    { projectId, clientId: proj[0].client_id, projectName: proj[0].name },
    parsed.rows,
    match.treeOf,
    createUnmatched,
    (d) => progress('writing', d, parsed.rows.length),
  );
  return {
    success: true as const,
    message: `Imported ${written.observations} survey results into "${proj[0].name}"`,
    ...summary,
    unmatched_lines: match.unmatched.slice(0, MAX_BAD_ROWS_LISTED).map((r) => r.line),
    ...written,
    ms: Math.round(performance.now() - t0),
    timings_ms: { parse: Math.round(tParsed - t0), match: Math.round(tMatched - tParsed), write: Math.round(performance.now() - tMatched) },
  };
}
