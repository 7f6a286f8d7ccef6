import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/adapter';
import { currentUser, type AuthUser } from '../plugins/auth';
import type { ProjectTrend } from '../../src/domain/projects';
import { userProjectsResponse } from '../../src/domain/contracts/projects';
import { listVersion, trendPairs, userProjectList, type TrendPair } from '../repos/user-projects';
import { surveyStatusCounts } from '../surveys/status-counts';
import { healthyShare } from '../../workers/geo/values';

// GET /api/projects/user — the signed-in grower's surveys (client.md §7):
// the ones the admin assigned them to (project-access.ts). Admins see every client's.
//
// Each survey with results carries the real change in its share of healthy
// trees (status 0 among assessed trees, status 0–3: Missing and Unknown say nothing
// about health — workers/geo/values.ts healthyShare, the one copy of the rule,
// over the survey's trees per status, first observation of a tree wins —
// client.md §3; server/surveys/status-counts.ts reads them from the survey's
// snapshot) against the latest earlier survey with results of the exact same
// set of plots (server/repos/user-projects.ts); otherwise `trend` is null. The
// spec's card shows a random arrow; we never show invented data.
//
// The pairs are one cheap statement; the counts come from the survey snapshots
// (kept per survey version, made after the seed and every import), so no list
// reads the observations again. The result is kept per client's projects_version
// (client_versions: bumped by writes to that client's projects, their plots and
// observations). The list itself is cheap and always read fresh.

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The trend of a survey against its previous one; null when either assessed no tree (healthyShare's rule). */
export function trendFromCounts(r: TrendPair, counts: Record<string, number>, previousCounts: Record<string, number>): ProjectTrend | null {
  const share = healthyShare(counts);
  const previous = healthyShare(previousCounts);
  if (share === null || previous === null) return null;
  return {
    previous_project_id: r.previous_project_id,
    previous_observation_date: r.previous_observation_date,
    healthy_share: round(share, 4),
    previous_healthy_share: round(previous, 4),
    change_pp: round((share - previous) * 100, 2),
  };
}

export const projectRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Per app instance (tests build several apps on different databases in one process).
  // Per user: two growers of one client may be assigned different surveys.
  const trendCache = new Map<string, { version: string; trends: Promise<Map<number, ProjectTrend>> }>();

  async function trends(user: AuthUser): Promise<Map<number, ProjectTrend>> {
    const version = await listVersion(db, user); // read before the data: a write in between makes the next read miss
    // A survey whose counts cannot be read now (its snapshot fails to build, or it was deleted meanwhile) gets no
    // trend; the list still answers, and such a result is not remembered (the next list asks again).
    const compute = async () => {
      const pairs = await trendPairs(db, user);
      const ids = [...new Set(pairs.flatMap((r) => [r.project_id, r.previous_project_id]))];
      // One survey at a time: a snapshot not made yet is built by the job thread, which takes them in turn anyway.
      const counts = new Map<number, Record<string, number> | null>();
      let incomplete = false;
      for (const id of ids) {
        const c = await surveyStatusCounts(db, id, app.log);
        if (!c) incomplete = true;
        counts.set(id, c);
      }
      const out = new Map<number, ProjectTrend>();
      for (const r of pairs) {
        const [now, before] = [counts.get(r.project_id), counts.get(r.previous_project_id)];
        const trend = now && before ? trendFromCounts(r, now, before) : null;
        if (trend) out.set(r.project_id, trend);
      }
      return { out, incomplete };
    };
    if (version === null) return (await compute()).out;
    const key = user.role === 'admin' ? 'admin' : `user:${user.user_id}`;
    const hit = trendCache.get(key);
    if (hit && hit.version === version) return hit.trends;
    const computed = compute();
    const entry = { version, trends: computed.then((r) => r.out) };
    trendCache.set(key, entry);
    const forget = () => {
      if (trendCache.get(key) === entry) trendCache.delete(key);
    };
    computed.then((r) => r.incomplete && forget(), forget); // a failed or partial computation is not remembered
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
      const [trendMap, rows] = await Promise.all([trends(user), userProjectList(db, user)]);
      return rows.map((r) => ({ ...r, trend: trendMap.get(r.project_id) ?? null }));
    },
  );
};
