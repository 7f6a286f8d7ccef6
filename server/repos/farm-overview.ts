import type { Queryable } from '../db/adapter';
import type { AuthUser } from '../plugins/auth';
import { accessParams, hasResultsSql, visibleProjectSql } from './project-access';

// The farm overview's reads (issue 9; server/routes/farm-overview.ts): the client's plots the caller may see,
// the surveys covering them, and each plot's latest survey with results (whose tree-status counts per plot come
// from that survey's snapshot: server/surveys/status-counts.ts).

// $1 client id, then the access parameters (user, role, client).
const VISIBLE = visibleProjectSql('p', 2, 3, 4);

export interface PlotRow {
  plot_id: number;
  plot_name: string;
  plot_area: number | null;
  crop_name: string | null;
  geom: unknown;
}
export interface SurveyRow {
  project_id: number;
  name: string;
  observation_date: string | null;
  plot_ids: number[];
  has_results: boolean;
}
/** A plot and the latest survey with results that covers it (its counts come from that survey's snapshot). */
export interface LatestRow {
  plot_id: number;
  project_id: number;
}

/** The plots, surveys and each plot's latest survey with results of a client, as the caller may see them. */
export async function farmRows(q: Queryable, clientId: number, user: AuthUser): Promise<{ plots: PlotRow[]; surveys: SurveyRow[]; latest: LatestRow[] }> {
  const access = accessParams(user);
  const [plots, surveys, latest] = await Promise.all([
    q.query<PlotRow>(
      `SELECT pl.plot_id, pl.plot_name, pl.plot_area, co.crop_name, pl.geom
           FROM plots pl LEFT JOIN crop_options co ON co.crop_id = pl.crop_id
          WHERE pl.client_id = $1
            AND ($3::text = 'admin' OR EXISTS (
                  SELECT 1 FROM project_plots pp JOIN projects p ON p.project_id = pp.project_id
                   WHERE pp.plot_id = pl.plot_id AND ${VISIBLE}))
          ORDER BY pl.plot_id`,
      [clientId, ...access],
    ),
    q.query<SurveyRow>(
      `SELECT p.project_id, p.name, p.observation_date::text AS observation_date,
                ARRAY(SELECT pp.plot_id FROM project_plots pp WHERE pp.project_id = p.project_id ORDER BY 1) AS plot_ids,
                ${hasResultsSql('p')} AS has_results
           FROM projects p WHERE p.client_id = $1 AND ${VISIBLE}
          ORDER BY p.observation_date DESC NULLS LAST, p.project_id DESC`,
      [clientId, ...access],
    ),
    q.query<LatestRow>(
      `SELECT DISTINCT ON (pp.plot_id) pp.plot_id, p.project_id
           FROM project_plots pp JOIN projects p ON p.project_id = pp.project_id
          WHERE p.client_id = $1 AND ${VISIBLE} AND ${hasResultsSql('p')}
          ORDER BY pp.plot_id, p.observation_date DESC NULLS LAST, p.project_id DESC`,
      [clientId, ...access],
    ),
  ]);

  return { plots: plots.rows, surveys: surveys.rows, latest: latest.rows };
}
