import { queryOptions } from '@tanstack/react-query';
import { del, get, post, put } from './client';
import { ADMIN_KEY, queryCall, type CallOptions } from './query-keys';
import type { AdminPlot, AdminProject, ProjectPlotRef, ProjectStatistics } from '../domain/contracts/admin-projects';

// /api/admin/projects (admin.md §7); answers: src/domain/contracts/admin-projects.ts.
export { PRODUCTS, type Product } from '../domain/products';

export type { AdminPlot, AdminProject, ProjectPlotRef, ProjectStatistics };
export interface CreateProjectPayload {
  name: string;
  observation_date: string;
  user_ids: number[];
  products: string[];
  plot_ids: number[];
}
export interface UpdateProjectPayload {
  name: string;
  observation_date: string;
  plot_ids: number[];
  version?: number;
  /** Issue 33: when given, the members become exactly these growers and field workers of the project's client. */
  user_ids?: number[];
}
type Msg = { success: true; message: string };

export const listProjects = async (opts?: CallOptions) => (await get<Msg & { projects: AdminProject[] }>('/admin/projects', opts)).projects;
export const projectStatistics = async (opts?: CallOptions) =>
  (await get<Msg & { statistics: ProjectStatistics }>('/admin/projects/statistics', opts)).statistics;
export const getProject = async (id: number) => (await get<Msg & { project: AdminProject }>(`/admin/projects/${id}`)).project;
export const plotsByClient = async (clientId: number, opts?: CallOptions) =>
  (await get<Msg & { plots: AdminPlot[] }>(`/admin/projects/plots/by-client?clientId=${clientId}`, opts)).plots;

const ADMIN_PROJECTS_KEY = [...ADMIN_KEY, 'projects'] as const;
/** The project list: the projects table, the dashboard's active count. */
export const projectsQuery = () => queryOptions({ queryKey: [...ADMIN_PROJECTS_KEY, 'list'], queryFn: (ctx) => listProjects(queryCall(ctx)) });
export const projectStatisticsQuery = () =>
  queryOptions({ queryKey: [...ADMIN_PROJECTS_KEY, 'statistics'], queryFn: (ctx) => projectStatistics(queryCall(ctx)) });
/** The plots of one client (the project forms). */
export const plotsByClientQuery = (clientId: number) =>
  queryOptions({ queryKey: [...ADMIN_PROJECTS_KEY, 'plots-by-client', clientId], queryFn: (ctx) => plotsByClient(clientId, queryCall(ctx)) });
export const createProject = (body: CreateProjectPayload) => post<Msg & { project: AdminProject }>('/admin/projects', body);
export const updateProject = (id: number, body: UpdateProjectPayload) => put<Msg & { project: AdminProject }>(`/admin/projects/${id}`, body);
export const deleteProject = (id: number) => del<Msg>(`/admin/projects/${id}`);
