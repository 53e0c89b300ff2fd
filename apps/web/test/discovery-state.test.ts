// The search state in the URL and the relative upload age: what a shared link restores, and what
// the results say in each language.
import { describe, expect, it } from 'vitest';
import { relativeAge, clockDuration } from '../src/features/discovery/relative-time';
import { EMPTY_SEARCH, readSearchState, searchParamsOf, withChange } from '../src/features/discovery/search-state';

describe('search state in the URL', () => {
  it('round-trips every filter, the text, the sort and the page', () => {
    const state = {
      ...EMPTY_SEARCH,
      q: 'critical view',
      surgeryType: 1,
      resolution: ['1080p' as const, '4K' as const],
      duration: ['30-60' as const],
      frameRate: ['30' as const],
      gender: ['female' as const, 'other' as const],
      bmi: ['obese' as const],
      pgs: [3, 4],
      uploaded: 'week' as const,
      sort: 'DATE_ADDED_OLD' as const,
      page: 3,
    };
    const params = searchParamsOf(state);
    expect(params.toString()).toBe(
      'q=critical+view&surgeryType=1&resolution=1080p%2C4K&duration=30-60&frameRate=30&gender=female%2Cother&bmi=obese&pgs=3%2C4&uploaded=week&sort=DATE_ADDED_OLD&page=3',
    );
    expect(readSearchState(params)).toEqual(state);
  });

  it('leaves defaults out of the URL', () => {
    expect(searchParamsOf(EMPTY_SEARCH).toString()).toBe('');
  });

  it('drops what a hand-edited link cannot mean', () => {
    const state = readSearchState(new URLSearchParams('surgeryType=42&resolution=8K,720p&gender=x&page=-3&sort=POPULAR&uploaded=yesterday&pgs=3'));
    expect(state).toEqual({ ...EMPTY_SEARCH, resolution: ['720p'] });
  });

  it('keeps the PGS grade only with its surgery type and starts again at page 1 on a change', () => {
    const chole = { ...EMPTY_SEARCH, surgeryType: 1, pgs: [2], page: 4 };
    expect(withChange(chole, { gender: ['male'] })).toEqual({ ...chole, gender: ['male'], page: 1 });
    expect(withChange(chole, { surgeryType: 5 })).toMatchObject({ surgeryType: 5, pgs: [], page: 1 });
  });
});

describe('relative upload age', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('uses seconds to years', () => {
    expect(relativeAge(ago(30), now, 'en-US')).toBe('30 seconds ago');
    expect(relativeAge(ago(3 * 3600), now, 'en-US')).toBe('3 hours ago');
    expect(relativeAge(ago(2 * 86400), now, 'en-US')).toBe('2 days ago');
    expect(relativeAge(ago(15 * 86400), now, 'en-US')).toBe('2 weeks ago');
    expect(relativeAge(ago(65 * 86400), now, 'en-US')).toBe('2 months ago');
    expect(relativeAge(ago(800 * 86400), now, 'en-US')).toBe('2 years ago');
  });

  it('speaks the interface language', () => {
    expect(relativeAge(ago(3 * 3600), now, 'de')).toBe('vor 3 Stunden');
    expect(relativeAge(ago(2 * 86400), now, 'fr')).toBe('il y a 2 jours');
    expect(relativeAge(ago(2 * 86400), now, 'ja')).toBe('2 日前');
  });

  it('shows durations as a clock', () => {
    expect(clockDuration(75)).toBe('1:15');
    expect(clockDuration(3725)).toBe('1:02:05');
  });
});
