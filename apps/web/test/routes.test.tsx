// Every route of the spec renders in its layout with its title for a signed-in user; unknown
// paths show the not-found page.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SURGERY_TYPE_SEED } from '@ipsv/contracts/surgery-types';
import { renderApp as renderAt, signedInUser as user, stubApi } from './app-harness';
import { initTestI18n } from './render';

const VIDEO_ID = '5b0c2f52-8f4e-4c1a-9a43-2f1d1c3b7e10';

beforeAll(() => initTestI18n());
afterEach(() => vi.unstubAllGlobals());

describe('routes for a signed-in user', () => {
  it('/ shows the landing page with its promotions, the popular videos and an empty state when there are none', async () => {
    const card = {
      id: VIDEO_ID,
      title: 'Laparoscopic cholecystectomy',
      ownerId: 'user-2',
      ownerName: 'Miriam Okonkwo',
      ownerPictureUrl: null,
      surgeryTypeId: 1,
      surgeryYear: 2024,
      thumbnailUrl: null,
      durationSeconds: 600,
      createdAt: '2026-11-01T10:00:00Z',
      publishedAt: '2026-11-02T10:00:00Z',
      segment: null,
    };
    const result = (results: (typeof card)[]) => ({
      status: 200,
      body: { total: results.length, page: 1, pageSize: 12, sort: 'POPULAR', results, facets: null },
    });
    stubApi(user, {
      '/api/landing': { status: 200, body: { highlight: null, collections: [] } },
      '/api/search?sort=POPULAR&pageSize=12': result([card]),
      '/api/search?sort=DATE_PUBLISH_NEW&pageSize=12': result([]),
    });
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Popular videos' })).toBeTruthy();
    expect(document.querySelector('[data-layout="landing"]')).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Become a video provider' })).toBeTruthy();
    const tile = await screen.findByTestId('video-card');
    expect(tile.textContent).toContain('Laparoscopic cholecystectomy');
    expect(tile.textContent).toContain('Miriam Okonkwo');
    expect(tile.textContent).toContain('2024');
    fireEvent.click(screen.getByRole('radio', { name: 'New' }));
    expect(await screen.findByText('Published videos will appear here.')).toBeTruthy();
    expect(screen.queryByText('Nothing here yet')).toBeNull();
  });

  it('the upload layout has the Dashboard, Analytics and Editor tabs, marking the current one', async () => {
    stubApi(user);
    renderAt('/segment-editor');
    const sections = await screen.findByRole('navigation', { name: 'Provider sections' });
    const links = [...sections.querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toEqual(['Dashboard', 'Analytics', 'Editor']);
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, null, 'page']);
  });

  it('the surgery menu lists the procedures and specialties from the server, each opening its search', async () => {
    stubApi(user);
    const router = renderAt('/history');
    fireEvent.click(await screen.findByRole('button', { name: 'Surgeries' }));
    expect(await screen.findByText('Procedures')).toBeTruthy();
    expect(screen.getByText('Specialties')).toBeTruthy();
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(SURGERY_TYPE_SEED.filter((type) => type.id !== 0).map((type) => type.name));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Hernia' }));
    await waitFor(() => expect(router.state.location.search).toBe('?surgeryType=5'));
    expect(router.state.location.pathname).toBe('/video-search');
  });

  it('built pages render their own content in their layout', async () => {
    stubApi(user);
    renderAt('/terms');
    expect(await screen.findByRole('heading', { level: 2, name: /Patient privacy and de-identification/ })).toBeTruthy();
    expect(document.querySelector('[data-layout="empty"]')).not.toBeNull();
  });

  it('a signed-in page has one language control (in the header); a page without header has the footer one', async () => {
    stubApi(user);
    renderAt('/history');
    await screen.findByRole('heading', { level: 1, name: 'History' });
    expect(screen.queryAllByRole('textbox', { name: /^Language/ })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: /^Language/ })).toHaveLength(1);
    const control = screen.getByRole('button', { name: 'Language: English (US)' });
    expect(screen.getByTestId('app-header').contains(control)).toBe(true);
    fireEvent.click(control);
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toContain('Deutsch');
  });

  it('the terms page (no header) has the footer language select only', async () => {
    stubApi(user);
    renderAt('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of use' });
    expect(screen.getAllByRole('textbox', { name: /^Language/ })).toHaveLength(1);
    expect(screen.queryAllByRole('button', { name: /^Language/ })).toHaveLength(0);
  });

  it('the header shows the signed-in user and a Sign out button', async () => {
    stubApi(user);
    renderAt('/history');
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
  });
});

describe('routes for a visitor', () => {
  it('an unknown path shows the not-found page', async () => {
    stubApi(null);
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(document.querySelector('[data-layout="404"]')).not.toBeNull();
  });

  it('a guarded page redirects to /login', async () => {
    stubApi(null);
    const router = renderAt('/watch-later');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
