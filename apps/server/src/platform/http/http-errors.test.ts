import { describe, expect, it } from 'vitest';
import { ERRORS } from '@ipsv/contracts/errors';
import { AppError } from '../app-error';
import { toHttpError } from './http-errors';

describe('toHttpError', () => {
  it('maps every domain code to its status, English text and params', () => {
    expect(toHttpError(new AppError('NO_ACCESS'))).toEqual({
      status: 401,
      body: { error: { code: 'NO_ACCESS', message: 'you do not have access to this video', params: {} } },
      internal: false,
    });
    expect(toHttpError(new AppError('RATE_LIMITED', { retryAfterSeconds: 90, minutes: 2 })).body.error.message).toBe(
      'Too many attempts. Please wait 2 minute(s) and try again.',
    );
    for (const code of Object.keys(ERRORS) as (keyof typeof ERRORS)[]) {
      expect(toHttpError(new AppError(code)).status, code).toBe(ERRORS[code].status);
    }
  });

  it('never leaks the details of unexpected errors', () => {
    const result = toHttpError(new Error('connection to 10.0.0.5 failed: password authentication failed'));
    expect(result).toEqual({ status: 500, body: { error: { code: 'INTERNAL', message: 'internal server error', params: {} } }, internal: true });
  });

  it('names the framework’s own refusals by code', () => {
    expect(toHttpError(Object.assign(new Error('Request body is too large'), { statusCode: 413 }))).toMatchObject({
      status: 413,
      body: { error: { code: 'BODY_TOO_LARGE' } },
    });
    expect(toHttpError(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }))).toMatchObject({
      status: 415,
      body: { error: { code: 'UNSUPPORTED_MEDIA_TYPE' } },
    });
  });

  it('answers 503 when the database cannot be reached', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(toHttpError(new Error('Failed query', { cause: refused }))).toMatchObject({ status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE' } } });
  });
});
