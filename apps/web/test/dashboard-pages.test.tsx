// The provider's dashboard in the whole app against a fake API: every route whose feature exists
// renders its page (only the routes still to come keep the honest empty state), the Editor tab
// opens the editor hub with each video's tools, the content table sorts, filters and changes
// visibility for several videos, and access requests are answered from the whitelist page.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccessOverview, ContentPage } from '@ipsv/contracts/dashboard';
import type { VersionsOverview, VideoVersion } from '@ipsv/contracts/versions';
import { PAGES } from '../src/app/router';
import { ROUTE_TABLE } from '../src/app/routes/route-table';
import enUS from '../src/locales/en-US.json';
import { json, renderApp, signedInUser, stubApi } from './app-harness';
import { initTestI18n } from './render';
import { makeVideo } from './video-details-fixtures';

const provider = { ...signedInUser, role: 'admin' as const };
const pages = enUS.pages as Record<string, { title: string }>;
const published = makeVideo({
  id: 'v-pub',
  status: 'published',
  publishedVersion: 2,
  publishedAt: '2026-05-01T10:00:00Z',
  details: { title: 'Sleeve gastrectomy' },
});
const awaiting = makeVideo({ id: 'v-new', status: 'awaiting_details', detailsSaved: false, details: { title: 'New upload' } });

beforeAll(() => initTestI18n());
afterEach(() => vi.unstubAllGlobals());

describe('the route table', () => {
  it('keeps the honest empty state only for the routes whose feature has not been built', () => {
    expect(ROUTE_TABLE.filter((route) => !PAGES[route.page]).map((route) => route.path)).toEqual([]);
  });

  it.each([
    '/editor',
    '/analytics/versioncontrol',
    '/licences',
    '/analytics/content',
    '/analytics/whitelist',
    '/analytics/analytics',
    '/analytics/sendfeedback',
    '/admin/feedback',
    '/admin/settings',
    '/about',
    '/readme',
  ])('%s renders its own page, not the placeholder', async (path) => {
    stubApi(provider, {
      '/api/videos/mine': json({ videos: [] }),
      '/api/dashboard/content?sort=createdAt&order=desc&page=1': json({ rows: [], total: 0, page: 1, pageSize: 10 }),
      '/api/dashboard/access': json({ videos: [], lists: [], requests: [] }),
      '/api/feedback?page=1': json({ items: [], total: 0, page: 1, pageSize: 20 }),
      '/api/admin/feedback?page=1&open=true': json({ items: [], total: 0, page: 1, pageSize: 20 }),
      '/api/admin/settings': json({ autoPublish: false, autoPublishMaxScore: 0.05 }),
    });
    renderApp(path);
    const page = ROUTE_TABLE.find((route) => route.path === path)!.page;
    expect(await screen.findByRole('heading', { level: 1, name: pages[page]!.title })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByText('Nothing here yet')).toBeNull();
  });
});

