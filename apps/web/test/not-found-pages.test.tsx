// /edit-pii/1 and the like: an address that cannot name a video, or names one the server does not
// know, shows the not-found page instead of an error text ('Invalid UUID').
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { renderApp, signedInUser, stubApi } from './app-harness';
import { fieldRefusal, refusal } from './refusal';
import { initTestI18n } from './render';

const provider = { ...signedInUser, role: 'provider' as const };
const UNKNOWN = '0d6c4a9e-3f0b-4a8e-9b8e-1c2d3e4f5a6b';

async function expectNotFoundPage() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  expect(document.querySelector('[data-layout="404"]')).not.toBeNull();
  expect(screen.queryByText(/Invalid UUID/)).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
}

beforeAll(() => initTestI18n());
afterEach(() => vi.unstubAllGlobals());

describe('a page about a video that does not exist', () => {
  it.each(['/edit-pii/1', '/edit-video/not-a-video', '/edit-segments/12345', '/edit-pii/5b0c2f52-8f4e-4c1a-9a43'])(
    '%s (not an id at all) shows the not-found page without asking the server',
    async (path) => {
      const calls = stubApi(provider);
      renderApp(path);
      await expectNotFoundPage();
      expect(calls.filter((call) => call.url.startsWith('/api/videos'))).toEqual([]);
    },
  );

  it.each([
    ['/edit-pii', `/api/videos/${UNKNOWN}/review`],
    ['/edit-video', `/api/videos/${UNKNOWN}`],
    ['/edit-segments', `/api/videos/${UNKNOWN}/segments`],
  ])('%s/<unknown id> shows the not-found page when the server answers 404', async (page, api) => {
    const calls = stubApi(provider, { [api]: refusal('ENDPOINT_NOT_FOUND', { method: 'GET', path: api }) });
    renderApp(`${page}/${UNKNOWN}`);
    await expectNotFoundPage();
    expect(calls.some((call) => call.url === api)).toBe(true);
  });

  it('also when the server refuses the id as malformed (400)', async () => {
    stubApi(provider, { [`/api/videos/${UNKNOWN}/review`]: fieldRefusal('id', 'invalid', 'Invalid UUID') });
    renderApp(`/edit-pii/${UNKNOWN}`);
    await expectNotFoundPage();
  });

  // The server does not tell an unknown video from one the caller may not see (no enumeration).
  it('an id the server will not show says that you do not have access to this video', async () => {
    stubApi(provider, { [`/api/videos/${UNKNOWN}/review`]: refusal('NO_ACCESS') });
    renderApp(`/edit-pii/${UNKNOWN}`);
    expect((await screen.findByRole('alert')).textContent).toBe(i18next.t('errors.NO_ACCESS'));
    expect(screen.queryByText(/Page not found/)).toBeNull();
  });

  it('a visitor who is not signed in still goes to /login first', async () => {
    stubApi(null);
    const router = renderApp('/edit-pii/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
