import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchClientData, fetchEditorClients, fetchEditorOptions, type ClientData, type ClientSummary, type Options } from '../../../api/admin-data';
import type { ApiError } from '../../../api/errors';

// Data editor state (admin.md §4): clients (15 s timeout), the selected
// client's data, a clearable error, and the stuck-loading reset after 10 s.

export const STUCK_LOADING_MS = 10_000;

/** What useEditorData gives the page and its hooks. */
export type EditorState = ReturnType<typeof useEditorData>;

export function useEditorData() {
  const { t } = useTranslation('admin.data-editor');
  const [clients, setClients] = useState<ClientSummary[]>([]);
  const [clientsLoading, setClientsLoading] = useState(true);
  const [clientsError, setClientsError] = useState<string | null>(null);
  const [clientId, setClientId] = useState<number | null>(null);
  const [data, setData] = useState<ClientData | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [options, setOptions] = useState<Options>({ crops: [], breeds: [] });
  const dataAbort = useRef<AbortController | null>(null);
  // What the editor holds: a reload of the same client fetches only the trees changed since.
  const held = useRef<ClientData | null>(null);
  useLayoutEffect(() => {
    held.current = data;
  });

  // The client list: first on open (the state starts as loading), again on Retry (loadClients).
  const settleClients = useCallback(
    (list: Promise<ClientSummary[]>) =>
      list
        .then(
          (clients) => {
            setClients(clients);
            fetchEditorOptions().then(setOptions, () => undefined);
          },
          (e: unknown) => {
            const err = e as ApiError;
            setClientsError(err.code === 'timeout' ? t('errors.timeout') : t('errors.fetchClients', { message: err.message }));
          },
        )
        .finally(() => setClientsLoading(false)),
    [t],
  );
  const loadClients = useCallback(async () => {
    setClientsLoading(true);
    setClientsError(null);
    await settleClients(fetchEditorClients());
  }, [settleClients]);

  useEffect(() => {
    void settleClients(fetchEditorClients());
  }, [settleClients]);

  const load = useCallback(
    async (id: number | null) => {
      dataAbort.current?.abort();
      if (id === null) {
        setData(null);
        setLoading(false);
        return;
      }
      const ctrl = new AbortController();
      dataAbort.current = ctrl;
      setLoading(true);
      try {
        const d = await fetchClientData(id, ctrl.signal, held.current);
        if (!ctrl.signal.aborted) {
          setData(d);
          setError(null);
        }
      } catch (e) {
        if (!ctrl.signal.aborted) setError(`${t('errors.fetchData')}: ${(e as Error).message}`);
      } finally {
        if (dataAbort.current === ctrl) setLoading(false);
      }
    },
    [t],
  );

  const selectClient = useCallback(
    (id: number | null) => {
      setClientId(id);
      if (id === null) setData(null);
      void load(id);
    },
    [load],
  );

  const reload = useCallback(() => load(clientId), [load, clientId]);

  // Stuck loading is force-cleared after 10 s.
  const anyLoading = clientsLoading || loading;
  useEffect(() => {
    if (!anyLoading) return;
    const timer = setTimeout(() => {
      setClientsLoading(false);
      setLoading(false);
      if (clients.length === 0) setError(t('errors.loadingTimeout'));
    }, STUCK_LOADING_MS);
    return () => clearTimeout(timer);
  }, [anyLoading, clients.length, t]);

  const clearLoading = () => {
    setClientsLoading(false);
    setLoading(false);
    setError(t('errors.loadingCleared'));
  };

  return { clients, clientsLoading, clientsError, loadClients, clientId, selectClient, data, setData, loading, error, setError, reload, options, clearLoading };
}
