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

/** The survey id of a `/view/{projectId}/{date}` address (the one above), or null: another page, or not decodable. */
export function projectIdOfPath(pathname: string): string | null {
  const m = /^\/view\/([^/]+)\/[^/]+\/?$/.exec(pathname);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}
