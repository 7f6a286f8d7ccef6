// /api/admin/projects (admin.md §3, §7): a project with its plots, users and
// counts; the totals over all projects; plots to choose from.
import { z } from 'zod';
import { okMessage, text, timestamp, version, ymd, type Wire } from './common';
import { PROJECT_NAME } from '../field-rules';
import { PRODUCTS } from '../products';

const count = z.number().int();
const id = z.number().int();

export const projectPlotRef = z.object({ plot_id: id, plot_name: z.string(), plot_area: z.number().nullable() });

export const adminProject = z.object({
  project_id: id,
  name: z.string(),
  observation_date: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  version: z.number().int(),
  client_id: id,
  client_name: z.string(),
  products: z.array(z.string()),
  plot_ids: z.array(id),
  user_ids: z.array(id),
  plots: z.array(projectPlotRef),
  plot_count: count,
  irrigation_area_count: count,
  tree_count: count,
  /** Crop types detected from the plots that have irrigation areas. */
  crop_types: z.array(z.string()),
});

export const projectStatistics = z.object({
  total_projects: count,
  total_plots_in_projects: count,
  total_irrigation_areas: count,
  total_trees: count,
});

export const adminPlot = z.object({
  plot_id: id,
  plot_name: z.string(),
  plot_area: z.number().nullable(),
  client_id: id,
  client_name: z.string(),
  crop_id: id.nullable(),
  crop_name: z.string().nullable(),
  crop_type_id: id.nullable(),
  crop_type_name: z.string().nullable(),
  created_at: timestamp,
  irrigation_area_count: count,
});

export const adminProjectsResponse = okMessage.extend({ projects: z.array(adminProject) });
export const adminProjectResponse = okMessage.extend({ project: adminProject });
export const projectStatisticsResponse = okMessage.extend({ statistics: projectStatistics });
export const adminPlotsResponse = okMessage.extend({ plots: z.array(adminPlot) });
export const projectDeletedResponse = okMessage.extend({ deleted_observations: count });

export type ProjectPlotRef = Wire<z.infer<typeof projectPlotRef>>;
export type AdminProject = Wire<z.infer<typeof adminProject>>;
export type ProjectStatistics = Wire<z.infer<typeof projectStatistics>>;
export type AdminPlot = Wire<z.infer<typeof adminPlot>>;

const ids = (label: string) =>
  z
    .array(z.number().int().positive(), { error: `${label} must be a list of ids` })
    .max(1000)
    .transform((a) => [...new Set(a)]);
/** POST /api/admin/projects, and the new-project form. */
export const createProjectBody = z.strictObject({
  name: text('Project name', PROJECT_NAME),
  observation_date: ymd('Observation date'),
  user_ids: ids('Users').refine((a) => a.length > 0, { message: 'Users is required', params: { code: 'users_required' } }),
  products: z
    .array(z.enum(PRODUCTS, { error: `Products must be among: ${PRODUCTS.join(', ')}` }), { error: 'Analysis products is required' })
    .min(1, 'Analysis products is required')
    .transform((a) => [...new Set(a)]),
  plot_ids: ids('Plots').default([]),
});
/** PUT /api/admin/projects/{id}, and the project's edit form. */
export const updateProjectBody = z.strictObject({
  name: text('Project name', PROJECT_NAME),
  observation_date: ymd('Observation date'),
  plot_ids: ids('Plots').default([]),
  /** Issue 33: when present, the project's members become exactly these growers and field workers of its client. */
  user_ids: ids('Users').optional(),
  version,
});
