// GET /api/projects/user (client.md §3, §7): the signed-in user's surveys as
// our server sends them, with the healthy-share trend against the previous
// survey of the same plots (null when there is none).
import { z } from 'zod';
import type { Wire } from './common';

export const projectTrend = z.object({
  previous_project_id: z.number().int(),
  previous_observation_date: z.string().nullable(),
  /** Healthy share of this survey, 0..1. */
  healthy_share: z.number(),
  previous_healthy_share: z.number(),
  /** healthy_share − previous_healthy_share, in percentage points. */
  change_pp: z.number(),
});

export const userProject = z.object({
  project_id: z.number().int(),
  name: z.string(),
  observation_date: z.string().nullable(),
  products: z.array(z.string()),
  crop_type: z.string().nullable(),
  plot_ids: z.array(z.number().int()),
  /** The names of the survey's plots (the home search matches them). */
  plot_names: z.array(z.string()),
  /** The survey has results (observations): the home's "Latest results" row shows only such surveys. */
  has_results: z.boolean(),
  trend: projectTrend.nullable(),
});
export const userProjectsResponse = z.array(userProject);

export type ProjectTrend = Wire<z.infer<typeof projectTrend>>;
export type UserProject = Wire<z.infer<typeof userProject>>;
