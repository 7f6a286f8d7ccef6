import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { errorBody } from '../../src/domain/contracts/common';
import type { ErrorCode, ErrorParams } from '../../src/domain/error-codes';
import { issueParams } from '../../src/domain/contracts/issues';
import { HttpError } from '../http-error';

/** Every error answer has the contract's shape (src/domain/contracts/common.ts errorBody) and a code of src/domain/error-codes.ts. */
const fail = (body: z.input<typeof errorBody> & { code: ErrorCode; params?: ErrorParams }) => body;

// One error contract for every route: { success: false, message, code, params?, errors? } (errorBody).
// Bad input is a 4xx whose message says what is wrong; anything unexpected is
// a 500 without stack or SQL; a lost database is a 503 the client can retry.
const DB_DOWN: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08006', '08001', '08003']);

export function isDatabaseDown(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return (
    (typeof err?.code === 'string' && DB_DOWN.has(err.code)) ||
    /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|PGlite is closed/i.test(err?.message ?? '')
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => {
        const params = (v.params ?? {}) as Record<string, unknown>;
        const issuePath = (params.issue as { path?: PropertyKey[] } | undefined)?.path;
        const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (issuePath ?? []).map(String).join('.');
        return { field, message: v.message ?? 'Invalid value', code: v.keyword, params: issueParams(params) };
      });
      const where = (error as FastifyError).validationContext ?? 'input';
      const first = errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ');
      return reply.status(400).send(fail({ success: false, code: 'invalid_input', params: { where }, message: `Invalid ${where}: ${first}`, errors }));
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      const status = error.statusCode;
      const code = error.code ?? (status >= 500 ? 'server_error' : 'bad_request');
      return reply.status(status).send(
        fail({
          success: false,
          message: error.message,
          code,
          ...(error.params ? { params: error.params } : {}),
          ...(error.errors ? { errors: error.errors } : {}),
          ...(error.current ? { current: error.current } : {}),
        }),
      );
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.status(status).send(fail({ success: false, ...clientError(error as FastifyError) }));
    }
    if (isDatabaseDown(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(fail({ success: false, code: 'database_unavailable', message: 'The database is unavailable. Please try again shortly.' }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail({ success: false, code: 'server_error', message: 'An unexpected error occurred. Please try again.' }));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    reply
      .status(404)
      .send(fail({ success: false, code: 'route_not_found', params: { method: request.method, path }, message: `Route ${request.method} ${path} not found` }));
  });
}

/** Fastify's own refusals (body parsing, content types), with their codes. */
function clientError(e: FastifyError): { code: ErrorCode; message: string; params?: ErrorParams } {
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'body_too_large', message: 'Request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'unsupported_media_type', message: 'Unsupported content type: send application/json' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'empty_json_body', message: 'Request body is empty but JSON was declared' };
    default:
      if (e instanceof SyntaxError || e.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
        return { code: 'malformed_json', message: `Malformed JSON body: ${e.message}`, params: { detail: e.message } };
      return { code: 'bad_request', message: e.message, params: { detail: e.message } };
  }
}
