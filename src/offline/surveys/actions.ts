// What the grower does with kept surveys (issue 35, README "Surveys on this device"): "Keep offline" for a
// survey (downloaded first when it is not on the device yet) or for all surveys of the farm, "Remove", and the
// full-resolution photo of one plot (issue 37).
import { queryClient } from '../../api/query-client';
import { userProjectsQuery } from '../../api/projects';
import { orthophotoQuery } from '../../api/orthophoto';
import { getSession } from '../../api/session';
import { device } from './device';
import { downloadSurvey } from './keep-from-server';
import { keepPhoto, type KeepPhotoResult, type PlotChoice } from './photo-tiles';
import { keptFor } from './survey-start';

export type KeepResult = 'kept' | 'noRoom';

/** "Keep offline" on or off for one survey. */
export async function keepOffline(projectId: number, on: boolean): Promise<KeepResult> {
  if (on && !(await keptFor(projectId)) && !(await downloadSurvey(projectId))) return 'noRoom';
  await device().pin(projectId, on);
  return 'kept';
}

/** "Keep offline" for every survey of the user's farm: pins them, and downloads those with results not kept yet. */
export async function keepFarmOffline(on: boolean): Promise<KeepResult> {
  const user = getSession()?.user;
  if (!user || user.client_id === null) return 'kept';
  await device().pinFarm(user.user_id, user.client_id, on);
  return on ? downloadFarm() : 'kept';
}

/** The farm's surveys with results that are not on the device yet, downloaded one at a time. */
export async function downloadFarm(): Promise<KeepResult> {
  const user = getSession()?.user;
  if (!user) return 'kept';
  const list = await queryClient.fetchQuery(userProjectsQuery());
  for (const p of list) {
    if (!p.has_results || (await keptFor(p.project_id))) continue;
    if (!(await downloadSurvey(p.project_id))) return 'noRoom';
  }
  return 'kept';
}

export const removeFromDevice = (projectId: number) => device().remove(projectId);

/** Keeps the photo of one plot at full resolution (null: back to the photo as the budget allows). */
export async function keepPlotPhoto(projectId: number, plot: PlotChoice | null): Promise<KeepPhotoResult> {
  const status = await queryClient.fetchQuery(orthophotoQuery(projectId));
  return keepPhoto(projectId, status, plot);
}
