import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/adapter';
import { currentUser, type AuthUser } from '../plugins/auth';
import { accessParams, visibleProjectSql } from '../repos/project-access';
import type { ProjectTrend } from '../../src/domain/projects';
import type { z } from 'zod';
import { userProject, userProjectsResponse } from '../../src/domain/contracts/projects';
import { cachedQuery } from '../db/read-cache';
import { healthyShare } from '../../workers/geo/values';

// GET /api/projects/user — the signed-in grower's surveys (client.md §7):
// the ones the admin assigned them to (project-access.ts). Admins see every client's.
//
// Each survey with results carries the real change in its share of healthy
// trees (status 0 among assessed trees, status 0–3: Missing and Unknown say nothing
// about health — the SQL counts trees per status and workers/geo/values.ts healthyShare, the one copy of the rule,
// turns them into shares; first observation of a tree
// wins — client.md §3, the SQL function first_observations of migration 070) against the latest earlier survey with results of the
// exact same set of plots; otherwise `trend` is null. The spec's card shows a
// random arrow; we never show invented data.
//
// The trend reads every observation of the compared surveys (~200k rows in
// the demo), so it is one aggregate per project in one statement, and the
// result is kept per client's projects_version (client_versions: bumped by
// writes to that client's projects, their plots and observations). The list
// itself is cheap and always read fresh.

/** A row of the list: the contract's project without its trend. */
type ListRow = Omit<z.infer<typeof userProject>, 'trend'>;

interface TrendRow {
  project_id: number;
  previous_project_id: number;
  previous_observation_date: string | null;
  /** Trees per status code of each survey (first observation of a tree wins). */
  counts: Record<string, number>;
  previous_counts: Record<string, number>;
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
         EXISTS (SELECT 1 FROM tree_observations o WHERE o.project_id = p.project_id) AS has_results
    FROM projects p
   WHERE ${SCOPE}
   ORDER BY p.observation_date DESC NULLS LAST, p.project_id`;

// pairs: every dated survey with results and the latest earlier dated survey
// with results of the same client over the identical plot set — among the
// surveys this user may see (an unassigned survey's health never leaks).
// health: one pass over the observations of only the paired surveys.
const TREND_SQL = `
  WITH mine AS (
    SELECT p.project_id, p.client_id, p.observation_date,
           ARRAY(SELECT pp.plot_id FROM project_plots pp WHERE pp.project_id = p.project_id ORDER BY pp.plot_id) AS plot_ids
      FROM projects p
     WHERE ${SCOPE} AND p.observation_date IS NOT NULL
       AND EXISTS (SELECT 1 FROM tree_observations o WHERE o.project_id = p.project_id)),
  pairs AS (
    SELECT cur.project_id, prev.project_id AS previous_project_id, prev.observation_date AS previous_observation_date
      FROM mine cur
      JOIN LATERAL (
        SELECT m.project_id, m.observation_date FROM mine m
         WHERE m.client_id = cur.client_id AND m.plot_ids = cur.plot_ids AND m.observation_date < cur.observation_date
         ORDER BY m.observation_date DESC, m.project_id DESC
         LIMIT 1) prev ON true
     WHERE cardinality(cur.plot_ids) > 0),
  firsts AS (
    SELECT project_id, tree_status FROM first_observations(ARRAY(SELECT project_id FROM pairs UNION SELECT previous_project_id FROM pairs))),
  by_status AS (
    SELECT project_id, coalesce(tree_status, 5) AS tree_status, count(*)::int AS n FROM firsts GROUP BY 1, 2),
  health AS (
    SELECT project_id, jsonb_object_agg(tree_status::text, n) AS counts FROM by_status GROUP BY project_id)
  SELECT pr.project_id, pr.previous_project_id, pr.previous_observation_date::text AS previous_observation_date,
         hc.counts, hp.counts AS previous_counts
    FROM pairs pr
    JOIN health hc ON hc.project_id = pr.project_id
    JOIN health hp ON hp.project_id = pr.previous_project_id`;

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The trend of a survey against its previous one; null when either assessed no tree (healthyShare's rule). */
export function trendFromCounts(r: TrendRow): ProjectTrend | null {
  const share = healthyShare(r.counts);
  const previous = healthyShare(r.previous_counts);
  if (share === null || previous === null) return null;
  return {
    previous_project_id: r.previous_project_id,
    previous_observation_date: r.previous_observation_date,
    healthy_share: round(share, 4),
    previous_healthy_share: round(previous, 4),
    change_pp: round((share - previous) * 100, 2),
  };
}

/**
 * The version of what a caller's list reads (migration 050): a grower's client's
 * projects_version; for an admin, every client's. Null when not migrated.
 */
async function listVersion(db: Db, user: AuthUser): Promise<string | null> {
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

export const projectRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Per app instance (tests build several apps on different databases in one process).
  // Per user: two growers of one client may be assigned different surveys.
  const trendCache = new Map<string, { version: string; trends: Promise<Map<number, ProjectTrend>> }>();

  async function trends(user: AuthUser): Promise<Map<number, ProjectTrend>> {
    const version = await listVersion(db, user); // read before the data: a write in between makes the next read miss
    const compute = async () => {
      const { rows } = await db.query<TrendRow>(TREND_SQL, [...accessParams(user)]);
      const out = new Map<number, ProjectTrend>();
      for (const r of rows) {
        const trend = trendFromCounts(r);
        if (trend) out.set(r.project_id, trend);
      }
      return out;
    };
    if (version === null) return compute();
    const key = user.role === 'admin' ? 'admin' : `user:${user.user_id}`;
    const hit = trendCache.get(key);
    if (hit && hit.version === version) return hit.trends;
    const entry = { version, trends: compute() };
    trendCache.set(key, entry);
    entry.trends.catch(() => {
      if (trendCache.get(key) === entry) trendCache.delete(key);
    }); // a failed computation is not remembered
    return entry.trends;
  }

  app.get(
    '/api/projects/user',
    {
      schema: {
        summary: "The signed-in user's projects with the healthy-share trend against the previous survey of the same plots",
        response: { 200: userProjectsResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const [trendMap, { rows }] = await Promise.all([trends(user), cachedQuery<ListRow>(db, LIST_SQL, [...accessParams(user)])]);
      return rows.map((r) => ({ ...r, trend: trendMap.get(r.project_id) ?? null }));
    },
  );
};
