// The one error class of the server. Services throw it with a domain code from
// packages/contracts/src/errors.ts and the params its text needs; the HTTP layer turns it into a
// status and `{ error: { code, message, params } }` in exactly one place (http/http-errors.ts).
import { errorMessage, type ErrorCode, type ErrorParams } from '@ipsv/contracts/errors';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: ErrorParams = {},
  ) {
    super(errorMessage(code, params));
    this.name = 'AppError';
  }
}

/** A validation refusal: `detail` is the rule's English text (a contracts message), `field` the path. */
export function validationError(detail: string, field = '', rule?: string): AppError {
  return new AppError('VALIDATION_ERROR', { detail, field, ...(rule ? { rule } : {}) });
}
