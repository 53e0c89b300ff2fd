// Minimal client for our own API: same-origin, cookies included, errors as ApiError carrying
// the server's `{ error: { code, message, params } }`. JSON bodies are sent as JSON; a Blob or File
// (an uploaded image) is sent as it is, with its own content type.
import { errorBodySchema, errorMessage, type ErrorCode, type ErrorParams } from '@ipsv/contracts/errors';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** A domain code of the contracts, or NETWORK when the server could not be reached. */
    readonly code: ErrorCode | 'NETWORK',
    /** The server's English text: for logs and tests; screens translate `code` (useErrorText). */
    message: string,
    readonly params: ErrorParams = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The error a failed answer's body names; null when the body is not the contracts' error body. */
export function apiErrorOf(status: number, payload: unknown): ApiError | null {
  const parsed = errorBodySchema.safeParse(payload);
  if (!parsed.success) return null;
  const { code, message, params } = parsed.data.error;
  return new ApiError(status, code, message, params);
}

export interface ApiRequestInit {
  method?: string;
  /** A Blob or File goes out as raw bytes; anything else (but undefined) as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  keepalive?: boolean;
  /** Extra request headers (the chat widget's anonymous visitor id). */
  headers?: Record<string, string>;
}

function encode(body: unknown): { headers: Record<string, string>; body: BodyInit | undefined } {
  const accept = { accept: 'application/json' };
  if (body === undefined) return { headers: accept, body: undefined };
  if (body instanceof Blob) return { headers: { ...accept, 'content-type': body.type || 'application/octet-stream' }, body };
  return { headers: { ...accept, 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

export async function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { headers, body } = encode(init.body);
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: { ...headers, ...init.headers },
      body,
      signal: init.signal,
      keepalive: init.keepalive,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', (error as Error).message);
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorOf(response.status, payload) ?? new ApiError(response.status, 'INTERNAL', errorMessage('INTERNAL'));
  return payload as T;
}
