// The SQL of scouting records (issue 36, README "Scouting"): an idempotent create by the device's id
// (201 new, 200 the same body again, 409 another body), the project's records since a cursor, and one
// record with its project (for the photo calls). Records are never updated: a correction or a deletion is a
// new record that supersedes an old one (src/domain/scouting-rules.ts standingRecords).
import type { z } from 'zod';
import type { Db, Queryable } from '../db/adapter';
import type { AuthUser } from '../plugins/auth';
import type { recordBody, scoutingRecord } from '../../src/domain/contracts/scouting';
import { PROJECT_LOCK_SQL, bodyHash, inProjectOrder, scoutingError } from '../scouting/common';
import type { ProjectRow } from './project-access';

type Body = z.output<typeof recordBody>;
export type RecordRow = z.input<typeof scoutingRecord>;

export const RECORD_COLUMNS = `r.record_id::text AS record_id, r.project_id, r.kind, r.tree_id, r.lon, r.lat, r.accuracy_m, r.issue_id,
  r.severity, r.note, r.tree_status, r.task_id::text AS task_id, r.supersedes::text AS supersedes, r.photo_ids::text[] AS photo_ids,
  r.author_id, r.author_name, r.observed_at, r.received_at`;

/** The trees a record or a task may name: the survey's (observed in it, or standing in its plots). */
export const SURVEY_TREE_SQL = (tree: string, client: string, project: string) =>
  `(SELECT t.tree_id, t.lon, t.lat, t.row_num, t.tree_num FROM trees t
     WHERE t.tree_id = ANY(${tree}) AND t.client_id = ${client}
       AND (t.plot_id IN (SELECT plot_id FROM project_plots WHERE project_id = ${project})
            OR EXISTS (SELECT 1 FROM tree_observations o WHERE o.project_id = ${project} AND o.tree_id = t.tree_id)))`;

const one = async <T>(tx: Queryable, sql: string, params: unknown[]) => (await tx.query<T>(sql, params)).rows[0];

export interface PutResult {
  status: 200 | 201;
  record: RecordRow;
}

