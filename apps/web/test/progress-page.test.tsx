// /progress: every video with its state in words, percent, failure and rejection, the links that
// fit each state, live updates from the app's live socket, and the polling fallback.
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '@ipsv/contracts/videos';
import { ProgressPage } from '../src/features/progress/routes/progress-page';
import { liveConnection } from '../src/lib/live-connection';
import { endpointNotFound } from './refusal';
import { renderWithProviders } from './render';
import { makeVideo } from './video-details-fixtures';

// Mantine and Uppy render whole forms in jsdom: allow for a slow, busy test runner.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  send(payload: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(payload) }));
  }
}

const videos: Video[] = [
  makeVideo({ id: 'a', status: 'analysing', percent: 40, details: { title: 'Sleeve gastrectomy' } }),
  makeVideo({ id: 'b', status: 'failed', failureReason: 'The transcoder stopped: out of disk space', details: { title: '', fileName: 'rectal.mov' } }),
  makeVideo({
    id: 'c',
    status: 'rejected',
    violations: [
      { code: 'duration', message: 'The video is 3 seconds long; the minimum duration is 5 seconds.', params: { seconds: 3 } },
      { code: 'orientation', message: 'orientation refused (server text)', params: { width: 720, height: 1280 } },
    ],
    details: { title: 'Too short' },
  }),
  makeVideo({ id: 'd', status: 'published', renditionComplete: true, publishedVersion: 1, details: { title: 'Cholecystectomy, CVS' } }),
  makeVideo({ id: 'e', status: 'published', renditionComplete: false, percent: 43, publishedVersion: 1, details: { title: 'Fundoplication' } }),
];

let calls: { method: string; url: string }[] = [];

function mockApi(list: Video[]) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (url === '/api/videos/mine') return Response.json({ videos: list });
      if (url === '/api/videos/b/retry' && method === 'POST') return Response.json({ ...list[1], status: 'analysing', percent: 0, failureReason: null });
      return endpointNotFound(url);
    }),
  );
}

const card = (name: string) => screen.getAllByTestId('video-progress').find((element) => element.textContent?.includes(name))!;

function renderProgress() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/progress']}>
      <ProgressPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  // The app shell opens the live socket once the session is known.
  liveConnection.setIdentity({ userId: 'u1' });
});

