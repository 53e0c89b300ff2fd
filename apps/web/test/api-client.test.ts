// apiRequest: JSON and binary bodies, the server's error body, and a network failure.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiError } from '../src/lib/api-client';

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

  it("turns the server's error body into an ApiError with its status, code and message", async () => {
    stubFetch(() => Response.json({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The picture is larger than 5 MB' } }, { status: 413 }));
    const error = await apiRequest('/api/x', { method: 'PUT', body: new Blob(['x'], { type: 'image/png' }) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The picture is larger than 5 MB' });
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
