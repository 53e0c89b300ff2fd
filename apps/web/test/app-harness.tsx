// The whole app (router, guard, layouts, pages) in jsdom against a fake API: each test answers
// the calls it cares about; anything else is a 404 in the server's error shape.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { SessionUser } from '@ipsv/contracts/session';
import { SURGERY_TYPE_SEED } from '@ipsv/contracts/surgery-types';
import { createRoutes } from '../src/app/router';
import { ConsentProvider } from '../src/features/consent/consent-context';
import { refusal } from './refusal';

export const signedInUser: SessionUser = {
  id: 'u1',
  email: 'surgeon@example.org',
  emailVerified: true,
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'viewer',
  termsAccepted: true,
  twoFactorEnabled: false,
  pictureUrl: null,
};

export type FakeAnswer = { status: number; body: unknown };
/** Answers by "METHOD /path" (query string included), then by "/path" for GET. */
export type FakeApi = Record<string, FakeAnswer | ((body: unknown) => FakeAnswer)>;

export const json = (body: unknown): FakeAnswer => ({ status: 200, body });

/** Stubs fetch with the session, the surgery types and `routes`; returns the calls made. */
export function stubApi(sessionUser: SessionUser | null, routes: FakeApi = {}) {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      calls.push({ method, url });
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const route = routes[`${method} ${url}`] ?? (method === 'GET' ? routes[url] : undefined);
      const answer =
        url === '/api/session'
          ? json({ user: sessionUser })
          : url === '/api/surgery-types'
            ? json({ surgeryTypes: SURGERY_TYPE_SEED })
            : route
              ? typeof route === 'function'
                ? route(body)
                : route
              : refusal('ENDPOINT_NOT_FOUND', { method, path: url });
      return answer.status === 204
        ? new Response(null, { status: 204 })
        : new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** Renders the app at `path` with consent already decided; returns the router (and its query client). */
export function renderApp(path: string) {
  window.localStorage.setItem('consent', JSON.stringify({ necessary: true, performance: false, advertising: false }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    // env="test" turns off Mantine's transitions, which never finish in jsdom.
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <ConsentProvider>
          <RouterProvider router={router} />
        </ConsentProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return Object.assign(router, { queryClient });
}
