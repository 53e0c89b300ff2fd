// A page whose data failed to load says why and offers to ask again, without a reload: the
// library, the search, a provider's page and the video page. Only an answer that a user is not
// there says so; a server that could not be reached is not "internal server error".
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, renderApp, signedInUser, stubApi, type FakeAnswer } from './app-harness';
import { refusal } from './refusal';
import { initTestI18n } from './render';

beforeAll(() => initTestI18n());
afterEach(() => vi.unstubAllGlobals());

const USER_ID = '7d3b0c1e-5a2f-4f4e-9b1a-0c2d3e4f5a6b';
const VIDEO_ID = '5b0c2f52-8f4e-4c1a-9a43-2f1d1c3b7e10';
const UNREACHABLE = 'The server could not be reached. Check your connection and try again.';

/** Answers with `first` once, then with `then`. */
const failingOnce = (first: FakeAnswer | 'unreachable', then: FakeAnswer) => {
  let calls = 0;
  return () => {
    calls += 1;
    if (calls > 1) return then;
    if (first === 'unreachable') throw new TypeError('Failed to fetch');
    return first;
  };
};

describe('a page whose data failed to load', () => {
  it('watch later: says the service failed, and Retry shows the list', async () => {
    const list = {
      items: [
        {
          video: {
            available: true,
            id: VIDEO_ID,
            title: 'Robotic sleeve gastrectomy',
            ownerName: 'Ana Silva',
            thumbnailUrl: null,
            durationSeconds: 600,
            surgeryYear: 2025,
          },
          addedAt: new Date().toISOString(),
        },
      ],
      page: 1,
      pageSize: 20,
      total: 1,
    };
    stubApi(signedInUser, { '/api/watch-later?page=1': failingOnce(refusal('SERVICE_UNAVAILABLE'), json(list)) });
    renderApp('/watch-later');
    expect((await screen.findByRole('alert')).textContent).toContain('temporarily unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Robotic sleeve gastrectomy');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('search: a server that could not be reached says so, and Retry searches again', async () => {
    const empty = {
      total: 0,
      page: 1,
      pageSize: 20,
      sort: 'RELEVANCE',
      results: [],
      facets: null,
    };
    stubApi(signedInUser, { '/api/search?q=hernia&facets=true': failingOnce('unreachable', json(empty)) });
    renderApp('/video-search?q=hernia');
    expect((await screen.findByRole('alert')).textContent).toContain(UNREACHABLE);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('No videos match this search');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("a provider's page: a failure to ask is not 'this user does not exist', and Retry is offered", async () => {
    stubApi(signedInUser, { [`/api/users/${USER_ID}`]: () => refusal('INTERNAL') });
    renderApp(`/user/${USER_ID}`);
    expect((await screen.findByRole('alert')).textContent).toContain('internal server error');
    screen.getByRole('button', { name: 'Retry' });
    expect(screen.queryByText('This user does not exist or is no longer available.')).toBeNull();
  });

  it("a provider's page: an unknown user is said to be unknown, with nothing to retry", async () => {
    stubApi(signedInUser, { [`/api/users/${USER_ID}`]: refusal('USER_NOT_FOUND') });
    renderApp(`/user/${USER_ID}`);
    await screen.findByText('This user does not exist or is no longer available.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it("the video page: the spec's 'internal server error' for a server that failed, the network's words when unreachable, both with Retry", async () => {
    let answer: 'internal' | 'unreachable' = 'internal';
    const calls = stubApi(signedInUser, {
      [`/api/videos/${VIDEO_ID}/watch`]: () => {
        if (answer === 'unreachable') throw new TypeError('Failed to fetch');
        return refusal('INTERNAL');
      },
    });
    renderApp(`/video/${VIDEO_ID}`);
    expect((await screen.findByRole('alert')).textContent).toContain('internal server error');
    answer = 'unreachable';
    const asked = calls.filter((call) => call.url.endsWith('/watch')).length;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText(UNREACHABLE);
    expect(calls.filter((call) => call.url.endsWith('/watch')).length).toBe(asked + 1);
  });
});
