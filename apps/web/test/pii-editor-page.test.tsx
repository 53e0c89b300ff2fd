// The personal-information editor pages against a mocked API: list, load, edit, save, not ready.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PrivacyReview } from '@ipsv/contracts/privacy-review';
import type { Video } from '@ipsv/contracts/videos';
import { EditPiiPage } from '../src/features/pii-editor/routes/edit-pii-page';
import { PiiEditorPage } from '../src/features/pii-editor/routes/pii-editor-page';
import { endpointNotFound, refusal } from './refusal';
import { renderWithProviders } from './render';

const review: PrivacyReview = {
  videoId: 'v1',
  title: 'Laparoscopic cholecystectomy',
  durationSeconds: 60,
  originalUrl: '/media/v1/original.mp4?sig=x',
  filmstrip: { vttUrl: '/media/v1/strip.vtt?sig=x', spriteUrl: '/media/v1/strip.jpg?sig=x', interval: 5, tileWidth: 160, tileHeight: 90, columns: 4 },
  threshold: 0.5,
  track: [
    { time: 0, score: 0.9, reason: 'out_of_body' },
    { time: 5, score: 0.2, reason: 'out_of_body' },
    { time: 20, score: 0.8, reason: 'face' },
  ],
  proposed: [
    { start: 0, end: 4, reasons: ['out_of_body'], confidence: 0.93 },
    { start: 20, end: 25, reasons: ['face', 'text'], confidence: 0.81 },
  ],
  proposedMasks: [{ x: 0.02, y: 0.03, width: 0.3, height: 0.08, start: 0, end: 60, reason: 'text', confidence: 0.97 }],
  faceMasks: [],
  confirmed: null,
  confirmedMasks: null,
  confirmedBy: null,
  confirmedByName: null,
  confirmedAt: null,
  nextVersion: 1,
  draft: null,
};

type Call = { url: string; method: string; body: unknown };

