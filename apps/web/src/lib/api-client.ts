// Minimal client for our own API: same-origin, cookies included, errors as ApiError carrying
// the server's `{ error: { code, message } }`. JSON bodies are sent as JSON; a Blob or File (an
// uploaded image) is sent as it is, with its own content type.
import { errorBodySchema, INTERNAL_ERROR_MESSAGE, type ErrorCode } from '@ipsv/contracts/errors';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequestInit {
  method?: string;
  /** A Blob or File goes out as raw bytes; anything else (but undefined) as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  keepalive?: boolean;
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
      headers,
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
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(payload);
    if (parsed.success) throw new ApiError(response.status, parsed.data.error.code, parsed.data.error.message);
    throw new ApiError(response.status, 'INTERNAL', INTERNAL_ERROR_MESSAGE);
  }
  return payload as T;
}
