import { del, get, post, put } from './client';

// /api/admin/clients (admin.md §7).
export interface AdminClient {
  client_id: number;
  name: string;
  created_at: string;
  updated_at: string;
  version: number;
  user_count: number;
  plot_count: number;
  project_count: number;
}
interface Msg {
  success: boolean;
  message: string;
}

export const listClients = async (signal?: AbortSignal) => (await get<Msg & { clients: AdminClient[] }>('/admin/clients', { signal })).clients;
export const getClient = async (id: number) => (await get<Msg & { client: AdminClient }>(`/admin/clients/${id}`)).client;
export const createClient = (body: { name: string }) => post<Msg & { client: AdminClient }>('/admin/clients', body);
export const updateClient = (id: number, body: { name: string; version?: number }) => put<Msg & { client: AdminClient }>(`/admin/clients/${id}`, body);
export const deleteClient = (id: number) => del<Msg>(`/admin/clients/${id}`);
