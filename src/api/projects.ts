import { queryOptions } from '@tanstack/react-query';
import { ApiError } from './errors';
import { get, type RequestOptions } from './client';
import { PROJECTS_KEY, queryCall } from './query-keys';
import type { ProjectSummary, ProjectTrend } from '../domain/projects';
import type { UserProject } from '../domain/contracts/projects';

export type { ProjectSummary, ProjectTrend };

/** One project of GET /api/projects/user (client.md §3, §7) as our server sends it: src/domain/contracts/projects.ts. */
export type { UserProject } from '../domain/contracts/projects';

export const FETCH_PROJECTS_FAILED = 'Failed to fetch user projects';

/**
 * The signed-in user's projects. Failures keep their cause (`code`, status)
 * but carry the spec's message 'Failed to fetch user projects' (§8); an
 * expired session is passed on unchanged so the logout flow runs.
 */
export async function fetchUserProjects(opts?: Pick<RequestOptions, 'signal' | 'timeoutMs' | 'retries'>): Promise<UserProject[]> {
  let data: unknown;
  try {
    data = await get<unknown>('/projects/user', opts);
  } catch (e) {
    if (e instanceof ApiError && e.code === 'sessionExpired') throw e;
    if (opts?.signal?.aborted) throw e;
    const cause = e instanceof ApiError ? e : null;
    throw new ApiError(FETCH_PROJECTS_FAILED, cause?.code ?? 'generic', cause?.status ?? 0, cause?.details ?? [], cause?.serverMessage);
  }
  if (!Array.isArray(data)) throw new ApiError(FETCH_PROJECTS_FAILED, 'invalidJson');
  return data as UserProject[];
}

/** GET /api/projects/user as one query: home and orders share it (client.md §4). */
export const userProjectsQuery = () => queryOptions({ queryKey: [...PROJECTS_KEY, 'user'], queryFn: (ctx) => fetchUserProjects(queryCall(ctx)) });
