// GET projects/{projectId} (name for the path bar) and the other surveys of the same plots.
import { queryOptions } from '@tanstack/react-query';
import { get } from './client';
import { PROJECTS_KEY, queryCall, type CallOptions } from './query-keys';
import type { ProjectDetail, RelatedSurvey } from '../domain/contracts/survey';

/** The answers as our server sends them: src/domain/contracts/survey.ts. */
export type { ProjectDetail, RelatedSurvey };

export function fetchProject(projectId: string, signal?: AbortSignal, opts?: Pick<CallOptions, 'retries'> & { timeoutMs?: number }): Promise<ProjectDetail> {
  return get<ProjectDetail>(`projects/${encodeURIComponent(projectId)}`, { ...opts, signal });
}

export function fetchRelatedSurveys(projectId: string, opts?: CallOptions): Promise<RelatedSurvey[]> {
  return get<RelatedSurvey[]>(`projects/${encodeURIComponent(projectId)}/surveys`, opts);
}

/** The other surveys of the project's plots (the map's surveys, previous data and compare panels share it). */
export const relatedSurveysQuery = (projectId: string) =>
  queryOptions({ queryKey: [...PROJECTS_KEY, 'related', projectId], queryFn: (ctx) => fetchRelatedSurveys(projectId, queryCall(ctx)) });
