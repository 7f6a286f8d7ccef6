// The standing records of a survey as its files show them (the records export, the PDF report's section):
// corrections and deletions applied (a superseded record and every tombstone left out), with the issue's
// names, the tree's plot, row and tree numbers, and how many photos arrived.
import type { Queryable } from '../db/adapter';
import type { RecordFileRow } from '../../src/domain/scouting-names';

export const STANDING_SQL = (r: string) => `${r}.kind <> 'tombstone' AND NOT EXISTS (SELECT 1 FROM scouting_records s WHERE s.supersedes = ${r}.record_id)`;

export async function recordFileRows(db: Queryable, projectId: number): Promise<RecordFileRow[]> {
  const { rows } = await db.query<RecordFileRow>(
    `SELECT r.record_id::text AS record_id, r.kind, i.name_en AS issue_en, i.name_he AS issue_he, r.severity, r.note, r.tree_status,
            r.tree_id, t.row_num, t.tree_num, pl.plot_name, r.author_name, r.observed_at, r.received_at, r.task_id::text AS task_id,
            (SELECT count(*)::int FROM record_photos ph WHERE ph.record_id = r.record_id AND ph.stored_at IS NOT NULL) AS photos,
            r.lon, r.lat, r.accuracy_m
       FROM scouting_records r
       LEFT JOIN scouting_issues i ON i.issue_id = r.issue_id
       LEFT JOIN trees t ON t.tree_id = r.tree_id
       LEFT JOIN plots pl ON pl.plot_id = t.plot_id
      WHERE r.project_id = $1 AND ${STANDING_SQL('r')}
      ORDER BY r.observed_at, r.record_id`,
    [projectId],
  );
  return rows;
}
