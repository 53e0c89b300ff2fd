import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { toHttpError } from './http-errors';

describe('toHttpError', () => {
  it('maps each AppError code to its status and keeps the message', () => {
    expect(toHttpError(new AppError('UNAUTHORIZED', 'you do not have access to this video'))).toEqual({
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'you do not have access to this video' } },
      internal: false,
    });
    expect(toHttpError(new AppError('NOT_FOUND', 'No such video')).status).toBe(404);
    expect(toHttpError(new AppError('RATE_LIMITED', 'Too many attempts')).status).toBe(429);
  });

  it('never leaks the details of unexpected errors', () => {
    const result = toHttpError(new Error('connection to 10.0.0.5 failed: password authentication failed'));
    expect(result).toEqual({ status: 500, body: { error: { code: 'INTERNAL', message: 'internal server error' } }, internal: true });
  });

  it('keeps the message of client errors raised by the framework', () => {
    const error = Object.assign(new Error('Request body is too large'), { statusCode: 413 });
    expect(toHttpError(error)).toMatchObject({ status: 413, body: { error: { code: 'PAYLOAD_TOO_LARGE' } } });
  });
});
