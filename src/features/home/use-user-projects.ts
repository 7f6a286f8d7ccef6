import { useCallback, useEffect, useState } from 'react';
import { fetchUserProjects, type UserProject } from '../../api/projects';
import { ApiError } from '../../api/errors';

export type LoadState = { status: 'loading' } | { status: 'error'; error: ApiError | Error } | { status: 'loaded'; projects: UserProject[] };

/** The home load state of client.md §4: loading → loaded | error; reload() starts over. */
export function useUserProjects(): LoadState & { reload: () => void } {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchUserProjects({ signal: controller.signal }).then(
      (projects) => setState({ status: 'loaded', projects }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((a) => a + 1);
  }, []);
  return { ...state, reload };
}
