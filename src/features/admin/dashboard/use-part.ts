import { useCallback, useEffect, useState } from 'react';

/** One dashboard source: loads on its own, fails on its own, retries on its own. */
export interface Part<T> {
  data: T | null;
  loading: boolean;
  failed: boolean;
  reload: () => void;
}

export function usePart<T>(load: () => Promise<T>): Part<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    setFailed(false);
    load()
      .then(
        (v) => live && setData(v),
        () => live && setFailed(true),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` is a module-level call; `round` re-runs it
  }, [round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data, loading, failed, reload };
}
