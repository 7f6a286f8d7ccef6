import { HttpError } from '../http-error';
import { mayDo, type SurveyAction } from '../../src/domain/roles';
import type { AuthUser } from '../plugins/auth';

const WHAT: Record<SurveyAction, string> = { export: 'export survey data', report: 'print survey reports', prescription: 'make prescriptions' };

/**
 * 403 when the caller's role may not do this to a survey it may open (src/domain/roles.ts). Called after the
 * survey's access check, so a survey the caller is not a member of stays a 404.
 */
export function assertMayDo(user: AuthUser, action: SurveyAction): void {
  if (!mayDo(user.role, action)) throw new HttpError(403, `Field workers cannot ${WHAT[action]}`, undefined, undefined, 'worker_not_allowed');
}
