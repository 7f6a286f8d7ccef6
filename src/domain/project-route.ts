import { routeDate } from './projects';

/** Navigation state the project map view reads (client.md §2 Home, project card View). */
export interface ProjectViewState {
  projectId: string;
  observationDate: string;
  projectName: string;
}

/** `/view/{projectId}/{YYYY-MM-DD}` and its navigation state, as home's View button builds them. */
export function projectViewTarget(projectId: string | number, observationDate: string, projectName: string): { path: string; state: ProjectViewState } {
  const id = String(projectId);
  const day = routeDate(observationDate);
  return { path: `/view/${encodeURIComponent(id)}/${encodeURIComponent(day)}`, state: { projectId: id, observationDate: day, projectName } };
}
