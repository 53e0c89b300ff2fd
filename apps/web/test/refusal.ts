// The server's refusals as the fake APIs of these tests answer them: the code's HTTP status and
// `{ error: { code, message, params } }`, exactly as the contracts build them.
import { ERRORS, errorMessage, type ErrorCode, type ErrorParams } from '@ipsv/contracts/errors';

export function refusal(code: ErrorCode, params: ErrorParams = {}): { status: number; body: unknown } {
  return { status: ERRORS[code].status, body: { error: { code, message: errorMessage(code, params), params } } };
}

/** A field the server refused: VALIDATION_ERROR with the field, its rule and the English detail. */
export const fieldRefusal = (field: string, rule: string, detail: string) => refusal('VALIDATION_ERROR', { field, rule, detail });

/** The server's answer to a path it does not serve, as a fetch Response. */
export function endpointNotFound(path: string, method = 'GET'): Response {
  const { status, body } = refusal('ENDPOINT_NOT_FOUND', { method, path });
  return Response.json(body, { status });
}
