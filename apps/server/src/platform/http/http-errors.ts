// The single place where errors become HTTP answers: a status from the code's table entry and
// `{ error: { code, message, params } }`.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, errorMessage, rateLimitParams, type ErrorBody, type ErrorCode, type ErrorParams } from '@ipsv/contracts/errors';
import { validationParams } from '@ipsv/contracts/validation';
import { AppError } from '../app-error.js';

/** The body of a refusal: code, English text and the params a client translates with. */
export function errorBody(code: ErrorCode, params: ErrorParams = {}): ErrorBody {
  return { error: { code, message: errorMessage(code, params), params } };
}

export const DATABASE_UNAVAILABLE_MESSAGE = errorMessage('SERVICE_UNAVAILABLE');

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const CONNECTION_ERROR_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

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

/** Fastify's own refusals (before a route runs), by their status. */
const FRAMEWORK_CODES: Record<number, ErrorCode> = { 404: 'ENDPOINT_NOT_FOUND', 413: 'BODY_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' };

/** Turns a failure into status + body. Unknown and 5xx errors never leak their details. */
export function toHttpError(error: unknown): { status: number; body: ErrorBody; internal: boolean } {
  if (isDatabaseUnavailable(error)) return { status: 503, body: errorBody('SERVICE_UNAVAILABLE'), internal: true };
  if (error instanceof AppError) {
    const status = ERRORS[error.code].status;
    return { status, body: errorBody(error.code, error.params), internal: status >= 500 };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const path = first?.instancePath ? first.instancePath.replace(/^\//, '').split('/') : [];
    return { status: 400, body: errorBody('VALIDATION_ERROR', validationParams({ path, message: first?.message ?? 'is invalid' })), internal: false };
  }
  const status = (error as FastifyError | undefined)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = (error as FastifyError).code;
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return { status: 400, body: errorBody('BAD_JSON'), internal: false };
    const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
    if (status === 429) return { status, body: errorBody('RATE_LIMITED', rateLimitParams(retryAfter ?? 60)), internal: false };
    const mapped = FRAMEWORK_CODES[status];
    if (mapped) return { status, body: errorBody(mapped, { method: '', path: '' }), internal: false };
    return { status: 400, body: errorBody('VALIDATION_ERROR', { field: '', rule: 'invalid', detail: (error as Error).message }), internal: false };
  }
  return { status: 500, body: errorBody('INTERNAL'), internal: true };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, internal } = toHttpError(error);
    if (status === 503) request.log.warn({ code: body.error.code, reason: (error as Error).message }, 'request answered 503');
    else if (internal) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ code: body.error.code, message: body.error.message }, 'request refused');
    const retryAfter = body.error.params?.retryAfterSeconds;
    if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    return reply.status(status).send(body);
  });
}
