// What every file of a survey starts from (exports, prescriptions, the report):
// the survey the caller may open, the one to compare with, and the download name.
import { create as contentDisposition } from 'content-disposition';
import { asciiFileName } from '../../src/domain/file-name';
import { isLaterSurvey } from '../../src/domain/survey-order';
import type { Db } from '../db/adapter';
import { HttpError } from '../http-error';
import type { AuthUser } from '../plugins/auth';
import { getMapData } from './map-data-cache';
import { findProject, type ProjectRow } from '../repos/project-access';

/**
 * The survey to compare with: one the caller may open (404 otherwise, like any
 * survey of theirs they may not see), of the same farm, not the survey itself.
 * "newer": it was flown after the exported one (the change runs earlier → later);
 * "date": its flight date, which the report names.
 */
async function comparedSurvey(db: Db, user: AuthUser, project: ProjectRow, compareId: number | undefined) {
  if (compareId === undefined) return undefined;
  if (compareId === project.project_id) throw new HttpError(400, 'compare must be another survey than this one', undefined, undefined, 'compare_same_survey');
  const other = await findProject(db, user, compareId);
  if (other.client_id !== project.client_id) throw new HttpError(400, 'compare must be a survey of the same farm', undefined, undefined, 'compare_other_farm');
  const data = await getMapData(db, other.project_id);
  const newer = isLaterSurvey(other.observation_date, project.observation_date);
  return { arrow: data.arrowFile, newer, date: other.observation_date };
}

/** The survey the caller may open, the one to compare with, its cached map data, and the date its files are named by. */
export async function openSurvey(db: Db, user: AuthUser, projectId: number, compareId: number | undefined) {
  const project = await findProject(db, user, projectId);
  const compare = await comparedSurvey(db, user, project, compareId);
  return { project, compare, date: project.observation_date ?? new Date().toISOString().slice(0, 10) };
}

/** `attachment; filename*=UTF-8''…` with an ASCII fallback for old clients. */
export const attachment = (name: string) => contentDisposition(name, { fallback: asciiFileName(name) });
