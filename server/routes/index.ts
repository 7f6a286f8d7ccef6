import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/adapter';
import type { TokenService } from '../auth/token';
import { authRoutes } from './auth';
import { adminRoutes } from './admin';
import { healthRoutes } from './health';
import { projectRoutes } from './projects';
import { mapDataRoutes } from './map-data';
import { statisticsRoutes } from './statistics';
import { exportRoutes } from './export';
import { reportRoutes } from './report';
import { projectDetailRoutes } from './project';
import { farmOverviewRoutes } from './farm-overview';
import { adminDataRoutes } from './admin/data';
import { orthophotoRoutes } from './orthophoto';
import { scoutingRecordRoutes } from './scouting-records';
import { scoutingPhotoRoutes } from './scouting-photos';
import { scoutingTaskRoutes } from './scouting-tasks';
import { refreshStale } from '../surveys/map-data-cache';

export interface RouteDeps {
  db: Db;
  tokens: TokenService;
  loginPerMinutePerAddress: number;
  passwordHash: { concurrency: number; queue: number };
  /** Chromium for the PDF report (CHROMIUM_PATH). */
  chromiumPath: string;
  /** NODE_ENV=production (the dashboard's "Production Database"). */
  production: boolean;
}

/** Every route plugin of the API. Add one line per area. */
export async function registerRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  // Survey results change only by writes (admin routes): after each one, the
  // surveys someone had open are rebuilt in the background, not on the next open.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.url.startsWith('/api/admin/') && reply.statusCode < 400) {
      void refreshStale(deps.db).catch((err) => request.log.warn({ err }, 'rebuilding map data after a write failed'));
    }
  });
  await app.register(authRoutes, deps);
  await app.register(healthRoutes, deps);
  await app.register(projectRoutes, deps);
  await app.register(mapDataRoutes, deps);
  await app.register(statisticsRoutes, deps);
  await app.register(exportRoutes, deps);
  await app.register(reportRoutes, deps);
  await app.register(projectDetailRoutes, deps);
  await app.register(farmOverviewRoutes, deps);
  await app.register(adminRoutes, deps);
  await app.register(adminDataRoutes, deps);
  await app.register(orthophotoRoutes, deps);
  await app.register(scoutingRecordRoutes, deps);
  await app.register(scoutingPhotoRoutes, deps);
  await app.register(scoutingTaskRoutes, deps);
}
