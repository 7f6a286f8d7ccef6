import { queryOptions } from '@tanstack/react-query';
import { del, get, post, put } from './client';
import { ADMIN_KEY, queryCall, type CallOptions } from './query-keys';
import type { AdminUser, UserProject } from '../domain/contracts/users';
import type { Role } from '../domain/roles';

// /api/admin/users (admin.md §7). Passwords are never returned; an edit
// without a password keeps the current one.
/** A user as the API sends it: the contract of src/domain/contracts/users.ts (no password field). */
export type { AdminUser, UserProject } from '../domain/contracts/users';
export interface UserPayload {
  email: string;
  password?: string;
  first_name: string;
  last_name: string;
  client_id: number | null;
  role: Role;
  disabled?: boolean;
  version?: number;
}
interface Msg {
  success: boolean;
  message: string;
}

export async function listUsers(opts?: CallOptions): Promise<AdminUser[]> {
  const r = await get<Msg & { users?: AdminUser[]; data?: { users?: AdminUser[] } }>('/admin/users', opts);
  const users = r?.data?.users ?? r?.users;
  if (!Array.isArray(users)) throw new Error('Invalid response format');
  return users;
}
/** The user list: the users table, the project forms' users, the dashboard's count. */
export const usersQuery = () => queryOptions({ queryKey: [...ADMIN_KEY, 'users'], queryFn: (ctx) => listUsers(queryCall(ctx)) });
export const createUser = (body: UserPayload) => post<Msg & { user: AdminUser }>('/admin/users', body);
export const updateUser = (id: number, body: UserPayload) => put<Msg & { user: AdminUser }>(`/admin/users/${id}`, body);
export const deleteUser = (id: number) => del<Msg>(`/admin/users/${id}`);

// A user's access (issue 33): their projects, "all surveys of this client", password reset, sessions, failed sign-ins.
type Projects = Msg & { projects: UserProject[]; added: number; removed: number };
export const userProjectsQuery = (id: number) =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'users', id, 'projects'], queryFn: (ctx) => get<Projects>(`/admin/users/${id}/projects`, queryCall(ctx)) });
export const setUserProjects = (id: number, projectIds: number[]) => put<Projects>(`/admin/users/${id}/projects`, { project_ids: projectIds });
export const giveAllSurveys = (id: number) => post<Projects>(`/admin/users/${id}/projects/all`);
export const resetPassword = (id: number) => post<Msg & { temporary_password: string; ended_sessions: number }>(`/admin/users/${id}/password-reset`);
export const endUserSessions = (id: number) => del<Msg & { ended: number }>(`/admin/users/${id}/sessions`);
export const clearFailedSignIns = (id: number) => del<Msg & { user: AdminUser }>(`/admin/users/${id}/failed-sign-ins`);
