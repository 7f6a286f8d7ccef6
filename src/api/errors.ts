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

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: ApiErrorCode,
    readonly status = 0,
    readonly details: FieldError[] = [],
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
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

export const timeoutMessage = (ms: number) =>
  `Request timed out after ${ms}ms. The server is taking too long to respond.`;

/** Maps a non-OK HTTP status (and the server's message) to an ApiError. */
export function errorForStatus(status: number, statusText: string, body: unknown): ApiError {
  const b = (body ?? {}) as { message?: unknown; errors?: unknown };
  const serverMessage = typeof b.message === 'string' ? b.message : undefined;
  const details = Array.isArray(b.errors) ? (b.errors as FieldError[]) : [];
  switch (status) {
    case 401:
      return new ApiError(MESSAGES.sessionExpired, 'sessionExpired', status, details, serverMessage);
    case 403:
      return new ApiError(serverMessage ?? MESSAGES.forbidden, 'forbidden', status, details, serverMessage);
    case 404:
      return new ApiError(serverMessage ?? MESSAGES.notFound, 'notFound', status, details, serverMessage);
    case 400:
    case 422:
      return new ApiError(serverMessage ?? MESSAGES.validation, 'validation', status, details, serverMessage);
    case 409:
      return new ApiError(serverMessage ?? `HTTP ${status}: ${statusText}`, 'conflict', status, details, serverMessage);
    case 429:
      return new ApiError(serverMessage ?? `HTTP ${status}: ${statusText}`, 'tooMany', status, details, serverMessage);
    case 500:
    case 502:
    case 503:
    case 504:
      return new ApiError(MESSAGES.server, 'server', status, details, serverMessage);
    default:
      return new ApiError(serverMessage ?? `HTTP ${status}: ${statusText}`, 'generic', status, details, serverMessage);
  }
}
