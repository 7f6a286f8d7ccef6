import { queryOptions } from '@tanstack/react-query';
import { del, get, post, put } from './client';
import { ADMIN_KEY, queryCall, type CallOptions } from './query-keys';
import type { AdminClient } from '../domain/contracts/clients';

// /api/admin/clients (admin.md §7); answers: src/domain/contracts/clients.ts.
export type { AdminClient };
type Msg = { success: true; message: string };

export async function listClients(opts?: CallOptions): Promise<AdminClient[]> {
  const clients = (await get<Msg & { clients: AdminClient[] }>('/admin/clients', opts))?.clients;
  if (!Array.isArray(clients)) throw new Error('Invalid response format');
  return clients;
}
/** The client list: the clients table, the user form's and the reports' client choice, the dashboard's counts. */
export const clientsQuery = () => queryOptions({ queryKey: [...ADMIN_KEY, 'clients'], queryFn: (ctx) => listClients(queryCall(ctx)) });
export const getClient = async (id: number) => (await get<Msg & { client: AdminClient }>(`/admin/clients/${id}`)).client;
export const createClient = (body: { name: string }) => post<Msg & { client: AdminClient }>('/admin/clients', body);
export const updateClient = (id: number, body: { name: string; version?: number }) => put<Msg & { client: AdminClient }>(`/admin/clients/${id}`, body);
export const deleteClient = (id: number) => del<Msg>(`/admin/clients/${id}`);
