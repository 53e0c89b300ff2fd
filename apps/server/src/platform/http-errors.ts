// The single place where errors become HTTP answers: `{ error: { code, message } }`.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { INTERNAL_ERROR_MESSAGE, type ErrorBody, type ErrorCode } from '@ipsv/contracts/errors';
import { AppError, HTTP_STATUS_BY_CODE } from './app-error.js';

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'SERVICE_UNAVAILABLE';
  if (status >= 500) return 'INTERNAL';
  return 'VALIDATION_ERROR';
}

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { error: { code, message } };
}

/** Turns a failure into status + body. Unknown and 5xx errors never leak their details. */
export function toHttpError(error: unknown): { status: number; body: ErrorBody; internal: boolean } {
  if (error instanceof AppError) {
    const status = HTTP_STATUS_BY_CODE[error.code];
    return { status, body: errorBody(error.code, error.message), internal: status >= 500 };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
    const message = first ? `${field ? `${field}: ` : ''}${first.message ?? 'is invalid'}` : 'Invalid request';
    return { status: 400, body: errorBody('VALIDATION_ERROR', message), internal: false };
  }
  const status = (error as FastifyError | undefined)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      status,
      body: errorBody(codeForStatus(status), (error as Error).message),
      internal: false,
    };
  }
  return { status: 500, body: errorBody('INTERNAL', INTERNAL_ERROR_MESSAGE), internal: true };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, internal } = toHttpError(error);
    if (internal) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.error.code, message: body.error.message }, 'request refused');
    return reply.status(status).send(body);
  });
}
