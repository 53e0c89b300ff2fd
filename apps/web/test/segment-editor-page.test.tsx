// The segment editor pages against a mocked API: the list, the word counter, validation, AI Analysis, Confirm.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Segments } from '@ipsv/contracts/segments';
import type { Video } from '@ipsv/contracts/videos';
import { EditSegmentsPage } from '../src/features/segment-editor/routes/edit-segments-page';
import { SegmentEditorPage } from '../src/features/segment-editor/routes/segment-editor-page';
import { parseClock } from '../src/features/segment-editor/segment-rows';
import { refusal } from './refusal';
import { renderWithProviders } from './render';

const segments: Segments = {
  videoId: 'v1',
  title: 'Sigmoid resection',
  durationSeconds: 600,
  fileType: 'full_procedure',
  category: null,
  isPublic: false,
  segments: [{ start: 60, end: 120, title: 'Mobilisation', category: 'dissection', description: '' }],
  previewUrl: '/media/v1/preview.mp4?sig=x',
};

type Call = { url: string; method: string; body: unknown };

function stubApi(routes: Record<string, (body: unknown) => { status: number; body: unknown }>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      const route = routes[`${method} ${url}`];
      const answer = route ? route(body) : refusal('ENDPOINT_NOT_FOUND', { method, path: url });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderEditor() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/edit-segments/v1']}>
      <Routes>
        <Route path="/edit-segments/:surgeryId" element={<EditSegmentsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const segment = (n: number) => within(screen.getByRole('group', { name: `Segment ${n}` }));
const confirmButton = () => screen.getByRole('button', { name: 'Confirm' });

afterEach(() => vi.unstubAllGlobals());

// Generous timeout: these journeys render many Mantine inputs, slow on a loaded CI machine.
describe('/edit-segments/:surgeryId', { timeout: 20_000 }, () => {
  it('shows the spec controls and the saved segment with m:ss times', async () => {
    stubApi({ 'GET /api/videos/v1/segments': () => ({ status: 200, body: segments }) });
    renderEditor();
    expect(await screen.findByText('Sigmoid resection')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'File Type' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Category' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'This content is public' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'AI Analysis' })).toBeTruthy();
    expect(segment(1).getByLabelText('Start')).toHaveProperty('value', '1:00');
    expect(segment(1).getByLabelText('End')).toHaveProperty('value', '2:00');
    expect(screen.getByLabelText('Video preview').getAttribute('src')).toBe(segments.previewUrl);
  });

  it("the description counter says '20 words remain', counts down, and shows the limit message past it", async () => {
    stubApi({ 'GET /api/videos/v1/segments': () => ({ status: 200, body: segments }) });
    renderEditor();
    await screen.findByText('Sigmoid resection');
    expect(segment(1).getByText('20 words remain')).toBeTruthy();
    const description = segment(1).getByLabelText('Description');
    fireEvent.change(description, { target: { value: 'Clip and divide the inferior mesenteric artery' } });
    expect(segment(1).getByText('13 words remain')).toBeTruthy();
    fireEvent.change(description, { target: { value: Array.from({ length: 21 }, (_, i) => `w${i}`).join(' ') } });
    expect(segment(1).getByText(i18next.t('validation.tooManyWords', { words: 20 }))).toBeTruthy();
    expect(segment(1).queryByText(/words remain/)).toBeNull();
  });

  it('an overlap shows its message and blocks Confirm', async () => {
    const calls = stubApi({ 'GET /api/videos/v1/segments': () => ({ status: 200, body: segments }) });
    renderEditor();
    await screen.findByText('Sigmoid resection');
    expect(confirmButton()).toHaveProperty('disabled', false);
    // 'Add segment' at the playhead (0:00) stops at the next segment: 0:00 – 0:30.
    fireEvent.click(screen.getByRole('button', { name: 'Add segment' }));
    const end = segment(1).getByLabelText('End');
    fireEvent.change(end, { target: { value: '1:30' } });
    fireEvent.blur(end);
    // rangeProblem's code in the segment wording ('Segments must not overlap').
    expect(screen.getByRole('alert').textContent).toBe(i18next.t('errors.RANGE_OVERLAP_segment'));
    expect(confirmButton()).toHaveProperty('disabled', true);
    fireEvent.click(confirmButton());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("words the server's refusal of Confirm for segments", async () => {
    stubApi({ 'GET /api/videos/v1/segments': () => ({ status: 200, body: segments }), 'PUT /api/videos/v1/segments': () => refusal('RANGE_OUTSIDE') });
    renderEditor();
    await screen.findByText('Sigmoid resection');
    fireEvent.click(confirmButton());
    expect((await screen.findByRole('alert')).textContent).toBe(i18next.t('errors.RANGE_OUTSIDE_segment'));
  });

  it('AI Analysis suggestions become rows that need a title; Confirm then sends the sorted segments', async () => {
    const calls = stubApi({
      'GET /api/videos/v1/segments': () => ({ status: 200, body: segments }),
      'POST /api/videos/v1/segments/suggest': () => ({
        status: 200,
        body: {
          segments: [
            { start: 300, end: 420 },
            { start: 0, end: 45 },
            { start: 500, end: 550 },
          ],
        },
      }),
      'PUT /api/videos/v1/segments': (body) => ({ status: 200, body: { ...segments, ...(body as object) } }),
    });
    renderEditor();
    await screen.findByText('Sigmoid resection');

    fireEvent.click(screen.getByRole('button', { name: 'AI Analysis' }));
    const proposals = within(await screen.findByRole('region', { name: 'Proposed segments' }));
    expect(proposals.getByText('3 segments proposed')).toBeTruthy();
    fireEvent.click(proposals.getByRole('button', { name: 'Accept 5:00 – 7:00' }));
    fireEvent.click(proposals.getByRole('button', { name: 'Accept 0:00 – 0:45' }));
    fireEvent.click(proposals.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('region', { name: 'Proposed segments' })).toBeNull();

    // Sorted by start: 0:00 (accepted), 1:00 (saved), 5:00 (accepted).
    expect(segment(1).getByLabelText('Start')).toHaveProperty('value', '0:00');
    expect(segment(2).getByLabelText(/^Title/)).toHaveProperty('value', 'Mobilisation');
    expect(segment(3).getByLabelText('Start')).toHaveProperty('value', '5:00');
    expect(screen.queryByRole('group', { name: 'Segment 4' })).toBeNull();

    // Accepted rows have no title yet: Confirm shows the required message and sends nothing.
    fireEvent.click(confirmButton());
    expect(segment(1).getByText('This field is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(segment(1).getByLabelText(/^Title/), { target: { value: 'Port placement' } });
    fireEvent.change(segment(3).getByLabelText(/^Title/), { target: { value: 'Anastomosis' } });
    fireEvent.click(screen.getByRole('switch', { name: 'This content is public' }));
    fireEvent.click(confirmButton());

    expect(await screen.findByText('The segments have been saved.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/videos/v1/segments');
    expect(put?.body).toEqual({
      fileType: 'full_procedure',
      category: null,
      isPublic: true,
      segments: [
        { start: 0, end: 45, title: 'Port placement', category: null, description: '' },
        { start: 60, end: 120, title: 'Mobilisation', category: 'dissection', description: '' },
        { start: 300, end: 420, title: 'Anastomosis', category: null, description: '' },
      ],
    });
  });

  it('Set to playhead takes the video position', async () => {
    stubApi({ 'GET /api/videos/v1/segments': () => ({ status: 200, body: segments }) });
    renderEditor();
    await screen.findByText('Sigmoid resection');
    const video = screen.getByLabelText<HTMLVideoElement>('Video preview');
    video.currentTime = 95;
    fireEvent.timeUpdate(video);
    fireEvent.click(screen.getByRole('button', { name: 'Set the end of segment 1 to the playhead' }));
    expect(segment(1).getByLabelText('End')).toHaveProperty('value', '1:35');
  });
});

describe('parseClock', () => {
  it('reads m:ss, h:mm:ss and seconds, and refuses the rest', () => {
    expect(parseClock('3:07')).toBe(187);
    expect(parseClock('1:00:05')).toBe(3605);
    expect(parseClock('42.5')).toBe(42.5);
    expect(parseClock('1:75')).toBeNull();
    expect(parseClock('abc')).toBeNull();
  });
});

describe('/segment-editor', () => {
  const video = (id: string, status: Video['status'], detailsSaved: boolean, title: string) =>
    ({ id, status, detailsSaved, details: { title, fileName: `${id}.mp4` } }) as Video;

  it('lists published videos and those with saved details, linking to their editor', async () => {
    stubApi({
      'GET /api/videos/mine': () => ({
        status: 200,
        body: {
          videos: [video('a', 'uploading', false, 'Not yet'), video('b', 'analysing', true, 'Fundoplication'), video('c', 'published', true, 'Hernia repair')],
        },
      }),
    });
    renderWithProviders(
      <MemoryRouter>
        <SegmentEditorPage />
      </MemoryRouter>,
    );
    const list = within(await screen.findByRole('list', { name: 'Videos with segments' }));
    expect(list.getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Fundoplication', '/edit-segments/b'],
      ['Hernia repair', '/edit-segments/c'],
    ]);
  });

  it('shows an empty state when there is nothing to segment', async () => {
    stubApi({ 'GET /api/videos/mine': () => ({ status: 200, body: { videos: [] } }) });
    renderWithProviders(
      <MemoryRouter>
        <SegmentEditorPage />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByText('No videos to segment')).toBeTruthy());
  });
});
