import type { z } from 'zod';
import type { Db } from '../db/adapter';
import type { AuthUser } from '../plugins/auth';
import type { userProject } from '../../src/domain/contracts/projects';
import { cachedQuery } from '../db/read-cache';
import { accessParams, hasResultsSql, visibleProjectSql } from './project-access';

// The signed-in user's surveys (client.md §7) and the pairs of surveys their trend compares
// (server/routes/projects.ts: the rule's words; workers/geo/values.ts healthyShare: the rule).

/** A row of the list: the contract's project without its trend. */
export type ListRow = Omit<z.infer<typeof userProject>, 'trend'>;

/** A survey with results and the latest earlier survey with results of the same plots (its trend's pair). */
export interface TrendPair {
  project_id: number;
  previous_project_id: number;
  previous_observation_date: string | null;
}

// $1 user id, $2 role, $3 client id.
const SCOPE = visibleProjectSql('p', 1, 2, 3);

const LIST_SQL = `
  SELECT p.project_id, p.name, p.observation_date::text AS observation_date, p.products,
         (SELECT string_agg(DISTINCT co.crop_name, ', ' ORDER BY co.crop_name)
            FROM project_plots pp JOIN plots pl ON pl.plot_id = pp.plot_id
            LEFT JOIN crop_options co ON co.crop_id = pl.crop_id
           WHERE pp.project_id = p.project_id) AS crop_type,
         ARRAY(SELECT pp.plot_id FROM project_plots pp WHERE pp.project_id = p.project_id ORDER BY pp.plot_id) AS plot_ids,
         ARRAY(SELECT pl.plot_name FROM project_plots pp JOIN plots pl ON pl.plot_id = pp.plot_id
                WHERE pp.project_id = p.project_id ORDER BY pl.plot_name) AS plot_names,
         ${hasResultsSql('p')} AS has_results
    FROM projects p
   WHERE ${SCOPE}
   ORDER BY p.observation_date DESC NULLS LAST, p.project_id`;

// Every dated survey with results and the latest earlier dated survey with
// results of the same client over the identical plot set — among the surveys
// this user may see (an unassigned survey's health never leaks). Cheap: no
// observation is read beyond one EXISTS per survey; the status counts come
// from each survey's snapshot (server/surveys/status-counts.ts).
const PAIRS_SQL = `
  WITH mine AS (
    SELECT p.project_id, p.client_id, p.observation_date,
           ARRAY(SELECT pp.plot_id FROM project_plots pp WHERE pp.project_id = p.project_id ORDER BY pp.plot_id) AS plot_ids
      FROM projects p
     WHERE ${SCOPE} AND p.observation_date IS NOT NULL
       AND ${hasResultsSql('p')})
  SELECT cur.project_id, prev.project_id AS previous_project_id, prev.observation_date::text AS previous_observation_date
    FROM mine cur
    JOIN LATERAL (
      SELECT m.project_id, m.observation_date FROM mine m
       WHERE m.client_id = cur.client_id AND m.plot_ids = cur.plot_ids AND m.observation_date < cur.observation_date
       ORDER BY m.observation_date DESC, m.project_id DESC
       LIMIT 1) prev ON true
   WHERE cardinality(cur.plot_ids) > 0`;

/**
 * The version of what a caller's list reads (migration 050): a grower's client's
 * projects_version; for an admin, every client's. Null when not migrated.
 */
export async function listVersion(db: Db, user: AuthUser): Promise<string | null> {
  try {
    const { rows } =
      user.role === 'admin'
        ? await cachedQuery<{ v: string | null }>(
            db,
            "SELECT string_agg(client_id || '.' || projects_version, ',' ORDER BY client_id) AS v FROM client_versions",
          )
        : await cachedQuery<{ v: string | null }>(db, 'SELECT projects_version::text AS v FROM client_versions WHERE client_id = $1', [user.client_id]);
    return rows[0]?.v ?? null;
  } catch {
    return null; // no version table: compute every time
  }
}

/** The surveys the user may see, newest first (kept per database commit: db/read-cache.ts). */
export async function userProjectList(db: Db, user: AuthUser): Promise<ListRow[]> {
  return (await cachedQuery<ListRow>(db, LIST_SQL, [...accessParams(user)])).rows;
}

/** Every visible survey with results paired with its previous one. */
export async function trendPairs(db: Db, user: AuthUser): Promise<TrendPair[]> {
  return (await db.query<TrendPair>(PAIRS_SQL, [...accessParams(user)])).rows;
}
