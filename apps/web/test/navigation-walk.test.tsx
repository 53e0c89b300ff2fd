// Every page a role may use is reachable from the interface: starting at /, following only the
// links on the pages (clicked like a user would, on a phone-sized screen where the main
// navigation is the burger's panel), each role reaches all of its pages, and only those.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@ipsv/contracts/users';
import { ROUTE_TABLE } from '../src/app/routes/route-table';
import { json, renderApp, signedInUser, stubApi, type FakeApi } from './app-harness';
import { initTestI18n } from './render';
import { makeVideo } from './video-details-fixtures';

// A walk renders some forty pages one after the other.
vi.setConfig({ testTimeout: 240_000 });

const IN_REVIEW = '11111111-1111-4111-8111-111111111111';
const PUBLISHED = '22222222-2222-4222-8222-222222222222';
const AWAITING = '33333333-3333-4333-8333-333333333333';

const videos = [
  makeVideo({ id: IN_REVIEW, status: 'review', details: { title: 'Sleeve gastrectomy' } }),
  makeVideo({ id: PUBLISHED, status: 'published', renditionComplete: true, publishedVersion: 1, details: { title: 'Hernia repair' } }),
  makeVideo({ id: AWAITING, status: 'awaiting_details', detailsSaved: false, details: { title: '' } }),
];

const review = (videoId: string, title: string) => ({
  videoId,
  title,
  durationSeconds: 60,
  originalUrl: '/media/original.mp4',
  filmstrip: null,
  threshold: 0.5,
  track: [],
  proposed: [],
  confirmed: null,
  proposedMasks: [],
  faceMasks: [],
  confirmedMasks: null,
  confirmedBy: null,
  confirmedByName: null,
  confirmedAt: null,
  nextVersion: 1,
  draft: null,
});
const segments = (videoId: string, title: string) => ({
  videoId,
  title,
  durationSeconds: 600,
  fileType: null,
  category: null,
  isPublic: false,
  segments: [],
  previewUrl: null,
});

function api(role: Role): FakeApi {
  const profile = { ...signedInUser, phoneNumber: null, role, termsAcceptedVersion: '2026-11-23', providerRequest: 'none' };
  return {
    '/api/profile': json(profile),
    '/api/videos/mine': json({ videos }),
    '/api/uploads/config': json({ companionUrl: null }),
    '/api/auth/sessions': json({ sessions: [] }),
    [`/api/videos/${IN_REVIEW}`]: json(videos[0]),
    [`/api/videos/${PUBLISHED}`]: json(videos[1]),
    [`/api/videos/${AWAITING}`]: json(videos[2]),
    [`/api/videos/${AWAITING}/thumbnails`]: json({ frames: [{ index: 0, time: 1, url: '/media/frame.jpg' }], uploadUrl: null }),
    [`/api/videos/${PUBLISHED}/thumbnails`]: json({ frames: [{ index: 0, time: 1, url: '/media/frame.jpg' }], uploadUrl: null }),
    [`/api/videos/${IN_REVIEW}/thumbnails`]: json({ frames: [{ index: 0, time: 1, url: '/media/frame.jpg' }], uploadUrl: null }),
    [`/api/videos/${IN_REVIEW}/review`]: json(review(IN_REVIEW, 'Sleeve gastrectomy')),
    [`/api/videos/${PUBLISHED}/review`]: json(review(PUBLISHED, 'Hernia repair')),
    [`/api/videos/${PUBLISHED}/segments`]: json(segments(PUBLISHED, 'Hernia repair')),
    [`/api/videos/${IN_REVIEW}/segments`]: json(segments(IN_REVIEW, 'Sleeve gastrectomy')),
    '/api/admin/users?page=1&pageSize=25&pendingOnly=false': json({ users: [], total: 0 }),
    '/api/notifications?pageNumber=1&pageSize=5': json({
      total: 1,
      total_unread_messages: 1,
      notifications: [{ id: '1', type: 'support_replied', params: { text: 'Hello' }, link: '/?chat=open', createdAt: new Date().toISOString(), read: false }],
    }),
    '/api/notifications/preferences': json({ email: [{ type: 'support_replied', choice: 'immediately' }] }),
    '/api/chat': json({ id: null, messages: [], unread: 0, online: false, supportTyping: false }),
    '/api/support/conversations?status=open&page=1&pageSize=20': json({ conversations: [], total: 0 }),
    '/api/admin/curation': json({ collections: [], highlights: [] }),
    '/api/admin/settings': json({ autoPublish: false, autoPublishMaxScore: 0.05 }),
    '/api/landing': json({ highlight: null, collections: [] }),
    ...Object.fromEntries(
      ['sort=POPULAR&pageSize=12', 'facets=true', 'q=&pageSize=20'].map((query) => [
        `/api/search?${query}`,
        json({ total: 0, page: 1, pageSize: 20, sort: 'DATE_PUBLISH_NEW', results: [], facets: null }),
      ]),
    ),
  };
}

