// The details form of /edit-video and /upload-finished: validation, the PGS field, Undo Changes,
// the body Save sends, the server's message, and the rejected-video view.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SURGERY_TYPE_SEED } from '@ipsv/contracts/surgery-types';
import type { Video } from '@ipsv/contracts/videos';
import { EditVideoPage } from '../src/features/video-details/routes/edit-video-page';
import { UploadFinishedPage } from '../src/features/video-details/routes/upload-finished-page';
import { endpointNotFound, fieldRefusal, refusal } from './refusal';
import { renderWithProviders } from './render';
import { makeVideo } from './video-details-fixtures';

// Mantine and Uppy render whole forms in jsdom: allow for a slow, busy test runner.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function mockApi(video: Video, saveReply?: (body: unknown) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      calls.push({ method, url, body });
      if (url === '/api/surgery-types') return Response.json({ surgeryTypes: SURGERY_TYPE_SEED });
      if (url === `/api/videos/${video.id}` && method === 'GET') return Response.json(video);
      if (url === `/api/videos/${video.id}` && method === 'DELETE') return new Response(null, { status: 204 });
      if (url === `/api/videos/${video.id}/thumbnails`) return Response.json({ frames: [], uploadUrl: null });
      if (url === `/api/videos/${video.id}/details` && method === 'PUT') {
        if (saveReply) return saveReply(body);
        const details = body as Video['details'];
        return Response.json({ ...video, details, detailsSaved: true });
      }
      if (url === '/api/videos/mine') return Response.json({ videos: [video] });
      return endpointNotFound(url, method);
    }),
  );
  return calls;
}

