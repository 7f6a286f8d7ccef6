import { del, get, post, put } from './client';

// /api/admin/projects (admin.md §7).
export { PRODUCTS, type Product } from '../domain/products';

export interface ProjectPlotRef {
  plot_id: number;
  plot_name: string;
  plot_area: number | null;
}
export interface AdminProject {
  project_id: number;
  name: string;
  observation_date: string | null;
  created_at: string;
  version: number;
  client_id: number;
  client_name: string;
  products: string[];
  plot_ids: number[];
  user_ids: number[];
  plots: ProjectPlotRef[];
  plot_count: number;
  irrigation_area_count: number;
  tree_count: number;
  crop_types: string[];
}
export interface ProjectStatistics {
  total_projects: number;
  total_plots_in_projects: number;
  total_irrigation_areas: number;
  total_trees: number;
}
export interface AdminPlot {
  plot_id: number;
  plot_name: string;
  plot_area: number | null;
  client_id: number;
  client_name: string;
  crop_name: string | null;
  crop_type_name: string | null;
  irrigation_area_count: number;
}
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
}
interface Msg {
  success: boolean;
  message: string;
}

export const listProjects = async (signal?: AbortSignal) => (await get<Msg & { projects: AdminProject[] }>('/admin/projects', { signal })).projects;
export const projectStatistics = async (signal?: AbortSignal) =>
  (await get<Msg & { statistics: ProjectStatistics }>('/admin/projects/statistics', { signal })).statistics;
export const getProject = async (id: number) => (await get<Msg & { project: AdminProject }>(`/admin/projects/${id}`)).project;
export const plotsByClient = async (clientId: number, signal?: AbortSignal) =>
  (await get<Msg & { plots: AdminPlot[] }>(`/admin/projects/plots/by-client?clientId=${clientId}`, { signal })).plots;
export const createProject = (body: CreateProjectPayload) => post<Msg & { project: AdminProject }>('/admin/projects', body);
export const updateProject = (id: number, body: UpdateProjectPayload) => put<Msg & { project: AdminProject }>(`/admin/projects/${id}`, body);
export const deleteProject = (id: number) => del<Msg>(`/admin/projects/${id}`);
