import { queryOptions } from '@tanstack/react-query';
import { del, get, post, put } from './client';
import { ADMIN_KEY, queryCall, type CallOptions } from './query-keys';
import type { AdminUser } from '../domain/contracts/users';

// /api/admin/users (admin.md §7). Passwords are never returned; an edit
// without a password keeps the current one.
/** A user as the API sends it: the contract of src/domain/contracts/users.ts (no password field). */
export type { AdminUser } from '../domain/contracts/users';
export interface UserPayload {
  email: string;
  password?: string;
  first_name: string;
  last_name: string;
  client_id: number | null;
  role: 'user' | 'admin';
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
