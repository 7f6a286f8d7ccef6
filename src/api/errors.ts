// The error catalogue of client.md §8. `code` lets screens translate; the
// message is the spec's English text (or the server's own message for 4xx).

export type ApiErrorCode =
  | 'sessionExpired'
  | 'network'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'validation'
  | 'conflict'
  | 'tooMany'
  | 'server'
  | 'timeout'
  | 'invalidJson'
  | 'allFailed'
  | 'generic';

/** One entry of an error's list (a form field, a file line, a feature): the server's English, and a code the app words. */
export interface FieldError {
  field: string;
  message: string;
  code?: string;
  params?: Record<string, unknown>;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: ApiErrorCode,
    readonly status = 0,
    readonly details: FieldError[] = [],
    readonly serverMessage?: string,
    /** The server's stable code for this error (e.g. invalid_credentials): translated by errorText. */
    readonly serverCode?: string,
    /** The variable parts of the server's message (names, counts, limits), for errorText to word. */
    readonly serverParams: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Whether a failed call may succeed when tried again (the one rule for the fetcher's own retries and the query
 * cache's): no connection, a gateway or overload answer (502, 503, 504), a 408 or 429. Never another 4xx (the same
 * request gets the same answer; 401 also ends the session), a 500 (a fault, answered the same again), a client-side
 * timeout (it already waited 30–60 s), an unreadable answer or an error that is not the API's.
 */
export function isRetryableError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'network') return true;
  return [408, 429, 502, 503, 504].includes(error.status);
}

export const MESSAGES = {
  sessionExpired: 'Session expired. Please log in again.',
  network: 'Network error. Please check your connection.',
  unauthorized: 'You are not authorized to perform this action.',
  forbidden: 'Access denied.',
  notFound: 'The requested resource was not found.',
  validation: 'Please check your input and try again.',
  server: 'An unexpected error occurred. Please try again.',
  timeout: 'Request timed out. Please try again.',
  generic: 'Something went wrong. Please try again.',
  invalidJson: 'Invalid JSON response.',
} as const;

export const timeoutMessage = (ms: number) => `Request timed out after ${ms}ms. The server is taking too long to respond.`;

/**
 * Maps a non-OK HTTP status (and the server's message and code) to an ApiError.
 * client.md §8: 403 is "You are not authorized to perform this action."; a
 * status without a message of its own is "Something went wrong. Please try
 * again.", never a raw "HTTP 4xx: text".
 */
export function errorForStatus(status: number, _statusText: string, body: unknown): ApiError {
  const b = (body ?? {}) as { message?: unknown; errors?: unknown; code?: unknown; params?: unknown };
  const serverMessage = typeof b.message === 'string' ? b.message : undefined;
  const serverCode = typeof b.code === 'string' ? b.code : undefined;
  const details = Array.isArray(b.errors) ? (b.errors as FieldError[]) : [];
  const params = b.params && typeof b.params === 'object' ? (b.params as Record<string, unknown>) : {};
  const make = (message: string, code: ApiErrorCode) => new ApiError(message, code, status, details, serverMessage, serverCode, params);
  switch (status) {
    case 401:
      return make(MESSAGES.sessionExpired, 'sessionExpired');
    case 403:
      return make(MESSAGES.unauthorized, 'unauthorized');
    case 404:
      return make(serverMessage ?? MESSAGES.notFound, 'notFound');
    case 400:
    case 422:
      return make(serverMessage ?? MESSAGES.validation, 'validation');
    case 409:
      return make(serverMessage ?? MESSAGES.generic, 'conflict');
    case 429:
      return make(serverMessage ?? MESSAGES.generic, 'tooMany');
    case 500:
    case 502:
    case 503:
    case 504:
      return make(MESSAGES.server, 'server');
    default:
      return make(serverMessage ?? MESSAGES.generic, 'generic');
  }
}
