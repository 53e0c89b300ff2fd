// /upload: the privacy question and the Continue gating, the browser-side size refusal, the
// providers-only explanation, and what Continue sends to the tus endpoint.
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@ipsv/contracts/upload';
import type { Profile } from '@ipsv/contracts/users';
import { UploadPage } from '../src/features/upload/routes/upload-page';
import { resetUploader } from '../src/features/upload/upload-store';
import type * as TusModule from '@uppy/tus';
import { endpointNotFound } from './refusal';
import { renderWithProviders } from './render';

// Mantine and Uppy render whole forms in jsdom: allow for a slow, busy test runner.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs tus-js-client's Node build (node:http, Node streams); give Uppy's tus plugin the
// browser build's XMLHttpRequest stack, file reader and localStorage, as in a real browser.
vi.mock('@uppy/tus', async (importOriginal) => {
  const actual = await importOriginal<typeof TusModule>();
  // @ts-expect-error the browser build ships without type declarations
  const browser = (await import('tus-js-client/lib.esm/browser/index.js')) as { defaultOptions: Record<string, unknown> };
  const { httpStack, fileReader, urlStorage } = browser.defaultOptions;
  class BrowserTus extends actual.default<Record<string, unknown>, Record<string, never>> {
    constructor(uppy: ConstructorParameters<typeof actual.default>[0], opts: ConstructorParameters<typeof actual.default>[1]) {
      super(uppy as never, { ...opts, httpStack, fileReader, urlStorage } as never);
    }
  }
  return { ...actual, default: BrowserTus };
});

const profile = (role: Profile['role']): Profile => ({
  details: { middleName: '', nickname: '', preferredUsername: '', website: '', profile: '', specialty: '', biography: '' },
  id: 'user-1',
  email: 'surgeon@hospital.org',
  firstName: 'Ada',
  lastName: 'Surgeon',
  phoneNumber: null,
  role,
  pictureUrl: null,
  twoFactorEnabled: false,
  termsAccepted: true,
  termsAcceptedVersion: '2026-11-23',
  providerRequest: 'none',
});

function mockApi(role: Profile['role']) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/profile') return Response.json(profile(role));
    if (url === '/api/uploads/config') return Response.json({ companionUrl: null });
    return endpointNotFound(url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Records tus requests and never answers them, so no upload really runs. */
class RecordingXhr {
  static requests: { method: string; url: string; headers: Record<string, string> }[] = [];
  upload = {};
  readyState = 0;
  status = 0;
  responseText = '';
  withCredentials = false;
  private current = { method: '', url: '', headers: {} as Record<string, string> };
  open(method: string, url: string) {
    this.current = { method, url, headers: {} };
  }
  setRequestHeader(name: string, value: string) {
    this.current.headers[name] = value;
  }
  send() {
    RecordingXhr.requests.push(this.current);
  }
  abort() {}
  getResponseHeader() {
    return null;
  }
  getAllResponseHeaders() {
    return '';
  }
}

function renderUpload() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/upload']}>
      <Routes>
        <Route path="/upload" element={<UploadPage />} />
        <Route path="/upload-progress" element={<p>progress page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function video(name: string, size?: number) {
  const file = new File(['not really a video'], name, { type: 'video/mp4', lastModified: 1 });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function chooseFiles(...files: File[]) {
  await waitFor(() => expect(document.querySelector('.uppy-Dashboard input[type="file"]')).toBeTruthy());
  const input = document.querySelector<HTMLInputElement>('.uppy-Dashboard input[type="file"]')!;
  fireEvent.change(input, { target: { files } });
}

beforeEach(() => {
  RecordingXhr.requests = [];
});

afterEach(() => {
  resetUploader();
  vi.unstubAllGlobals();
});

describe('/upload', () => {
  it('shows the upload guidance and asks the patient-privacy question', async () => {
    mockApi('provider');
    await renderUpload();
    expect(await screen.findByText('Minimum resolution: 1,280x720 (HD or 4k recommended)')).toBeTruthy();
    expect(screen.getByText('Maximum size: 3,900MB')).toBeTruthy();
    const question = screen.getByRole('radiogroup', { name: /Could this video show anything that identifies the patient/ });
    expect(question).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'No' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: "I'm not sure" })).toBeTruthy();
  });

  it('keeps Continue disabled until a file is chosen and the question answered', async () => {
    mockApi('provider');
    await renderUpload();
    const continueButton = await screen.findByRole('button', { name: 'Continue' });
    expect(continueButton).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('radio', { name: "I'm not sure" }));
    expect(continueButton).toHaveProperty('disabled', true);

    await chooseFiles(video('cholecystectomy.mp4'), video('hernia.mp4'));
    await waitFor(() => expect(continueButton).toHaveProperty('disabled', false));
  });

  it('Continue starts tus uploads with the privacy answer as metadata and opens the progress page', async () => {
    mockApi('provider');
    vi.stubGlobal('XMLHttpRequest', RecordingXhr);
    await renderUpload();
    await chooseFiles(video('cholecystectomy.mp4'));
    fireEvent.click(await screen.findByRole('radio', { name: 'Yes' }));
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    await waitFor(() => expect(continueButton).toHaveProperty('disabled', false));
    fireEvent.click(continueButton);

    expect(await screen.findByText('progress page')).toBeTruthy();
    await waitFor(() => expect(RecordingXhr.requests.some((r) => r.method === 'POST')).toBe(true));
    const create = RecordingXhr.requests.find((r) => r.method === 'POST')!;
    expect(create.url).toBe('/api/uploads');
    const metadata = Object.fromEntries(
      create.headers['Upload-Metadata']!.split(',').map((pair) => {
        const [key, value] = pair.split(' ');
        return [key, atob(value ?? '')];
      }),
    );
    expect(metadata).toEqual({ filename: 'cholecystectomy.mp4', filetype: 'video/mp4', privacyAnswer: 'yes' });
  });

  it('refuses a file larger than the maximum size in the browser', async () => {
    mockApi('provider');
    await renderUpload();
    await chooseFiles(video('too-big.mp4', MAX_UPLOAD_BYTES + 1));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes(`too-big.mp4: ${i18next.t('errors.UPLOAD_TOO_LARGE')}`))).toBe(true),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
  });

  it('tells a viewer that only video providers can upload and links to the profile page', async () => {
    mockApi('viewer');
    await renderUpload();
    expect(await screen.findByText('Only video providers can upload videos.')).toBeTruthy();
    const link = screen.getByRole('link', { name: /Ask to become a video provider/ });
    expect(link.getAttribute('href')).toBe('/analytics/pi#provider');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});
