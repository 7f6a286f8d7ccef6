import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/adapter';
import { currentUser } from '../plugins/auth';

/** The signed-in grower's surveys. Admins (no client) see every client's. */
export const projectRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/projects/user', async (request) => {
    const user = currentUser(request);
    const { rows } = await db.query(
      `SELECT p.project_id, p.name, p.observation_date::text AS observation_date, p.products,
              (SELECT string_agg(DISTINCT co.crop_name, ', ' ORDER BY co.crop_name)
                 FROM project_plots pp JOIN plots pl ON pl.plot_id = pp.plot_id
                 LEFT JOIN crop_options co ON co.crop_id = pl.crop_id
                WHERE pp.project_id = p.project_id) AS crop_type,
              ARRAY(SELECT pp.plot_id FROM project_plots pp WHERE pp.project_id = p.project_id ORDER BY pp.plot_id) AS plot_ids
         FROM projects p
        WHERE ($1::int IS NULL AND $2 = 'admin') OR p.client_id = $1
        ORDER BY p.observation_date DESC NULLS LAST, p.project_id`,
      [user.client_id, user.role],
    );
    return rows;
  });
};
