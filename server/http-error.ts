import type { ErrorCode, ErrorEntity, ErrorParams } from '../src/domain/error-codes';

/** One entry of an error's list (a form field, a file line, a feature): what is wrong there, optionally as a code the app words. */
export interface ErrorItem {
  field: string;
  message: string;
  code?: string;
  params?: ErrorParams;
}

/** An error whose message is safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: ErrorItem[],
    readonly headers?: Record<string, string>,
    /** A stable code (snake_case) beside the English message: clients translate it (src/domain/error-codes.ts, common:errors.codes). */
    readonly code?: ErrorCode,
    /** The variable parts of the message (names, counts, limits), so a client can word it in its language. */
    readonly params?: ErrorParams,
    /** The resource as it stands, when a write conflicts with a newer version (issue 36: a task's 409/412). */
    readonly current?: Record<string, unknown>,
  ) {
    super(message);
  }
}

const ENTITY_TEXT: Record<ErrorEntity, string> = {
  client: 'Client',
  user: 'User',
  project: 'Project',
  plot: 'Plot',
  irrigation_area: 'Irrigation area',
  tree: 'Tree',
  crop_type: 'Crop type',
  crop_option: 'Crop option',
  session: 'Session',
  orthophoto: 'Aerial photo',
  scouting_issue: 'Scouting issue',
  record: 'Record',
  photo: 'Photo',
  task: 'Task',
  breed: 'Breed',
  irrigation_type: 'Irrigation type',
  survey_type: 'Survey type',
  disease_type: 'Disease type',
  tree_status_type: 'Tree status type',
  country: 'Country',
  resource: 'Resource',
};
/** "Client", "Irrigation area": the English name of an error entity. */
export const entityText = (e: ErrorEntity) => ENTITY_TEXT[e];

/** 404 "<Entity> [id] not found". */
export const notFound = (entity: ErrorEntity = 'resource', id?: number) =>
  new HttpError(404, `${ENTITY_TEXT[entity]}${id === undefined ? '' : ` ${id}`} not found`, undefined, undefined, 'not_found', {
    entity,
    ...(id === undefined ? {} : { id }),
  });
export const forbidden = () => new HttpError(403, 'Admin access required', undefined, undefined, 'admin_required');