describe('/admin/settings', () => {
  it('shows an administrator whether automatic publication is on, and which variable sets it', async () => {
    for (const autoPublish of [false, true]) {
      stubApi(provider, { '/api/admin/settings': json({ autoPublish, autoPublishMaxScore: 0.05 }) });
      renderApp('/admin/settings');
      const card = await screen.findByRole('region', { name: 'Automatic publication' });
      expect(within(card).getByTestId('auto-publish-state').textContent).toBe(autoPublish ? 'On' : 'Off');
      expect(card.textContent).toContain(autoPublish ? 'scored every examined frame 0.05 or less' : 'Every video waits for its owner’s privacy review');
      expect(within(card).getByText('AUTO_PUBLISH')).toBeTruthy();
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('tells anyone else that only administrators see it, and asks nothing of the server', async () => {
    const calls = stubApi({ ...signedInUser, role: 'provider' }, {});
    renderApp('/admin/settings');
    expect(await screen.findByText('Only administrators can manage users.')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/admin/settings')).toBe(false);
  });
});

describe('/analytics', () => {
  it('leads to every section of the account, and a provider also to their videos’ pages', async () => {
    stubApi({ ...signedInUser, role: 'provider' }, {});
    renderApp('/analytics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    expect(screen.queryByText('Nothing here yet')).toBeNull();
    const main = screen.getByRole('main');
    for (const [name, href] of [
      ['Personal information', '/analytics/pi'],
      ['Notification settings', '/analytics/notification'],
      ['Upload videos', '/upload'],
    ] as const) {
      expect(within(main).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(within(main).queryByRole('link', { name: 'Users' })).toBeNull();
  });
});

describe('/editor', () => {
  it('opens from the Editor tab and lists my videos with the tools each can open now', async () => {
    stubApi(provider, { '/api/videos/mine': json({ videos: [published, awaiting] }) });
    const router = renderApp('/upload-progress');
    const tabs = await screen.findByRole('navigation', { name: 'Provider sections' });
    fireEvent.click(within(tabs).getByRole('link', { name: 'Editor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editor'));
    const list = await screen.findByRole('list', { name: 'My videos and their editors' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Published')).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: 'Privacy review of Sleeve gastrectomy' }).getAttribute('href')).toBe('/edit-pii/v-pub');
    expect(within(items[0]!).getByRole('link', { name: 'Segments of Sleeve gastrectomy' }).getAttribute('href')).toBe('/edit-segments/v-pub');
    expect(within(items[0]!).getByText('Version 2')).toBeTruthy();
    // A video still waiting for its details offers only the details form.
    expect(
      within(items[1]!)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/edit-video/v-new']);
  });
});

describe('/analytics/content', () => {
  it('shows my videos with their figures, sorts by a column and changes the visibility of the selected ones', async () => {
    const page = (rows: ContentPage['rows']): ContentPage => ({ rows, total: rows.length, page: 1, pageSize: 10 });
    const rows = [
      { video: published, views: 42, originalKept: true, licence: 'on_request' as const },
      { video: awaiting, views: 0, originalKept: true, licence: 'on_request' as const },
    ];
    const calls = stubApi(provider, {
      '/api/dashboard/content?sort=createdAt&order=desc&page=1': json(page(rows)),
      '/api/dashboard/content?sort=views&order=desc&page=1': json(page(rows)),
      '/api/dashboard/content?status=published&sort=views&order=desc&page=1': json(page([rows[0]!])),
      'PUT /api/dashboard/visibility': () => ({ status: 204, body: null }),
    });
    renderApp('/analytics/content');
    const table = await screen.findByRole('table', { name: 'My videos' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('link', { name: 'Sleeve gastrectomy' }).getAttribute('href')).toBe('/video/v-pub');
    expect(within(first).getByText('42')).toBeTruthy();
    expect(within(first).getByText('2')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Views' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/dashboard/content?sort=views&order=desc&page=1')).toBe(true));
    expect(within(table).getByRole('columnheader', { name: 'Views' }).getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all videos on this page' }));
    const bulk = await screen.findByRole('group', { name: 'Change the selected videos' });
    expect(within(bulk).getByText('2 videos selected')).toBeTruthy();
    fireEvent.click(within(bulk).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').length).toBe(1));
    const put = (vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'PUT')![1]!.body as string) ?? '';
    expect(JSON.parse(put)).toEqual({ videoIds: ['v-pub', 'v-new'], visibility: 'private' });
  });
});

describe('/analytics/whitelist', () => {
  it('lists the access requests and grants one until a date', async () => {
    const overview: AccessOverview = {
      videos: [{ id: 'v-pub', title: 'Sleeve gastrectomy', visibility: 'whitelist', whitelist: ['@hospital.org'], listIds: [], grants: [] }],
      lists: [],
      requests: [
        {
          id: 7,
          videoId: 'v-pub',
          videoTitle: 'Sleeve gastrectomy',
          requester: { id: 'u9', name: 'Grace Hopper', email: 'grace@navy.mil' },
          message: '',
          createdAt: '2026-05-02T09:00:00Z',
          status: 'pending',
          decidedAt: null,
          grantedUntil: null,
        },
      ],
    };
    let decision: unknown;
    stubApi(provider, {
      '/api/dashboard/access': json(overview),
      'POST /api/dashboard/access-requests/7/decision': (body) => {
        decision = body;
        return { status: 204, body: null };
      },
    });
    renderApp('/analytics/whitelist');
    const requests = await screen.findByRole('table', { name: 'Access requests' });
    expect(within(requests).getByText('grace@navy.mil')).toBeTruthy();
    fireEvent.change(within(requests).getByLabelText('Access for Grace Hopper until (optional)'), { target: { value: '2030-01-31' } });
    fireEvent.click(within(requests).getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(decision).toMatchObject({ decision: 'grant', until: expect.stringMatching(/^2030-01-3[01]T/) }));
    expect(screen.getByRole('region', { name: 'Sleeve gastrectomy' })).toBeTruthy();
  });
});

describe('/analytics/versioncontrol', () => {
  it('lists the versions with the published one, rolls back only after a confirmation with a reason, and deletes an old one only after a confirmation', async () => {
    const version = (n: number, published: boolean, ranges: { start: number; end: number }[], masks: VideoVersion['masks'] = []) => ({
      version: n,
      confirmedAt: '2026-05-01T10:00:00Z',
      confirmedBy: 'Ada Surgeon',
      automatic: false,
      ranges: ranges.map((r) => ({ ...r, reasons: ['manual' as const], confidence: null })),
      removedSeconds: ranges.reduce((sum, r) => sum + r.end - r.start, 0),
      durationSeconds: 60,
      renditions: [{ name: '360p', width: 640, height: 360 }],
      complete: true,
      sizeBytes: 5 * 1024 * 1024,
      published,
      masks,
      republished: n === 2 ? { at: '2026-05-03T10:00:00Z', reason: 'The first cut lost the dissection' } : null,
    });
    const overlay = { x: 0, y: 0, width: 0.4, height: 0.1, start: 0, end: 60, reason: 'text' as const, confidence: 0.9 };
    const overview: VersionsOverview = {
      videos: [
        {
          videoId: 'v-pub',
          title: 'Sleeve gastrectomy',
          originalSeconds: 70,
          publishedVersion: 2,
          rendering: false,
          versions: [version(3, false, [], [overlay]), version(2, true, [{ start: 5, end: 15 }]), version(1, false, [])],
        },
      ],
    };
    const calls: string[] = [];
    let sentReason: unknown;
    stubApi(provider, {
      '/api/dashboard/versions': json(overview),
      'POST /api/dashboard/videos/v-pub/versions/1/publish': (body) => {
        calls.push('rollback 1');
        sentReason = body;
        return json(overview.videos[0]);
      },
      'DELETE /api/dashboard/videos/v-pub/versions/1': () => {
        calls.push('delete 1');
        return json(overview.videos[0]);
      },
    });
    renderApp('/analytics/versioncontrol');
    const card = await screen.findByRole('region', { name: 'Sleeve gastrectomy' });
    const table = within(card).getByRole('table', { name: 'Versions of Sleeve gastrectomy' });
    expect(within(table).getAllByText('Published')).toHaveLength(1);
    expect(within(table).getByText('10 s removed')).toBeTruthy();
    expect(within(table).getByText('0:05–0:15')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Version 2: removed 0:05–0:15' })).toBeTruthy();
    // A version whose only change is a mask does not read "Nothing removed".
    const maskOnly = within(table).getByTestId('version-row-3');
    expect(within(maskOnly).queryByText('Nothing removed')).toBeNull();
    expect(within(maskOnly).getByText('Masked regions: 1')).toBeTruthy();
    expect(within(within(table).getByTestId('version-row-1')).getByText('Nothing removed')).toBeTruthy();
    // The reason of a rollback is shown with the version.
    expect(within(within(table).getByTestId('version-row-2')).getByText(/Published again .*: The first cut lost the dissection/)).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Roll back to version 1' }));
    const ask = await screen.findByRole('dialog', { name: 'Publish version 1 again?' });
    expect(calls).toEqual([]);
    const publish = within(ask).getByRole('button', { name: 'Publish version 1' });
    // No reason, no rollback.
    expect(publish.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(ask).getByRole('textbox', { name: /Why is this version published again/ }), {
      target: { value: '  Version 2 cut the dissection ' },
    });
    fireEvent.click(publish);
    await waitFor(() => expect(calls).toEqual(['rollback 1']));
    expect(sentReason).toEqual({ reason: 'Version 2 cut the dissection' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Publish version 1 again?' })).toBeNull());
    fireEvent.click(within(table).getByRole('button', { name: 'Delete version 1' }));
    expect(calls).toEqual(['rollback 1']);
    const dialog = await screen.findByRole('dialog', { name: 'Delete this version?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toEqual(['rollback 1', 'delete 1']));
  });
});

describe('/analytics/sendfeedback', () => {
  it('refuses an empty message in the form, sends a valid one and shows the team’s answer', async () => {
    let sent: unknown;
    const answered = {
      id: 1,
      category: 'bug',
      message: 'Stalls at 2x',
      page: '/video/x',
      createdAt: '2026-05-02T09:00:00Z',
      answer: 'Fixed',
      answeredAt: '2026-05-03T09:00:00Z',
      sender: null,
    };
    stubApi(provider, {
      '/api/feedback?page=1': json({ items: [answered], total: 1, page: 1, pageSize: 20 }),
      'POST /api/feedback': (body) => {
        sent = body;
        return { status: 201, body: { id: 2 } };
      },
    });
    renderApp('/analytics/sendfeedback');
    const list = await screen.findByRole('list', { name: 'My feedback' });
    expect(within(list).getByText('Fixed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Write a message of 1 to 5,000 characters')).toBeTruthy();
    expect(sent).toBeUndefined();
    fireEvent.change(screen.getByRole('textbox', { name: /Message/ }), { target: { value: 'More hernia cases, please' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Thank you. Your feedback was sent.')).toBeTruthy();
    expect(sent).toEqual({ category: 'idea', message: 'More hernia cases, please', page: '' });
  });
});

describe('/about and /readme', () => {
  it('are real content pages in the reader’s language', async () => {
    stubApi(provider);
    renderApp('/readme');
    expect(await screen.findByRole('heading', { level: 2, name: 'The privacy review' })).toBeTruthy();
    expect(screen.getByText(/MOV, MP4, MPG or AVI; at least 1,280×720 and 5 seconds; at most 3,900MB/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Editor' }).getAttribute('href')).toBe('/editor');
  });
});