/** What every signed-in user may use. */
const EVERYONE = [
  '/',
  '/terms',
  '/about',
  '/readme',
  '/analytics',
  '/analytics/pi',
  '/analytics/security',
  '/notifications',
  '/analytics/notification',
  '/analytics/sendfeedback',
  '/licences',
  '/video-search',
  '/watch-later',
  '/history',
  '/noted-videos',
  '/video-playlist',
];
/** What providers (and admins) may use besides, with the pages of their videos. */
const PROVIDING = [
  '/upload',
  '/upload-progress',
  `/upload-finished?video=${AWAITING}`,
  '/progress',
  '/editor',
  '/pii-editor',
  `/edit-pii/${IN_REVIEW}`,
  `/edit-pii/${PUBLISHED}`,
  '/segment-editor',
  `/edit-segments/${IN_REVIEW}`,
  `/edit-segments/${PUBLISHED}`,
  `/edit-video/${IN_REVIEW}`,
  `/edit-video/${PUBLISHED}`,
  '/analytics/content',
  '/analytics/analytics',
  '/analytics/whitelist',
  '/analytics/versioncontrol',
];
const MAY_USE: Record<Role, string[]> = {
  viewer: EVERYONE,
  support: [...EVERYONE, '/support'],
  provider: [...EVERYONE, ...PROVIDING],
  admin: [...EVERYONE, ...PROVIDING, '/admin/users', '/admin/curation', '/admin/feedback', '/admin/settings', '/support'],
};
/** Pages no role reaches yet: they open from video and user lists that later issues build. */
const FROM_LATER_LISTS = ['/video/:videoId', '/user/:userId', '/licence-record/:requestId'];

const here = (router: ReturnType<typeof renderApp>) => `${router.state.location.pathname}${router.state.location.search}`;

/** Links a user can follow on the page shown: same-site, not hidden on a small screen. */
function linksOnPage(): string[] {
  const anchors = [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')];
  const shown = anchors.filter((anchor) => !anchor.closest('[class*="mantine-visible-from-"]'));
  return [...new Set(shown.map((anchor) => anchor.getAttribute('href')!.split('#')[0]!))];
}

/** Waits for the page at `path` and for its data (its links may depend on it). */
async function settle(router: ReturnType<typeof renderApp>, path: string) {
  await waitFor(() => expect(here(router)).toBe(path));
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  // Let the page mount and start its queries, then wait for them; twice, for queries that start
  // once others have answered.
  for (let round = 0; round < 2; round++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    await waitFor(() => expect(router.queryClient.isFetching()).toBe(0));
  }
  const heading = await screen.findByRole('heading', { level: 1 });
  expect(heading.textContent, `${path} shows a page`).not.toBe('Page not found');
  expect(screen.queryByText('Something went wrong'), `${path} loads`).toBeNull();
}

/** Depth-first from /: on each page, clicks each link not followed yet, then comes back. */
async function walk(role: Role): Promise<Set<string>> {
  stubApi({ ...signedInUser, role }, api(role));
  const router = renderApp('/');
  const reached = new Set<string>();
  const visit = async (path: string) => {
    reached.add(path);
    for (const href of linksOnPage()) {
      if (reached.has(href)) continue;
      if (here(router) !== path) {
        await act(() => router.navigate(path));
        await settle(router, path);
      }
      const anchor = document.querySelector<HTMLAnchorElement>(`a[href="${href}"], a[href^="${href}#"]`);
      if (!anchor || reached.has(href)) continue;
      fireEvent.click(anchor);
      await settle(router, href);
      await visit(href);
    }
  };
  await settle(router, '/');
  await visit('/');
  return reached;
}

beforeAll(() => initTestI18n());
afterEach(() => vi.unstubAllGlobals());

describe('every page a role may use is reachable by following links from /', () => {
  it('the expected pages cover the whole route table', () => {
    const pattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/?]+')}(\\?.*)?$`);
    const covered = ROUTE_TABLE.filter((route) => MAY_USE.admin.some((path) => pattern(route.path).test(path))).map((route) => route.path);
    const rest = ROUTE_TABLE.map((route) => route.path).filter((path) => !covered.includes(path));
    // /login is for visitors (a signed-in user is sent home); the others wait for their lists.
    expect(rest.sort()).toEqual(['/login', ...FROM_LATER_LISTS].sort());
  });

  it.each(['viewer', 'support', 'provider', 'admin'] as const)('%s', async (role) => {
    const reached = await walk(role);
    expect(
      [...MAY_USE[role]].filter((path) => !reached.has(path)),
      'pages not reached',
    ).toEqual([]);
    if (role === 'viewer' || role === 'support') {
      // The navigation offers them none of the providers' or the admin's pages.
      expect([...reached].filter((path) => ['/progress', '/pii-editor', '/segment-editor', '/admin/users', '/admin/feedback'].includes(path))).toEqual([]);
    }
    if (role === 'provider') expect(reached.has('/admin/users')).toBe(false);
    // The support console is the support team's (and administrators').
    if (role === 'viewer' || role === 'provider') expect(reached.has('/support')).toBe(false);
  });
});
