// GET projects/{projectId} (name for the path bar) and the other surveys of the same plots.
import { get } from './client';
import type { ProjectDetail, RelatedSurvey } from '../domain/contracts/survey';

/** The answers as our server sends them: src/domain/contracts/survey.ts. */
export type { ProjectDetail, RelatedSurvey };

export function fetchProject(projectId: string, signal?: AbortSignal): Promise<ProjectDetail> {
  return get<ProjectDetail>(`projects/${encodeURIComponent(projectId)}`, { signal });
}

export function fetchRelatedSurveys(projectId: string, signal?: AbortSignal): Promise<RelatedSurvey[]> {
  return get<RelatedSurvey[]>(`projects/${encodeURIComponent(projectId)}/surveys`, { signal });
}
