import { useQuery } from '@tanstack/react-query';
import { userProjectsQuery, type UserProject } from '../../api/projects';
import { ApiError } from '../../api/errors';

export type LoadState = { status: 'loading' } | { status: 'error'; error: ApiError | Error } | { status: 'loaded'; projects: UserProject[] };

/**
 * The home load state of client.md §4: loading → loaded | error; reload() starts over.
 * The list is the shared GET /api/projects/user query (the orders screen reads the same one).
 * A list already on screen stays when a later refetch fails; Retry shows the loading state again.
 */
export function useUserProjects(): LoadState & { reload: () => void } {
  const { data, error, isFetching, refetch } = useQuery(userProjectsQuery());
  const reload = () => void refetch();
  if (data !== undefined) return { status: 'loaded', projects: data, reload };
  if (error && !isFetching) return { status: 'error', error, reload };
  return { status: 'loading', reload };
}
