// The route guard: visitors reach only /login and /terms; the session comes from /api/session.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGuardLoader } from '../src/app/guard';

function answerSession(user: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ user }), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function navigate(path: string, queryClient = new QueryClient()) {
  const loader = createGuardLoader(queryClient);
  try {
    await loader({ request: new Request(`http://localhost${path}`), params: {}, context: undefined } as never);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('location') };
    throw thrown;
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('route guard', () => {
  it('sends a visitor who is not signed in to /login', async () => {
    answerSession(null);
    for (const path of ['/', '/watch-later', '/upload', '/video/123', '/analytics/security']) {
      expect(await navigate(path), path).toEqual({ status: 302, location: '/login' });
    }
  });

  it('lets a visitor open /login and /terms', async () => {
    answerSession(null);
    expect(await navigate('/login')).toBeNull();
    expect(await navigate('/terms')).toBeNull();
  });

  const user = { id: 'u1', email: 'a@b.co', emailVerified: true, firstName: 'A', lastName: 'B', role: 'viewer', twoFactorEnabled: false, pictureUrl: null };

  it('lets a signed-in user who accepted the terms go anywhere but /login', async () => {
    answerSession({ ...user, termsAccepted: true });
    expect(await navigate('/watch-later')).toBeNull();
    expect(await navigate('/terms')).toBeNull();
    expect(await navigate('/login')).toEqual({ status: 302, location: '/' });
  });

  it('sends a user who has not accepted the current terms to /terms', async () => {
    answerSession({ ...user, termsAccepted: false });
    for (const path of ['/', '/upload', '/analytics/security/']) {
      expect(await navigate(path), path).toEqual({ status: 302, location: '/terms' });
    }
    expect(await navigate('/terms')).toBeNull();
  });

  it('asks the server once and reuses the answer for the next navigations', async () => {
    const fetchMock = answerSession(null);
    const queryClient = new QueryClient();
    await navigate('/login', queryClient);
    await navigate('/terms', queryClient);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe('/api/session');
  });
});
