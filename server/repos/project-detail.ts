import type { z } from 'zod';
import type { Queryable } from '../db/adapter';
import type { AuthUser } from '../plugins/auth';
import type { relatedSurveysResponse } from '../../src/domain/contracts/survey';
import { accessParams, hasResultsSql, visibleProjectSql, type ProjectRow } from './project-access';

/** A row of the surveys list before its observation count (server/surveys/observation-counts.ts) is added. */
type RelatedSurveyRow = Omit<z.input<typeof relatedSurveysResponse>[number], 'observation_count'> & { has_results: boolean };

/** The project's plot ids in order (the path bar, client.md §7). */
export async function projectPlotIds(q: Queryable, projectId: number): Promise<number[]> {
  const { rows } = await q.query<{ plot_id: number }>('SELECT plot_id FROM project_plots WHERE project_id = $1 ORDER BY plot_id', [projectId]);
  return rows.map((r) => r.plot_id);
}

/**
 * The other surveys of the same plots that the user may open, newest first, with the plots they share and whether
 * they have results (hasResultsSql: one index entry).
 */
export async function relatedSurveys(q: Queryable, p: ProjectRow, user: AuthUser): Promise<RelatedSurveyRow[]> {
  const { rows } = await q.query<RelatedSurveyRow>(
    `SELECT q.project_id, q.name, q.observation_date::text AS observation_date, ${hasResultsSql('q')} AS has_results,
              ARRAY(SELECT pl.plot_name FROM project_plots x JOIN plots pl ON pl.plot_id = x.plot_id
                     WHERE x.project_id = q.project_id AND x.plot_id IN (SELECT plot_id FROM project_plots WHERE project_id = $1)
                     ORDER BY pl.plot_name) AS shared_plots
         FROM projects q
        WHERE q.client_id = $2 AND q.project_id <> $1 AND ${visibleProjectSql('q', 3, 4, 5)}
          AND EXISTS (SELECT 1 FROM project_plots a JOIN project_plots b ON a.plot_id = b.plot_id
                       WHERE a.project_id = q.project_id AND b.project_id = $1)
        ORDER BY q.observation_date DESC NULLS LAST, q.project_id`,
    [p.project_id, p.client_id, ...accessParams(user)],
  );
  return rows;
}

/** The survey's observation rows, duplicates of a tree included (a range of the (project_id, observation_id) index). */
export async function observationCount(q: Queryable, projectId: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM tree_observations WHERE project_id = $1', [projectId]);
  return rows[0].n;
}

/** Every survey with results, the most trees first (the snapshots made after a seed: server/surveys/prepare.ts). */
export async function surveysWithResults(q: Queryable): Promise<number[]> {
  const { rows } = await q.query<{ project_id: number }>('SELECT project_id FROM tree_observations GROUP BY project_id ORDER BY count(*) DESC, project_id');
  return rows.map((r) => r.project_id);
}
