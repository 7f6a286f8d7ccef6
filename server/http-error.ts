/** An error whose message is safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { field: string; message: string }[],
    readonly headers?: Record<string, string>,
    /** A stable code (snake_case) beside the English message: clients translate it (src/i18n errors.codes). */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`, undefined, undefined, 'not_found');
export const conflict = (message: string) => new HttpError(409, message);
export const forbidden = () => new HttpError(403, 'Admin access required', undefined, undefined, 'admin_required');
