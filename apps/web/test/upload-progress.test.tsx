// /upload-progress: this tab's files with size, percent, state and actions, the total, "Add details"
// for finished files; without uploads in this tab, the caller's unfinished videos.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@ipsv/contracts/users';
import { UploadProgressPage } from '../src/features/upload/routes/upload-progress-page';
import { getUploader, resetUploader } from '../src/features/upload/upload-store';
import { endpointNotFound, refusal } from './refusal';
import { renderWithProviders } from './render';
import { makeVideo } from './video-details-fixtures';

// Mantine and Uppy render whole forms in jsdom: allow for a slow, busy test runner.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const me = { id: 'user-1', role: 'provider' } as Profile;

function mockApi(videos = [makeVideo()]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/profile') return Response.json(me);
      if (url === '/api/videos/mine') return Response.json({ videos });
      return endpointNotFound(url);
    }),
  );
}

function addVideo(name: string, bytes: number) {
  const uppy = getUploader('user-1');
  const id = uppy.addFile({ name, type: 'video/mp4', data: new File([new Uint8Array(bytes)], name, { type: 'video/mp4' }) });
  return { uppy, id };
}

const row = (name: string) => screen.getByRole('listitem', { name });

afterEach(() => {
  resetUploader();
  vi.unstubAllGlobals();
});

describe('/upload-progress', () => {
  it('shows each file with size, percent and state, the total, and Add details when complete', async () => {
    mockApi();
    const a = addVideo('cholecystectomy.mp4', 1000);
    const b = addVideo('hernia.mp4', 3000);
    const started = Date.now();
    a.uppy.setFileState(a.id, { progress: { uploadStarted: started, uploadComplete: false, bytesUploaded: 250, bytesTotal: 1000, percentage: 25 } });
    b.uppy.setFileState(b.id, {
      progress: { uploadStarted: started, uploadComplete: true, bytesUploaded: 3000, bytesTotal: 3000, percentage: 100 },
      response: { status: 204, uploadURL: 'http://localhost/api/uploads/video-42' },
    });
    await renderWithProviders(
      <MemoryRouter>
        <UploadProgressPage />
      </MemoryRouter>,
    );

    const first = await screen.findByRole('listitem', { name: 'cholecystectomy.mp4' });
    expect(within(first).getByText('25%')).toBeTruthy();
    expect(within(first).getByText('Uploading')).toBeTruthy();
    expect(within(first).getByText('1,000 B')).toBeTruthy();
    expect(within(first).queryByRole('link', { name: /Add details/ })).toBeNull();

    const second = row('hernia.mp4');
    expect(within(second).getByText('Complete')).toBeTruthy();
    expect(
      within(second)
        .getByRole('link', { name: /Add details/ })
        .getAttribute('href'),
    ).toBe('/upload-finished?video=video-42');
    // 3,250 of 4,000 bytes.
    expect(screen.getByTestId('upload-total').textContent).toBe('81%');

    act(() => a.uppy.setFileState(a.id, { progress: { uploadStarted: started, uploadComplete: false, bytesUploaded: 900, bytesTotal: 1000, percentage: 90 } }));
    expect(within(row('cholecystectomy.mp4')).getByText('90%')).toBeTruthy();
  });

  it('pauses, resumes and cancels a file, and shows an upload error', async () => {
    mockApi();
    const a = addVideo('sleeve.mp4', 1000);
    const b = addVideo('bypass.mp4', 1000);
    const started = Date.now();
    for (const id of [a.id, b.id]) {
      a.uppy.setFileState(id, { progress: { uploadStarted: started, uploadComplete: false, bytesUploaded: 100, bytesTotal: 1000, percentage: 10 } });
    }
    await renderWithProviders(
      <MemoryRouter>
        <UploadProgressPage />
      </MemoryRouter>,
    );
    await screen.findByRole('listitem', { name: 'sleeve.mp4' });

    fireEvent.click(within(row('sleeve.mp4')).getByRole('button', { name: 'Pause sleeve.mp4' }));
    expect(within(row('sleeve.mp4')).getByText('Paused')).toBeTruthy();
    fireEvent.click(within(row('sleeve.mp4')).getByRole('button', { name: 'Resume sleeve.mp4' }));
    expect(within(row('sleeve.mp4')).getByText('Uploading')).toBeTruthy();

    fireEvent.click(within(row('sleeve.mp4')).getByRole('button', { name: 'Cancel sleeve.mp4' }));
    await waitFor(() => expect(within(screen.getByText('sleeve.mp4').closest('li')!).getByText('Cancelled')).toBeTruthy());
    expect(a.uppy.getFiles().map((file) => file.name)).toEqual(['bypass.mp4']);

    // tus reports the server's refusal as its own technical text; the row words it by its code.
    const full = refusal('DISK_FULL');
    act(() =>
      a.uppy.emit('upload-error', a.uppy.getFile(b.id), new Error('tus: unexpected response while uploading chunk'), {
        status: full.status,
        body: { xhr: { status: full.status, responseText: JSON.stringify(full.body) } as XMLHttpRequest },
      }),
    );
    expect(within(row('bypass.mp4')).getByText('Error')).toBeTruthy();
    expect(within(row('bypass.mp4')).getByRole('alert').textContent).toBe(i18next.t('errors.DISK_FULL'));
    expect(within(row('bypass.mp4')).getByRole('button', { name: 'Retry bypass.mp4' })).toBeTruthy();
  });

  it("keeps tus's own message when the answer is not the server's error body (a network failure)", async () => {
    mockApi();
    const a = addVideo('sleeve.mp4', 1000);
    a.uppy.setFileState(a.id, { progress: { uploadStarted: Date.now(), uploadComplete: false, bytesUploaded: 100, bytesTotal: 1000, percentage: 10 } });
    await renderWithProviders(
      <MemoryRouter>
        <UploadProgressPage />
      </MemoryRouter>,
    );
    await screen.findByRole('listitem', { name: 'sleeve.mp4' });
    act(() => a.uppy.emit('upload-error', a.uppy.getFile(a.id), new Error('tus: failed to upload chunk at offset 100'), undefined));
    expect(within(row('sleeve.mp4')).getByRole('alert').textContent).toBe('tus: failed to upload chunk at offset 100');
  });

  it('without uploads in this tab, lists the videos still waiting for their file or details', async () => {
    mockApi([
      makeVideo({ id: 'w1', status: 'awaiting_details', details: { title: '', fileName: 'fundoplication.mp4' } }),
      makeVideo({ id: 'w2', status: 'uploading', details: { title: '', fileName: 'proctocolectomy.mov' } }),
      makeVideo({ id: 'w3', status: 'published', details: { title: 'Published one' } }),
    ]);
    await renderWithProviders(
      <MemoryRouter>
        <UploadProgressPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('fundoplication.mp4')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add details' }).getAttribute('href')).toBe('/upload-finished?video=w1');
    expect(screen.getByText('proctocolectomy.mov')).toBeTruthy();
    expect(screen.queryByText('Published one')).toBeNull();
  });

  it('without any unfinished video, shows an empty state with a link to /upload', async () => {
    mockApi([]);
    await renderWithProviders(
      <MemoryRouter>
        <UploadProgressPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No uploads in progress')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload videos' }).getAttribute('href')).toBe('/upload');
  });
});