function stubApi(routes: Record<string, { status: number; body: unknown }>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith('.vtt?sig=x')) {
        return new Response(
          'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nstrip.jpg#xywh=0,0,160,90\n\n00:00:05.000 --> 00:00:10.000\nstrip.jpg#xywh=160,0,160,90\n',
        );
      }
      const route = routes[`${method} ${url}`];
      if (!route) return endpointNotFound(url, method);
      return new Response(route.status === 204 ? null : JSON.stringify(route.body), { status: route.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderEditor() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/edit-pii/v1']}>
      <Routes>
        <Route path="/edit-pii/:surgeryId" element={<EditPiiPage />} />
        <Route path="/progress" element={<h1>Progress page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const ranges = () => within(screen.getByRole('group', { name: 'Ranges to remove' })).getAllByRole('button');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Generous timeout: these journeys render the whole editor, slow on a loaded CI machine.
describe('/edit-pii/:surgeryId', { timeout: 20_000 }, () => {
  it('loads the review: video, ranges with their translated reasons and confidence, filmstrip tiles', async () => {
    stubApi({ 'GET /api/videos/v1/review': { status: 200, body: review } });
    renderEditor();
    expect(await screen.findByText('Laparoscopic cholecystectomy')).toBeTruthy();
    expect(screen.getByLabelText('Original video').getAttribute('src')).toBe(review.originalUrl);
    expect(ranges().map((b) => b.getAttribute('aria-label'))).toEqual([
      'Remove 0:00.0 to 0:04.0: Out of body · 93 % confidence',
      'Remove 0:20.0 to 0:25.0: Face, Text · 81 % confidence',
    ]);
    const table = screen.getByRole('table', { name: 'Ranges to remove' });
    expect(within(table).getByText('Face, Text')).toBeTruthy();
    expect(screen.getByTestId('threshold-line').getAttribute('y1')).toBe('0.5');
    await waitFor(() => expect(screen.getByTestId('filmstrip').children).toHaveLength(2));
    expect(screen.getByTestId('filmstrip').children[1]!.getAttribute('data-xywh')).toBe('160,0,160,90');
    expect(screen.getByText('Saving confirms these ranges and starts the render of the published video.')).toBeTruthy();
  });

  it('Save sends the edited ranges and goes to /progress', async () => {
    const calls = stubApi({
      'GET /api/videos/v1/review': { status: 200, body: review },
      'PUT /api/videos/v1/review': { status: 200, body: { id: 'v1', status: 'rendering' } },
      'GET /api/videos/mine': { status: 200, body: { videos: [] } },
    });
    renderEditor();
    await screen.findByText('Laparoscopic cholecystectomy');

    // Move the first range 1 s right with Shift+Arrow, then delete the second with the Delete key.
    fireEvent.keyDown(ranges()[0]!, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(ranges()[1]!, { key: 'Delete' });
    // Grow the first range's end by 0.1 s through its edge handle.
    fireEvent.focus(ranges()[0]!);
    fireEvent.keyDown(screen.getByRole('slider', { name: 'End of the selected range' }), { key: 'ArrowRight' });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Progress page' })).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/videos/v1/review');
    expect(put?.body).toEqual({ ranges: [{ start: 1, end: 5.1, reasons: ['out_of_body'], confidence: 0.93 }], masks: review.proposedMasks });
  });

  it('keeps the edits as a draft a moment after the last one, and says so; nothing is confirmed', async () => {
    const savedAt = '2026-11-27T09:41:00.000Z';
    const calls = stubApi({
      'GET /api/videos/v1/review': { status: 200, body: review },
      'PUT /api/videos/v1/review/draft': {
        status: 200,
        body: { ranges: [{ start: 0, end: 4, reasons: ['out_of_body'], confidence: 0.93 }], masks: review.proposedMasks, savedAt },
      },
    });
    renderEditor();
    await screen.findByText('Laparoscopic cholecystectomy');
    expect(screen.getByTestId('draft-status').textContent).toBe('');
    fireEvent.keyDown(ranges()[1]!, { key: 'Delete' });
    const time = new Date(savedAt).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' });
    await waitFor(() => expect(screen.getByTestId('draft-status').textContent).toBe(`Changes kept as a draft at ${time}; nothing is published before Save.`), {
      timeout: 5_000,
    });
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toEqual([
      {
        url: '/api/videos/v1/review/draft',
        method: 'PUT',
        body: { ranges: [{ start: 0, end: 4, reasons: ['out_of_body'], confidence: 0.93 }], masks: review.proposedMasks },
      },
    ]);
  });

  it('sends drafts one at a time, in order (the server keeps the last it receives)', async () => {
    const events: string[] = [];
    let first = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === '/api/videos/v1/review') return new Response(JSON.stringify(review), { headers: { 'content-type': 'application/json' } });
        if (url === '/api/videos/v1/review/draft') {
          const body = JSON.parse(String(init.body)) as { ranges: unknown[] };
          const name = `${body.ranges.length} ranges`;
          events.push(`start ${name}`);
          // The first answer is slow: the second edit's draft must wait for it.
          if (first) {
            first = false;
            await new Promise((resolve) => setTimeout(resolve, 2_500));
          }
          events.push(`end ${name}`);
          return new Response(JSON.stringify({ ...body, masks: review.proposedMasks, savedAt: '2026-11-27T09:41:00.000Z' }), {
            headers: { 'content-type': 'application/json' },
          });
        }
        return endpointNotFound(url, init.method ?? 'GET');
      }),
    );
    renderEditor();
    await screen.findByText('Laparoscopic cholecystectomy');
    fireEvent.keyDown(ranges()[1]!, { key: 'Delete' });
    await waitFor(() => expect(events).toEqual(['start 1 ranges']), { timeout: 5_000 });
    fireEvent.keyDown(ranges()[0]!, { key: 'Delete' });
    await waitFor(() => expect(events).toEqual(['start 1 ranges', 'end 1 ranges', 'start 0 ranges', 'end 0 ranges']), { timeout: 8_000 });
  });

  it('says when the draft could not be kept, and keeps the edits on the page', async () => {
    stubApi({
      'GET /api/videos/v1/review': { status: 200, body: review },
      'PUT /api/videos/v1/review/draft': { status: 500, body: { code: 'INTERNAL', message: 'internal server error' } },
    });
    renderEditor();
    await screen.findByText('Laparoscopic cholecystectomy');
    fireEvent.keyDown(ranges()[1]!, { key: 'Delete' });
    await waitFor(() => expect(screen.getByTestId('draft-status').textContent).toBe('Your changes could not be kept as a draft; they are still here.'), {
      timeout: 5_000,
    });
    expect(ranges()).toHaveLength(1);
  });

  it('opens on the draft left unsaved, says so, and Discard goes back to the proposal (Undo brings the draft back)', async () => {
    const draft = { ranges: [{ start: 30, end: 31, reasons: ['manual' as const], confidence: null }], masks: [], savedAt: '2026-11-27T08:15:00.000Z' };
    stubApi({ 'GET /api/videos/v1/review': { status: 200, body: { ...review, draft } } });
    renderEditor();
    await screen.findByText('Laparoscopic cholecystectomy');
    expect(ranges()).toHaveLength(1);
    expect(ranges()[0]!.getAttribute('aria-label')).toContain('Remove 0:30.0 to 0:31.0');
    const time = new Date(draft.savedAt).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' });
    expect(screen.getByText(`Your unsaved changes from ${time} were restored.`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(ranges()).toHaveLength(2);
    expect(screen.queryByText(`Your unsaved changes from ${time} were restored.`)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(ranges()).toHaveLength(1);
  });

  it('Undo and Redo restore the ranges, with the buttons and with Ctrl+Z / Ctrl+Shift+Z', async () => {
    stubApi({ 'GET /api/videos/v1/review': { status: 200, body: review } });
    renderEditor();
    await screen.findByText('Laparoscopic cholecystectomy');
    const undoButton = screen.getByRole('button', { name: 'Undo' });
    expect(undoButton).toHaveProperty('disabled', true);

    // Split at the playhead (0:02, inside the first range).
    const video = screen.getByLabelText<HTMLVideoElement>('Original video');
    video.currentTime = 2;
    fireEvent.timeUpdate(video);
    fireEvent.click(screen.getByRole('button', { name: 'Split Video' }));
    expect(ranges()).toHaveLength(3);

    fireEvent.click(undoButton);
    expect(ranges()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(ranges()).toHaveLength(3);
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(ranges()).toHaveLength(2);
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(ranges()[1]!.getAttribute('aria-label')).toContain('Remove 0:02.0 to 0:04.0');
  });

  it('drags a range with the mouse: the body moves it, stopping at its neighbour', async () => {
    stubApi({ 'GET /api/videos/v1/review': { status: 200, body: review } });
    // 600 px for 60 s: one pixel is 0.1 s.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      width: 600,
      top: 0,
      height: 40,
      right: 600,
      bottom: 40,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    renderEditor();
    await screen.findByText('Laparoscopic cholecystectomy');
    fireEvent.pointerDown(ranges()[0]!, { button: 0, clientX: 10, pointerId: 1 });
    fireEvent.pointerMove(ranges()[0]!, { clientX: 40, pointerId: 1 });
    fireEvent.pointerUp(ranges()[0]!, { clientX: 40, pointerId: 1 });
    expect(ranges()[0]!.getAttribute('aria-label')).toContain('Remove 0:03.0 to 0:07.0');
    fireEvent.pointerDown(ranges()[0]!, { button: 0, clientX: 40, pointerId: 1 });
    fireEvent.pointerMove(ranges()[0]!, { clientX: 400, pointerId: 1 });
    fireEvent.pointerUp(ranges()[0]!, { clientX: 400, pointerId: 1 });
    expect(ranges()[0]!.getAttribute('aria-label')).toContain('Remove 0:16.0 to 0:20.0');
  });

  // ORIGINAL_DELETED: retention deleted the original since the editor opened; nothing was queued.
  it.each(['RANGE_OVERLAP', 'NOTHING_LEFT', 'MASK_OUTSIDE_FRAME', 'MASK_TIME', 'TOO_MANY_MASKS', 'ORIGINAL_DELETED'] as const)(
    "shows the server's refusal %s, by its code, when Save is refused",
    async (code) => {
      stubApi({
        'GET /api/videos/v1/review': { status: 200, body: review },
        'PUT /api/videos/v1/review': refusal(code),
      });
      renderEditor();
      await screen.findByText('Laparoscopic cholecystectomy');
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect((await screen.findByRole('alert')).textContent).toBe(i18next.t(`errors.${code}`));
    },
  );

  it('asks before publishing with zero ranges', async () => {
    const calls = stubApi({
      'GET /api/videos/v1/review': { status: 200, body: { ...review, proposed: [], proposedMasks: [] } },
      'PUT /api/videos/v1/review': { status: 200, body: { id: 'v1', status: 'rendering' } },
      'GET /api/videos/mine': { status: 200, body: { videos: [] } },
    });
    renderEditor();
    await screen.findByText('No ranges will be removed.');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Nothing will be removed. Publish the whole video?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publish the whole video' }));
    expect(await screen.findByRole('heading', { name: 'Progress page' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ranges: [], masks: [] });
  });

  it('shows the proposed masks over the video and on the timeline with their reasons; add, move, resize, retime, delete, with Undo/Redo, and Save sends them', async () => {
    const calls = stubApi({
      'GET /api/videos/v1/review': { status: 200, body: review },
      'PUT /api/videos/v1/review': { status: 200, body: { id: 'v1', status: 'rendering' } },
      'GET /api/videos/mine': { status: 200, body: { videos: [] } },
    });
    // The picture (and the timeline) 1000 px wide, 500 px high: 10 px is 1 % across, 2 % down.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      width: 1000,
      top: 0,
      height: 500,
      right: 1000,
      bottom: 500,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    renderEditor();
    await screen.findByText('Laparoscopic cholecystectomy');
    const lane = () => within(screen.getByRole('group', { name: 'Masks' })).getAllByRole('button');
    const boxes = () => screen.queryAllByTestId('mask-box');
    // The overlay's mask, over the picture at the playhead (0:00) and on the timeline, with its reason.
    expect(lane()).toHaveLength(1);
    expect(lane()[0]!.getAttribute('aria-label')).toBe('Mask (On-screen text) from 0:00.0 to 1:00.0');
    expect(boxes()).toHaveLength(1);
    expect(within(screen.getByRole('table', { name: 'Masks' })).getByText('2 %, 3 % · 30 × 8 %')).toBeTruthy();

    // Add one at the playhead (moved to 0:10 first): it shows from 0:10 for 10 s, selected.
    const video = screen.getByLabelText<HTMLVideoElement>('Original video');
    video.currentTime = 10;
    fireEvent.timeUpdate(video);
    fireEvent.click(screen.getByRole('button', { name: 'Add mask' }));
    expect(lane()).toHaveLength(2);
    expect(lane()[1]!.getAttribute('aria-label')).toBe('Mask (Drawn by you) from 0:10.0 to 0:20.0');
    const added = () => boxes().find((b) => b.getAttribute('aria-label')!.includes('Drawn by you'))!;
    expect(added().style.left).toBe('35%');

    // Drag it 100 px right and 50 px down (10 % and 10 %): one step of the history.
    fireEvent.pointerDown(added(), { button: 0, clientX: 400, clientY: 200, pointerId: 1 });
    fireEvent.pointerMove(added(), { clientX: 500, clientY: 250, pointerId: 1 });
    fireEvent.pointerUp(added(), { clientX: 500, clientY: 250, pointerId: 1 });
    expect(added().style.left).toBe('45%');
    expect(added().style.top).toBe('45%');
    // Resize from its corner handle: 50 px left (5 %), and with Shift+ArrowDown 1 % taller.
    const handle = screen.getByRole('button', { name: 'Resize the selected mask' });
    fireEvent.pointerDown(handle, { button: 0, clientX: 750, clientY: 375, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 700, clientY: 375, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 700, clientY: 375, pointerId: 1 });
    expect(added().style.width).toBe('25%');
    fireEvent.keyDown(added(), { key: 'ArrowDown', shiftKey: true });
    expect(added().style.height).toBe('31%');
    // Its end from the playhead (0:15), and its time shifted 1 s right on the timeline.
    video.currentTime = 15;
    fireEvent.timeUpdate(video);
    fireEvent.click(within(screen.getByRole('table', { name: 'Masks' })).getAllByRole('button', { name: 'End at playhead' })[1]!);
    fireEvent.keyDown(lane()[1]!, { key: 'ArrowRight', shiftKey: true });
    expect(lane()[1]!.getAttribute('aria-label')).toBe('Mask (Drawn by you) from 0:11.0 to 0:16.0');

    // Undo walks back one edit at a time, Redo forward.
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(lane()[1]!.getAttribute('aria-label')).toBe('Mask (Drawn by you) from 0:10.0 to 0:15.0');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(lane()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(lane()).toHaveLength(1);
    for (let i = 0; i < 6; i++) fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(lane()[1]!.getAttribute('aria-label')).toBe('Mask (Drawn by you) from 0:11.0 to 0:16.0');

    // Delete the overlay's mask from the table; Save sends the one left.
    fireEvent.click(screen.getByRole('button', { name: 'Delete the On-screen text mask from 0:00.0' }));
    expect(lane()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Progress page' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ranges: review.proposed,
      masks: [{ x: 0.45, y: 0.45, width: 0.25, height: 0.31, start: 11, end: 16, reason: 'manual', confidence: null }],
    });
  });

  it('offers to mask faces found in an inset instead of removing their frames, as one step of Undo', async () => {
    const face = { x: 0.7, y: 0.05, width: 0.1, height: 0.15, start: 21, end: 23, reason: 'face' as const, confidence: 0.95 };
    const calls = stubApi({
      'GET /api/videos/v1/review': {
        status: 200,
        body: { ...review, proposed: [review.proposed[0], { start: 20, end: 25, reasons: ['face'], confidence: 0.9 }], proposedMasks: [], faceMasks: [face] },
      },
      'PUT /api/videos/v1/review': { status: 200, body: { id: 'v1', status: 'rendering' } },
      'GET /api/videos/mine': { status: 200, body: { videos: [] } },
    });
    renderEditor();
    await screen.findByText('Laparoscopic cholecystectomy');
    expect(ranges()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Mask faces instead of removing them (1)' }));
    expect(ranges()).toHaveLength(1);
    expect(
      within(screen.getByRole('group', { name: 'Masks' }))
        .getByRole('button')
        .getAttribute('aria-label'),
    ).toBe('Mask (Face in an inset) from 0:20.0 to 0:25.0');
    expect(screen.getByRole('button', { name: 'Mask faces instead of removing them (1)' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(ranges()).toHaveLength(2);
    expect(screen.queryByRole('group', { name: 'Masks' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Progress page' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ranges: [review.proposed[0]], masks: [{ ...face, start: 20, end: 25 }] });
  });

  it('says the original was deleted after its retention period when the review answers ORIGINAL_DELETED, and shows no editor', async () => {
    stubApi({ 'GET /api/videos/v1/review': refusal('ORIGINAL_DELETED') });
    renderEditor();
    expect((await screen.findByRole('alert')).textContent).toContain(i18next.t('errors.ORIGINAL_DELETED'));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('says the analysis has not finished when the review answers REVIEW_NOT_READY, with a link to /progress', async () => {
    stubApi({ 'GET /api/videos/v1/review': refusal('REVIEW_NOT_READY') });
    renderEditor();
    expect(await screen.findByText(i18next.t('errors.REVIEW_NOT_READY'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Follow the processing' }).getAttribute('href')).toBe('/progress');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('tells a video the upload checks refused from one still being analysed, although both answer 409', async () => {
    stubApi({ 'GET /api/videos/v1/review': refusal('UPLOAD_REJECTED', { reasons: ['duration', 'orientation'] }) });
    renderEditor();
    const alert = await screen.findByRole('alert');
    const reasons = `${i18next.t('errors.uploadReasons.duration')}, ${i18next.t('errors.uploadReasons.orientation')}`;
    expect(alert.textContent).toBe(i18next.t('errors.UPLOAD_REJECTED', { reasons }));
    expect(screen.queryByText(i18next.t('errors.REVIEW_NOT_READY'))).toBeNull();
    expect(screen.queryByRole('link', { name: 'Follow the processing' })).toBeNull();
  });

  it('shows who confirmed a published video by name, never their id, and the version Save will create', async () => {
    stubApi({
      'GET /api/videos/v1/review': {
        status: 200,
        body: {
          ...review,
          confirmed: review.proposed,
          confirmedBy: 'f3b1c2d4-user-id',
          confirmedByName: 'Ada Lovelace',
          confirmedAt: '2025-03-01T10:00:00Z',
          nextVersion: 3,
        },
      },
    });
    renderEditor();
    const confirmedBy = (await screen.findByTestId('confirmed-by')).textContent;
    expect(confirmedBy).toContain('Confirmed by Ada Lovelace');
    expect(confirmedBy).not.toContain('f3b1c2d4-user-id');
    expect(screen.getByText(/Saving creates version 3\./)).toBeTruthy();
  });

  it('says an automatic confirmation was automatic, because the privacy check found nothing', async () => {
    stubApi({
      'GET /api/videos/v1/review': {
        status: 200,
        body: { ...review, proposed: [], confirmed: [], confirmedBy: 'auto', confirmedByName: 'auto', confirmedAt: '2025-03-01T10:00:00Z', nextVersion: 2 },
      },
    });
    renderEditor();
    const confirmedBy = (await screen.findByTestId('confirmed-by')).textContent;
    expect(confirmedBy).toMatch(/^Confirmed automatically \(the privacy check found nothing\) on /);
    expect(confirmedBy).not.toContain('auto ');
  });

  it('draws each score line to the end of the video and labels the time scale at its start, middle and end', async () => {
    stubApi({ 'GET /api/videos/v1/review': { status: 200, body: review } });
    renderEditor();
    await screen.findByText('Laparoscopic cholecystectomy');
    const track = screen.getByTestId('score-track');
    // The last out-of-body sample is at 5 s and the last face sample at 20 s; both hold to 60 s.
    const lastPoint = (reason: string) => track.querySelector(`polyline[data-reason="${reason}"]`)!.getAttribute('points')!.split(' ').at(-1);
    expect(lastPoint('out_of_body')).toBe('60,0.8');
    expect(lastPoint('face')).toBe('60,0.19999999999999996');
    expect([...screen.getByTestId('time-scale').children].map((label) => label.textContent)).toEqual(['0:00.0', '0:30.0', '1:00.0']);
    // The playhead's own position is shown beside the editing buttons.
    const video = screen.getByLabelText<HTMLVideoElement>('Original video');
    video.currentTime = 12.3;
    fireEvent.timeUpdate(video);
    expect(screen.getByTestId('playhead-position').textContent).toBe('Playhead 0:12.3');
  });
});

describe('/pii-editor', () => {
  const video = (id: string, status: Video['status'], title: string) =>
    ({ id, status, publishedVersion: status === 'published' ? 1 : 0, details: { title, fileName: `${id}.mp4` } }) as Video;

  it('lists videos awaiting review first, then published ones, linking to their editor', async () => {
    stubApi({
      'GET /api/videos/mine': {
        status: 200,
        body: { videos: [video('a', 'published', 'Hernia repair'), video('b', 'analysing', 'Still analysing'), video('c', 'review', 'Sleeve gastrectomy')] },
      },
    });
    renderWithProviders(
      <MemoryRouter>
        <PiiEditorPage />
      </MemoryRouter>,
    );
    const list = await screen.findByRole('list', { name: 'Videos to review' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Sleeve gastrectomy', '/edit-pii/c'],
      ['Hernia repair', '/edit-pii/a'],
    ]);
  });

  it('says which video holds unsaved review edits, and since when', async () => {
    const savedAt = '2026-11-27T08:15:00.000Z';
    stubApi({
      'GET /api/videos/mine': {
        status: 200,
        body: { videos: [{ ...video('c', 'review', 'Sleeve gastrectomy'), reviewDraftSavedAt: savedAt }, video('a', 'published', 'Hernia repair')] },
      },
    });
    renderWithProviders(
      <MemoryRouter>
        <PiiEditorPage />
      </MemoryRouter>,
    );
    const list = await screen.findByRole('list', { name: 'Videos to review' });
    const time = new Date(savedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    expect(within(list).getByText(`Unsaved changes from ${time}: open to go on, then Save`)).toBeTruthy();
    expect(within(list).getByText('Published (version 1); a new review renders a new version')).toBeTruthy();
  });

  it('shows an empty state when nothing can be reviewed', async () => {
    stubApi({ 'GET /api/videos/mine': { status: 200, body: { videos: [video('b', 'analysing', 'Still analysing')] } } });
    renderWithProviders(
      <MemoryRouter>
        <PiiEditorPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No videos to review')).toBeTruthy();
  });
});
