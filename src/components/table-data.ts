/**
 * useTableData — a page's list through useQuery (the shared cache of
 * src/api/query-client.ts), as the admin pages read it: the data, the loading
 * flag (pair with DataTable's `loading`, delayed 300 ms there), the error text
 * (the catalogue prefix plus the reason), reload (refetch) and a dismissible error.
 *
 * Usage:
 *   const clients = useTableData(clientsQuery(), t('errors.fetch'));
 *   clients.data / clients.loading / clients.error / clients.reload() / clients.clearError()
 */
import { useState } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { errorText } from '../api/error-text';
import i18n from '../i18n';

export interface TableData<T> {
  data: T | undefined;
  loading: boolean;
  error: string | null;
  reload: () => Promise<void>;
  clearError: () => void;
}

export function useTableData<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, Error, TData, TQueryKey>,
  errorPrefix: string,
): TableData<TData> {
  const query = useQuery(options);
  // A dismissed error stays hidden until the query fails again (a later errorUpdatedAt).
  const [dismissedAt, setDismissedAt] = useState(0);
  const { error, errorUpdatedAt, refetch } = query;
  return {
    data: query.data,
    loading: query.isFetching,
    error: error && errorUpdatedAt > dismissedAt ? withReason(errorPrefix, error) : null,
    reload: async () => {
      await refetch();
    },
    clearError: () => setDismissedAt(errorUpdatedAt),
  };
}

/** "Failed to create client: A client named … already exists" — the catalogue text plus the reason, in the UI's language (errorText). */
export function withReason(prefix: string, e: unknown): string {
  const msg = e instanceof Error ? errorText(e, i18n.t.bind(i18n)) : '';
  return msg && msg !== prefix ? `${prefix}: ${msg}` : prefix;
}

export { formatCount, formatShortDate, formatTime } from '../domain/table-format';