afterEach(() => {
  liveConnection.setIdentity({ userId: null });
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/progress', () => {
  it('lists every video with its status in words, percent, failure and rejection', async () => {
    mockApi(videos);
    await renderProgress();
    expect(await screen.findByText('Sleeve gastrectomy')).toBeTruthy();
    expect(screen.getByText('Processing usually takes 0 to 60 minutes.')).toBeTruthy();

    const analysing = card('Sleeve gastrectomy');
    expect(within(analysing).getByTestId('video-status').textContent).toBe('Privacy check running');
    expect(within(analysing).getByText('40%')).toBeTruthy();
    expect(within(analysing).queryByRole('link', { name: 'Segments' })).toBeNull();

    const failed = card('rectal.mov');
    expect(within(failed).getByTestId('video-status').textContent).toBe('Processing failed');
    expect(within(failed).getByText('The transcoder stopped: out of disk space')).toBeTruthy();

    const rejected = card('Too short');
    expect(within(rejected).getByText('The video is 3 seconds long; the minimum duration is 5 seconds.')).toBeTruthy();
    // Reasons are put into words by the app (in the user's language), not shown as the server wrote them.
    expect(within(rejected).getByText(/^The video is vertical \(720x1280\)/)).toBeTruthy();
    expect(within(rejected).queryByText('orientation refused (server text)')).toBeNull();

    const published = card('Cholecystectomy, CVS');
    expect(within(published).getByTestId('video-status').textContent).toBe('Published');
    expect(within(published).getByRole('link', { name: 'Details' }).getAttribute('href')).toBe('/edit-video/d');
    expect(within(published).getByRole('link', { name: 'Privacy review' }).getAttribute('href')).toBe('/edit-pii/d');
    expect(within(published).getByRole('link', { name: 'Segments' }).getAttribute('href')).toBe('/edit-segments/d');
  });

  it('says what is still being made while a published video gets its HD versions', async () => {
    mockApi(videos);
    await renderProgress();
    await screen.findByText('Fundoplication');
    const making = card('Fundoplication');
    expect(within(making).getByTestId('video-status').textContent).toBe('Published — making HD versions');
    expect(within(making).getByRole('progressbar', { name: 'HD versions of Fundoplication' })).toBeTruthy();
    expect(within(making).getByText('43%')).toBeTruthy();
    // Fully published: no bar.
    expect(within(card('Cholecystectomy, CVS')).queryByRole('progressbar')).toBeNull();

    const socket = FakeWebSocket.instances.at(-1)!;
    act(() => socket.onopen?.());
    socket.send({ type: 'video', id: 'e', status: 'published', percent: 71, failureReason: null, renditionComplete: false });
    expect(await within(card('Fundoplication')).findByText('71%')).toBeTruthy();
    socket.send({ type: 'video', id: 'e', status: 'published', percent: null, failureReason: null, renditionComplete: true });
    await waitFor(() => expect(within(card('Fundoplication')).getByTestId('video-status').textContent).toBe('Published'));
    expect(within(card('Fundoplication')).queryByRole('progressbar')).toBeNull();
  });

  it('applies progress events from the WebSocket to the list', async () => {
    mockApi(videos);
    await renderProgress();
    await screen.findByText('Sleeve gastrectomy');
    const socket = FakeWebSocket.instances.at(-1)!;
    expect(socket.url).toBe(`ws://${window.location.host}/api/live`);
    act(() => socket.onopen?.());

    socket.send({ type: 'video', id: 'a', status: 'analysing', percent: 75, failureReason: null, renditionComplete: false });
    expect(await within(card('Sleeve gastrectomy')).findByText('75%')).toBeTruthy();

    socket.send({ type: 'video', id: 'a', status: 'review', percent: null, failureReason: null, renditionComplete: false });
    await waitFor(() => expect(within(card('Sleeve gastrectomy')).getByTestId('video-status').textContent).toBe('Ready for your privacy review'));
    expect(within(card('Sleeve gastrectomy')).queryByText('75%')).toBeNull();
    expect(within(card('Sleeve gastrectomy')).getByRole('link', { name: 'Privacy review' }).getAttribute('href')).toBe('/edit-pii/a');
    // Patched in place: one list request only.
    expect(calls.filter((call) => call.url === '/api/videos/mine')).toHaveLength(1);
  });

  it('retries a failed video', async () => {
    mockApi(videos);
    await renderProgress();
    await screen.findByText('rectal.mov');
    fireEvent.click(within(card('rectal.mov')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(card('rectal.mov')).getByTestId('video-status').textContent).toBe('Privacy check running'));
    expect(calls).toContainEqual({ method: 'POST', url: '/api/videos/b/retry' });
  });

  it('reconnects with backoff after the socket closes and catches up', async () => {
    mockApi(videos);
    await renderProgress();
    await screen.findByText('Sleeve gastrectomy');
    vi.useFakeTimers();
    const first = FakeWebSocket.instances.at(-1)!;
    act(() => first.onopen?.());
    act(() => first.onclose?.());
    expect(FakeWebSocket.instances).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(FakeWebSocket.instances).toHaveLength(2);
    act(() => FakeWebSocket.instances[1]!.onopen?.());
    vi.useRealTimers();
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/videos/mine').length).toBeGreaterThan(1));
  });

  it('polls every 10 s when WebSocket is unavailable', async () => {
    vi.stubGlobal('WebSocket', undefined);
    mockApi(videos);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderProgress();
    await screen.findByText('Sleeve gastrectomy');
    expect(calls.filter((call) => call.url === '/api/videos/mine')).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/videos/mine')).toHaveLength(2));
  });

  it('shows an empty state with a link to upload', async () => {
    mockApi([]);
    await renderProgress();
    expect(await screen.findByText('You have not uploaded any videos yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload videos' }).getAttribute('href')).toBe('/upload');
  });
});
