/**
 * useTableData — loads a page's data on open, with reload, abort on unmount
 * and the error text; pair with DataTable's `loading` (delayed 300 ms there).
 *
 * Usage:
 *   const clients = useTableData((signal) => listClients(signal), t('errors.fetch'));
 *   clients.data / clients.loading / clients.error / clients.reload() / clients.clearError()
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface TableData<T> {
  data: T | undefined;
  loading: boolean;
  error: string | null;
  reload: () => Promise<void>;
  clearError: () => void;
}

export function useTableData<T>(load: (signal: AbortSignal) => Promise<T>, errorPrefix: string): TableData<T> {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const controller = useRef<AbortController | null>(null);
  const reload = useCallback(async () => {
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setLoading(true);
    try {
      const d = await loadRef.current(c.signal);
      if (c.signal.aborted) return;
      setData(d);
      setError(null);
    } catch (e) {
      if (!c.signal.aborted) setError(withReason(errorPrefix, e));
    } finally {
      if (!c.signal.aborted) setLoading(false);
    }
  }, [errorPrefix]);
  useEffect(() => {
    void reload();
    return () => controller.current?.abort();
  }, [reload]);
  return { data, loading, error, reload, clearError: () => setError(null) };
}

/** "Failed to create client: A client named … already exists" — the catalogue text plus the reason. */
export function withReason(prefix: string, e: unknown): string {
  const msg = e instanceof Error ? e.message : '';
  return msg && msg !== prefix ? `${prefix}: ${msg}` : prefix;
}

/** Short en-US date ("Nov 3, 2026") or N/A (admin.md §2). Date-only values are read as calendar days. */
export function formatShortDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const d = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return 'N/A';
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', ...(dateOnly ? { timeZone: 'UTC' } : {}) });
}
