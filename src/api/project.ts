// GET projects/{projectId} (name for the path bar) and the other surveys of the same plots.
import { get } from './client';

export interface ProjectDetail {
  project_id: number;
  name: string;
  title?: string;
  observation_date: string | null;
  products: string[];
  plot_ids: number[];
}

export interface RelatedSurvey {
  project_id: number;
  name: string;
  observation_date: string | null;
  observation_count: number;
  shared_plots: string[];
}

export function fetchProject(projectId: string, signal?: AbortSignal): Promise<ProjectDetail> {
  return get<ProjectDetail>(`projects/${encodeURIComponent(projectId)}`, { signal });
}

export function fetchRelatedSurveys(projectId: string, signal?: AbortSignal): Promise<RelatedSurvey[]> {
  return get<RelatedSurvey[]>(`projects/${encodeURIComponent(projectId)}/surveys`, { signal });
}
