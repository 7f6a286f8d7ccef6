import type { Queryable } from '../db/adapter';
import type { AuthUser } from '../plugins/auth';
import { accessParams, visibleProjectSql } from './project-access';

// The farm overview's reads (issue 9; server/routes/farm-overview.ts): the client's plots the caller may see,
// the surveys covering them, and the tree-status counts of each plot's latest survey with results.

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
export interface CountRow {
  plot_id: number;
  project_id: number;
  status: number;
  n: number;
}

/** The plots, surveys and latest-survey status counts of a client, as the caller may see them. */
export async function farmRows(q: Queryable, clientId: number, user: AuthUser): Promise<{ plots: PlotRow[]; surveys: SurveyRow[]; counts: CountRow[] }> {
  const access = accessParams(user);
  const [plots, surveys, counts] = await Promise.all([
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
                EXISTS (SELECT 1 FROM tree_observations o WHERE o.project_id = p.project_id) AS has_results
           FROM projects p WHERE p.client_id = $1 AND ${VISIBLE}
          ORDER BY p.observation_date DESC NULLS LAST, p.project_id DESC`,
      [clientId, ...access],
    ),
    q.query<CountRow>(
      `WITH latest AS (
           SELECT DISTINCT ON (pp.plot_id) pp.plot_id, p.project_id
             FROM project_plots pp JOIN projects p ON p.project_id = pp.project_id
            WHERE p.client_id = $1 AND ${VISIBLE}
              AND EXISTS (SELECT 1 FROM tree_observations o WHERE o.project_id = p.project_id)
            ORDER BY pp.plot_id, p.observation_date DESC NULLS LAST, p.project_id DESC),
         first_obs AS (SELECT project_id, tree_id, tree_status FROM first_observations(ARRAY(SELECT project_id FROM latest)))
         SELECT l.plot_id, l.project_id, COALESCE(f.tree_status, 5)::int AS status, count(*)::int AS n
           FROM latest l
           JOIN trees t ON t.plot_id = l.plot_id
           JOIN first_obs f ON f.project_id = l.project_id AND f.tree_id = t.tree_id
          GROUP BY 1, 2, 3`,
      [clientId, ...access],
    ),
  ]);

  return { plots: plots.rows, surveys: surveys.rows, counts: counts.rows };
}