/** Creates the record, or answers the stored one when the same body comes again under its id. */
export async function putRecord(db: Db, user: AuthUser, project: ProjectRow, recordId: string, body: Body): Promise<PutResult> {
  const hash = bodyHash(body, user.user_id);
  return inProjectOrder(db, project.project_id, () =>
    db.transaction(async (tx) => {
      await tx.query(PROJECT_LOCK_SQL, [project.project_id]);
      const existing = await one<{ project_id: number; body_hash: string }>(tx, `SELECT project_id, body_hash FROM scouting_records WHERE record_id = $1`, [
        recordId,
      ]);
      if (existing) {
        if (existing.project_id !== project.project_id || existing.body_hash !== hash)
          throw scoutingError(409, 'record_id_conflict', `Record ${recordId} already exists with other contents: give a new record a new id`);
        return { status: 200 as const, record: await readRecord(tx, recordId) };
      }
      let position = body.position;
      if (body.tree_id !== null) {
        const tree = await one<{ lon: number; lat: number }>(tx, `SELECT lon, lat FROM ${SURVEY_TREE_SQL('$1::int[]', '$2', '$3')} x`, [
          [body.tree_id],
          project.client_id,
          project.project_id,
        ]);
        if (!tree) throw scoutingError(422, 'record_tree_not_in_survey', `Tree ${body.tree_id} is not a tree of this survey`);
        position ??= { lon: tree.lon, lat: tree.lat, accuracy_m: null };
      }
      if (body.issue_id !== null && !(await one(tx, `SELECT 1 FROM scouting_issues WHERE issue_id = $1`, [body.issue_id])))
        throw scoutingError(422, 'record_unknown_issue', `Scouting issue ${body.issue_id} does not exist`);
      if (body.task_id !== null) {
        const task = await one<{ assignee_id: number | null }>(tx, `SELECT assignee_id FROM scouting_tasks WHERE task_id = $1 AND project_id = $2`, [
          body.task_id,
          project.project_id,
        ]);
        if (!task) throw scoutingError(422, 'record_unknown_task', `Task ${body.task_id} is not a task of this survey`);
        if (user.role === 'worker' && task.assignee_id !== user.user_id)
          throw scoutingError(403, 'task_not_assigned_to_you', 'Field workers add records only to their own tasks');
      }
      if (body.supersedes !== null) {
        const old = await one<{ author_id: number | null; kind: string }>(
          tx,
          `SELECT author_id, kind FROM scouting_records WHERE record_id = $1 AND project_id = $2`,
          [body.supersedes, project.project_id],
        );
        if (!old || old.kind === 'tombstone') throw scoutingError(422, 'record_unknown_supersedes', `Record ${body.supersedes} is not a record of this survey`);
        if (user.role !== 'admin' && old.author_id !== user.user_id)
          throw scoutingError(403, 'record_not_yours', 'Only the author of a record (or an admin) may correct or delete it');
      }
      if (body.photo_ids.length && (await one(tx, `SELECT 1 FROM record_photos WHERE photo_id = ANY($1::uuid[])`, [body.photo_ids])))
        throw scoutingError(409, 'photo_id_taken', 'A photo id of this record belongs to another record: give each photo a new id');
      const author = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
      await tx.query(
        `INSERT INTO scouting_records (record_id, client_id, project_id, seq, kind, tree_id, lon, lat, accuracy_m, issue_id, severity, note,
                                     tree_status, task_id, supersedes, photo_ids, author_id, author_name, observed_at, body_hash)
       VALUES ($1, $2, $3, nextval('scouting_seq'), $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::uuid[], $16, $17, $18, $19)`,
        [
          recordId,
          project.client_id,
          project.project_id,
          body.kind,
          body.tree_id,
          position!.lon,
          position!.lat,
          position!.accuracy_m,
          body.issue_id,
          body.severity,
          body.note,
          body.tree_status,
          body.task_id,
          body.supersedes,
          body.photo_ids,
          user.user_id,
          author,
          body.observed_at,
          hash,
        ],
      );
      if (body.photo_ids.length)
        await tx.query(`INSERT INTO record_photos (photo_id, record_id, position) SELECT p, $1, o - 1 FROM unnest($2::uuid[]) WITH ORDINALITY AS x(p, o)`, [
          recordId,
          body.photo_ids,
        ]);
      return { status: 201 as const, record: await readRecord(tx, recordId) };
    }),
  );
}

export async function readRecord(tx: Queryable, recordId: string): Promise<RecordRow> {
  return (await one<RecordRow>(tx, `SELECT ${RECORD_COLUMNS} FROM scouting_records r WHERE r.record_id = $1`, [recordId]))!;
}

/** The survey's records added or changed after `since` (every record without it), in arrival order. */
export async function listRecords(db: Queryable, projectId: number, since: number | undefined) {
  const { rows } = await db.query<RecordRow & { seq: number; photos_stored: string[] }>(
    `SELECT ${RECORD_COLUMNS}, r.seq,
            ARRAY(SELECT ph.photo_id::text FROM record_photos ph WHERE ph.record_id = r.record_id AND ph.stored_at IS NOT NULL ORDER BY ph.position) AS photos_stored
       FROM scouting_records r WHERE r.project_id = $1 AND r.seq > $2 ORDER BY r.seq`,
    [projectId, since ?? 0],
  );
  const cursor = rows.length ? Number(rows[rows.length - 1].seq) : (since ?? 0);
  return { records: rows.map(({ seq: _seq, ...r }) => r), cursor };
}

/** The record behind a photo call, with what access needs: its project and client, and its author. */
export async function recordOwner(db: Queryable, recordId: string) {
  return one<{ project_id: number; client_id: number; author_id: number | null }>(
    db,
    `SELECT project_id, client_id, author_id FROM scouting_records WHERE record_id = $1`,
    [recordId],
  );
}
