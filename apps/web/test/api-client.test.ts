// apiRequest: JSON and binary bodies, the server's error body, and a network failure.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiError } from '../src/lib/api-client';
import { refusal } from './refusal';

type Sent = { url: string; init: RequestInit };

function stubFetch(reply: () => Response | Promise<Response>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return reply();
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends a JSON body as JSON and reads the JSON answer', async () => {
    const sent = stubFetch(() => Response.json({ ok: true }));
    expect(await apiRequest('/api/x', { method: 'POST', body: { a: 1 } })).toEqual({ ok: true });
    expect(sent[0]!.init.body).toBe('{"a":1}');
    expect(sent[0]!.init.headers).toEqual({ accept: 'application/json', 'content-type': 'application/json' });
    expect(sent[0]!.init.credentials).toBe('same-origin');
  });

  it('sends a file as it is, with its own content type', async () => {
    const sent = stubFetch(() => Response.json({ id: 'u1' }));
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await apiRequest('/api/users/u1/picture', { method: 'PUT', body: file });
    expect(sent[0]!.init.body).toBe(file);
    expect(sent[0]!.init.headers).toEqual({ accept: 'application/json', 'content-type': 'image/png' });
  });

  it('labels a file without a type as bytes', async () => {
    const sent = stubFetch(() => new Response(null, { status: 204 }));
    await apiRequest('/api/x', { method: 'PUT', body: new Blob([new Uint8Array([1])]) });
    expect((sent[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/octet-stream');
  });

  it("turns the server's error body into an ApiError with its status, code and params", async () => {
    const { status, body } = refusal('PICTURE_TOO_LARGE');
    stubFetch(() => Response.json(body, { status }));
    const error = await apiRequest('/api/x', { method: 'PUT', body: new Blob(['x'], { type: 'image/png' }) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'PICTURE_TOO_LARGE', params: {} });
  });

  it('keeps the params a text needs (the minutes to wait)', async () => {
    const { status, body } = refusal('RATE_LIMITED', { retryAfterSeconds: 90, minutes: 2 });
    stubFetch(() => Response.json(body, { status }));
    await expect(apiRequest('/api/auth/sign-in', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      params: { retryAfterSeconds: 90, minutes: 2 },
    });
  });

  it('answers a body with a code the contracts do not know as INTERNAL', async () => {
    stubFetch(() => Response.json({ error: { code: 'NOT_A_CODE', message: 'Whatever' } }, { status: 409 }));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 409, code: 'INTERNAL', params: {} });
  });

  it("answers an unreadable failure with the spec's 'internal server error'", async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 502, code: 'INTERNAL', message: 'internal server error' });
  });

  it('reports a network failure as NETWORK', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
