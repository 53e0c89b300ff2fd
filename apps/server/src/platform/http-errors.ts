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

export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable (its database cannot be reached). Please try again in a moment.';

const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const CONNECTION_ERROR_TEXT = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/** True when `error` (or one of its causes) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
    if (typeof message === 'string' && CONNECTION_ERROR_TEXT.test(message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/** Turns a failure into status + body. Unknown and 5xx errors never leak their details. */
export function toHttpError(error: unknown): { status: number; body: ErrorBody; internal: boolean } {
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: errorBody('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE), internal: true };
  }
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
    if (status === 503) request.log.warn({ code: body.error.code, reason: (error as Error).message }, 'request answered 503');
    else if (internal) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.error.code, message: body.error.message }, 'request refused');
    return reply.status(status).send(body);
  });
}