function renderEdit(videoId = 'v1') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/edit-video/${videoId}`]}>
      <Routes>
        <Route path="/edit-video/:surgeryId" element={<EditVideoPage />} />
        <Route path="/progress" element={<p>progress page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const saves = (calls: Call[]) => calls.filter((call) => call.method === 'PUT' && call.url.endsWith('/details'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('video details form', () => {
  it('shows the spec fields with the file name prefilled and the quality read-only', async () => {
    mockApi(makeVideo());
    await renderEdit();
    const title = (await screen.findByRole('textbox', { name: /^Title/ })) as HTMLInputElement;
    expect(title.value).toBe('Laparoscopic hernia repair');
    expect(screen.getByText('Patient Specifics')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^File Name/ }) as HTMLInputElement).value).toBe('hernia.mp4');
    const quality = screen.getByRole('textbox', { name: 'Video Quality' }) as HTMLInputElement;
    expect(quality.value).toBe('1080p');
    expect(quality.readOnly).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Video Link' })).toBeTruthy();
    expect(screen.getByText('Preparing frames from the video…')).toBeTruthy();
  });

  it('says what automatic publication does: only where this server allows it, and only with a certain privacy check', async () => {
    mockApi(makeVideo());
    await renderEdit();
    await screen.findByRole('switch', { name: /Publish automatically when the privacy check finds nothing/ });
    const description = screen.getByText(/If this server allows automatic publication/);
    expect(description.textContent).toContain('If this server allows automatic publication');
    expect(description.textContent).toContain('certain of every frame it examined');
    expect(description.textContent).toContain('you are told why');
  });

  it('says the title is required and sends nothing while it is empty', async () => {
    const calls = mockApi(makeVideo());
    await renderEdit();
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saves(calls)).toHaveLength(0);
  });

  it('offers the PGS grade only when the surgery type is Cholecystectomy', async () => {
    mockApi(makeVideo());
    await renderEdit();
    await screen.findByRole('textbox', { name: /^Title/ });
    expect(screen.queryByRole('textbox', { name: 'PGS grade' })).toBeNull();

    fireEvent.click(screen.getByRole('textbox', { name: 'Surgery Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cholecystectomy' }));
    expect(await screen.findByRole('textbox', { name: 'PGS grade' })).toBeTruthy();

    fireEvent.click(screen.getByRole('textbox', { name: 'Surgery Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sleeve Gastrectomy' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'PGS grade' })).toBeNull());
  });

  it('Undo Changes goes back to the last saved values', async () => {
    mockApi(makeVideo());
    await renderEdit();
    const title = (await screen.findByRole('textbox', { name: /^Title/ })) as HTMLInputElement;
    const undo = screen.getByRole('button', { name: 'Undo Changes' });
    expect(undo).toHaveProperty('disabled', true);
    fireEvent.change(title, { target: { value: 'Something else' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Surgery Event' }), { target: { value: 'Bleeding' } });
    expect(undo).toHaveProperty('disabled', false);
    fireEvent.click(undo);
    expect(title.value).toBe('Laparoscopic hernia repair');
    expect((screen.getByRole('textbox', { name: 'Surgery Event' }) as HTMLInputElement).value).toBe('');
  });

  it('Save sends the parsed body and confirms; Undo then returns to the new saved values', async () => {
    const calls = mockApi(makeVideo());
    await renderEdit();
    const title = (await screen.findByRole('textbox', { name: /^Title/ })) as HTMLInputElement;
    fireEvent.change(title, { target: { value: '  Hernia repair, TAPP  ' } });
    fireEvent.change(screen.getByLabelText('Surgery date'), { target: { value: '2024-03-01' } });
    fireEvent.click(screen.getByRole('radio', { name: 'People and domains I list' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Allowed emails and domains' }), {
      target: { value: 'Colleague@Hospital.org\n@clinic.org, @clinic.org' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The video details were saved.')).toBeTruthy();
    const [save] = saves(calls);
    expect(save?.url).toBe('/api/videos/v1/details');
    expect(save?.body).toMatchObject({
      title: 'Hernia repair, TAPP',
      surgeryTypeId: 5,
      surgeryDate: '2024-03-01',
      surgeryYear: 2024,
      pgsGrade: null,
      fileName: 'hernia.mp4',
      visibility: 'whitelist',
      whitelist: ['colleague@hospital.org', '@clinic.org'],
      autoConfirm: false,
    });

    fireEvent.change(title, { target: { value: 'Changed again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Undo Changes' }));
    expect(title.value).toBe('Hernia repair, TAPP');
  });

  it('shows a field message for a bad whitelist entry instead of sending', async () => {
    const calls = mockApi(makeVideo({ details: { visibility: 'whitelist' } }));
    await renderEdit();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Allowed emails and domains' }), { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(i18next.t('validation.whitelistEntry'), { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
    expect(saves(calls)).toHaveLength(0);
  });

  const answer =
    ({ status, body }: { status: number; body: unknown }) =>
    () =>
      Response.json(body, { status });

  it("shows the server's detail when saving fails for a reason without words of its own", async () => {
    mockApi(makeVideo(), answer(fieldRefusal('surgeryTypeId', 'invalid', 'Unknown surgery type')));
    await renderEdit();
    await screen.findByRole('textbox', { name: /^Title/ });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(i18next.t('errors.VALIDATION_ERROR', { detail: 'Unknown surgery type' }));
    expect(screen.queryByText('The video details were saved.')).toBeNull();
  });

  it("words a field the server refused by the field's rule", async () => {
    mockApi(makeVideo(), answer(fieldRefusal('surgeryDate', 'futureDate', 'The surgery date cannot be in the future')));
    await renderEdit();
    await screen.findByRole('textbox', { name: /^Title/ });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(i18next.t('validation.futureDate'));
  });

  it('says a chosen frame lies in a part removed for privacy', async () => {
    mockApi(makeVideo(), answer(refusal('FRAME_REMOVED', { time: 19 })));
    await renderEdit();
    await screen.findByRole('textbox', { name: /^Title/ });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(i18next.t('errors.FRAME_REMOVED'));
  });

  it('goes to /progress after the first save on /upload-finished', async () => {
    const calls = mockApi(makeVideo({ detailsSaved: false, details: { title: '' } }));
    await renderWithProviders(
      <MemoryRouter initialEntries={['/upload-finished?video=v1']}>
        <Routes>
          <Route path="/upload-finished" element={<UploadFinishedPage />} />
          <Route path="/progress" element={<p>progress page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /^Title/ }), { target: { value: 'Sleeve gastrectomy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('progress page')).toBeTruthy();
    expect(saves(calls)[0]?.body).toMatchObject({ title: 'Sleeve gastrectomy' });
  });
});

describe('rejected video', () => {
  const rejected = makeVideo({
    status: 'rejected',
    violations: [
      { code: 'duration', message: 'The video is 3 seconds long; the minimum duration is 5 seconds.', params: { seconds: 3 } },
      {
        code: 'orientation',
        message: 'The video is vertical (720x1280); vertical and square videos are not accepted, please upload a landscape video.',
        params: { width: 720, height: 1280 },
      },
    ],
  });

  it('shows why the video was refused instead of the form, and deletes it', async () => {
    const calls = mockApi(rejected);
    await renderEdit();
    const violations = await screen.findByTestId('violations');
    expect(within(violations).getByText('The video is 3 seconds long; the minimum duration is 5 seconds.')).toBeTruthy();
    expect(
      within(violations).getByText('The video is vertical (720x1280); vertical and square videos are not accepted, please upload a landscape video.'),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Title/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the video' }));
    expect(await screen.findByText('progress page')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/videos/v1')).toBe(true);
  });
});
