import { describe, expect, it } from 'vitest';
import { recordPageViewSchema } from './page-views';

describe('recordPageViewSchema', () => {
  it('accepts a full path with query and fragment', () => {
    expect(recordPageViewSchema.parse({ path: '/video-search?surgeryType=1#top' })).toEqual({
      path: '/video-search?surgeryType=1#top',
    });
  });

  it.each(['', 'watch-later', '//other.host/x', 'https://example.com/', `/${'x'.repeat(2048)}`])('refuses %j', (path) => {
    expect(recordPageViewSchema.safeParse({ path }).success).toBe(false);
  });
});
