import { del, get, post, put } from './client';
import type { AdminClient } from '../domain/contracts/clients';

// /api/admin/clients (admin.md §7); answers: src/domain/contracts/clients.ts.
export type { AdminClient };
type Msg = { success: true; message: string };

export const listClients = async (signal?: AbortSignal) => (await get<Msg & { clients: AdminClient[] }>('/admin/clients', { signal })).clients;
export const getClient = async (id: number) => (await get<Msg & { client: AdminClient }>(`/admin/clients/${id}`)).client;
export const createClient = (body: { name: string }) => post<Msg & { client: AdminClient }>('/admin/clients', body);
export const updateClient = (id: number, body: { name: string; version?: number }) => put<Msg & { client: AdminClient }>(`/admin/clients/${id}`, body);
export const deleteClient = (id: number) => del<Msg>(`/admin/clients/${id}`);
