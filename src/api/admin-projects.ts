import { del, get, post, put } from './client';
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
}
type Msg = { success: true; message: string };

export const listProjects = async (signal?: AbortSignal) => (await get<Msg & { projects: AdminProject[] }>('/admin/projects', { signal })).projects;
export const projectStatistics = async (signal?: AbortSignal) =>
  (await get<Msg & { statistics: ProjectStatistics }>('/admin/projects/statistics', { signal })).statistics;
export const getProject = async (id: number) => (await get<Msg & { project: AdminProject }>(`/admin/projects/${id}`)).project;
export const plotsByClient = async (clientId: number, signal?: AbortSignal) =>
  (await get<Msg & { plots: AdminPlot[] }>(`/admin/projects/plots/by-client?clientId=${clientId}`, { signal })).plots;
export const createProject = (body: CreateProjectPayload) => post<Msg & { project: AdminProject }>('/admin/projects', body);
export const updateProject = (id: number, body: UpdateProjectPayload) => put<Msg & { project: AdminProject }>(`/admin/projects/${id}`, body);
export const deleteProject = (id: number) => del<Msg>(`/admin/projects/${id}`);
