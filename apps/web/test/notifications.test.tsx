// The notification list (spec section 4 "Notification paging"): page 1 replaces the list and the
// counters, later pages append while pages remain, marking one read updates the count, marking all
// read goes back to page 1 and reloads, and a live event reloads from page 1. Texts come from the
// type and its details, in the user's language.
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@ipsv/contracts/notifications';
import { NotificationsPage } from '../src/features/notifications/routes/notifications-page';
import { liveConnection } from '../src/lib/live-connection';
import { endpointNotFound } from './refusal';
import { renderWithProviders } from './render';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const at = new Date(Date.now() - 3 * 3600_000).toISOString();
const item = (
  id: number,
  read = false,
  type: Notification['type'] = 'review_ready',
  params: Notification['params'] = { title: `Video ${id}` },
): Notification => ({
  id: String(id),
  type,
  params,
  link: `/edit-pii/v${id}`,
  createdAt: at,
  read,
});

let stored: Notification[] = [];
let calls: { method: string; url: string; body?: unknown }[] = [];

class FakeWebSocket {
  static last: FakeWebSocket | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.last = this;
  }
  close() {}
}

beforeEach(() => {
  stored = Array.from({ length: 7 }, (_, i) => item(7 - i));
  calls = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ method, url, body });
      const list = /^\/api\/notifications\?pageNumber=(\d+)&pageSize=5$/.exec(url);
      if (list && method === 'GET') {
        const page = Number(list[1]);
        return Response.json({
          total: stored.length,
          total_unread_messages: stored.filter((n) => !n.read).length,
          notifications: stored.slice((page - 1) * 5, page * 5),
        });
      }
      if (url === '/api/notifications/status' && method === 'POST') {
        const input = body as { notificationId?: string; update_all?: true };
        stored = stored.map((n) => (input.update_all || n.id === input.notificationId ? { ...n, read: true } : n));
        return new Response(null, { status: 204 });
      }
      return endpointNotFound(url);
    }),
  );
  liveConnection.setIdentity({ userId: 'u1' });
});

afterEach(() => {
  liveConnection.setIdentity({ userId: null });
  vi.unstubAllGlobals();
});

const listCalls = () => calls.filter((call) => call.url.startsWith('/api/notifications?')).map((call) => call.url);

async function renderPage() {
  await renderWithProviders(
    <MemoryRouter initialEntries={['/notifications']}>
      <NotificationsPage />
    </MemoryRouter>,
  );
  await screen.findByText('“Video 7” is ready for your privacy review.');
}

describe('the notification list', () => {
  it('shows page 1 with the counters, then appends page 2 and stops when no pages remain', async () => {
    await renderPage();
    expect(screen.getAllByTestId('notification')).toHaveLength(5);
    expect(screen.getByTestId('notification-counts').textContent).toBe('7 in all, 7 unread');
    expect(screen.getAllByText('3 hours ago')).toHaveLength(5);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(7));
    expect(screen.getByText('“Video 1” is ready for your privacy review.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(listCalls()).toEqual(['/api/notifications?pageNumber=1&pageSize=5', '/api/notifications?pageNumber=2&pageSize=5']);
  });

  it('marks one read when it is opened, and all read back on page 1', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(7));

    fireEvent.click(screen.getByText('“Video 6” is ready for your privacy review.'));
    await waitFor(() => expect(screen.getByTestId('notification-counts').textContent).toBe('7 in all, 6 unread'));
    expect(calls).toContainEqual({ method: 'POST', url: '/api/notifications/status', body: { notificationId: '6' } });

    calls = [];
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByTestId('notification-counts').textContent).toBe('7 in all, 0 unread'));
    // Back to page 1 only: the list shrinks to five and offers the next page again.
    expect(screen.getAllByTestId('notification')).toHaveLength(5);
    expect(listCalls()).toEqual(['/api/notifications?pageNumber=1&pageSize=5']);
    expect(screen.getAllByTestId('notification').every((element) => element.getAttribute('data-unread') === 'false')).toBe(true);
  });

  it('reloads from page 1 when a notification arrives on the live socket', async () => {
    await renderPage();
    act(() => FakeWebSocket.last!.onopen?.());
    stored = [item(8, false, 'access_decided', { title: 'Hernia repair', decision: 'granted' }), ...stored];
    act(() => FakeWebSocket.last!.onmessage?.({ data: JSON.stringify({ type: 'notification' }) }));
    expect(await screen.findByText('Your request to watch “Hernia repair” was granted.')).toBeTruthy();
    expect(screen.getByTestId('notification-counts').textContent).toBe('8 in all, 8 unread');
    expect(within(screen.getAllByTestId('notification')[0]!).getByText(/Hernia repair/)).toBeTruthy();
  });

  it('puts rejection reasons into words', async () => {
    stored = [item(9, false, 'video_rejected', { title: 'Too short', reasons: ['duration', 'orientation'] })];
    await renderWithProviders(
      <MemoryRouter initialEntries={['/notifications']}>
        <NotificationsPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('“Too short” did not pass the upload checks: shorter than 5 seconds, not landscape.')).toBeTruthy();
  });
});
