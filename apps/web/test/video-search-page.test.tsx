// /video-search in jsdom: the URL is the search (text, filters, sort, page), results show what a
// viewer needs to choose (thumbnail, owner, type, age, the matching segment), facet counts sit
// beside each filter value, and an empty result says what to try.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchResult, VideoCard } from '@ipsv/contracts/search';
import { json, renderApp, signedInUser, stubApi } from './app-harness';
import { initTestI18n } from './render';

const ID = '5b0c2f52-8f4e-4c1a-9a43-2f1d1c3b7e10';
const card: VideoCard = {
  id: ID,
  title: 'TEP inguinal hernia repair',
  ownerId: 'user-2',
  ownerName: 'Jonas Brandt',
  ownerPictureUrl: null,
  surgeryTypeId: 5,
  surgeryYear: 2025,
  thumbnailUrl: null,
  durationSeconds: 4500,
  createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  publishedAt: null,
  segment: { title: 'Mesh placement', startTime: 300 },
};
const zero = <T extends string>(keys: readonly T[]) => Object.fromEntries(keys.map((key) => [key, 0])) as Record<T, number>;
const result = (results: VideoCard[]): SearchResult => ({
  total: results.length,
  page: 1,
  pageSize: 20,
  sort: 'RELEVANCE',
  results,
  facets: {
    surgeryType: { '5': results.length },
    resolution: { ...zero(['720p', '1080p', '4K'] as const), '1080p': results.length },
    duration: { ...zero(['0-30', '30-60', '60-120', '120+'] as const), '60-120': results.length },
    frameRate: zero(['24-25', '30', '50-60'] as const),
    gender: { male: results.length, female: 3, other: 0 },
    bmi: zero(['underweight', 'normal', 'overweight', 'obese', 'severely_obese'] as const),
    pgs: zero(['1', '2', '3', '4', '5'] as const),
    uploaded: zero(['today', 'threeDays', 'week', 'month', 'threeMonths'] as const),
  },
});

beforeAll(() => initTestI18n());
afterEach(() => vi.unstubAllGlobals());

describe('/video-search', () => {
  it('shows the results of the search in the URL, with the matching segment and facet counts', async () => {
    stubApi(signedInUser, { '/api/search?q=hernia&gender=male&facets=true': json(result([card])) });
    renderApp('/video-search?q=hernia&gender=male');
    const item = await screen.findByTestId('search-result');
    expect(within(item).getAllByRole('link', { name: 'TEP inguinal hernia repair' })[0]!.getAttribute('href')).toBe(`/video/${ID}`);
    expect(item.textContent).toContain('Jonas Brandt');
    expect(item.textContent).toContain('Hernia');
    expect(item.textContent).toContain('3 days ago');
    expect(item.textContent).toContain('1:15:00');
    expect(within(item).getByTestId('segment-link').getAttribute('href')).toBe(`/video/${ID}?t=300`);
    expect(within(item).getByTestId('segment-link').textContent).toContain('Mesh placement');
    expect((screen.getByRole('checkbox', { name: 'Male (1)' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Female (3)' })).toBeTruthy();
    expect(screen.getByTestId('result-count').textContent).toBe('Videos found: 1');
    expect((screen.getByTestId('search-page-input') as HTMLInputElement).value).toBe('hernia');
  });

  it('a filter click changes the URL and starts again at page 1', async () => {
    stubApi(signedInUser, {
      '/api/search?q=hernia&gender=male&page=2&facets=true': json(result([card])),
      '/api/search?q=hernia&gender=male%2Cfemale&facets=true': json(result([card])),
    });
    const router = renderApp('/video-search?q=hernia&gender=male&page=2');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Female (3)' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=hernia&gender=male%2Cfemale'));
  });

  it('an empty result says what to try', async () => {
    stubApi(signedInUser, { '/api/search?q=zebra&surgeryType=1&gender=male&facets=true': json(result([])) });
    renderApp('/video-search?q=zebra&surgeryType=1&gender=male');
    expect(await screen.findByText('No videos match this search')).toBeTruthy();
    const hint = screen.getByTestId('empty-state').textContent ?? '';
    expect(hint).toContain('Check the spelling');
    expect(hint).toContain('Remove some filters.');
    expect(hint).toContain('Choose “All” as the surgery type.');
  });
});
