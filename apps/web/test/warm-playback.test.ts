// What the video page fetches ahead of the player must be exactly what hls.js asks for first: the
// first listed rung, its init segment and the segment holding the start position.
import { describe, expect, it } from 'vitest';
import { firstRequests, firstVariant } from '../src/features/watching/api/warm-playback';

const BASE = 'https://videos.example.org/media/TOKEN/videos/v-1/v2/';
const MASTER = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360
360p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=3500000,RESOLUTION=1280x720
720p/index.m3u8
`;
const LEVEL = `#EXTM3U
#EXT-X-TARGETDURATION:6
#EXT-X-MAP:URI="init.mp4"
#EXTINF:6.000000,
segment-00000.m4s
#EXTINF:6.000000,
segment-00001.m4s
#EXTINF:2.500000,
segment-00002.m4s
#EXT-X-ENDLIST
`;

describe('warming the player’s first requests', () => {
  it('takes the first listed rung, resolved beside the signed master link', () => {
    expect(firstVariant(MASTER, `${BASE}master.m3u8`)).toBe(`${BASE}360p/index.m3u8`);
    expect(firstVariant('#EXTM3U\n', `${BASE}master.m3u8`)).toBeNull();
  });

  it('asks for the init segment and the segment that holds the start position', () => {
    const level = `${BASE}360p/index.m3u8`;
    expect(firstRequests(LEVEL, level, 0)).toEqual([`${BASE}360p/init.mp4`, `${BASE}360p/segment-00000.m4s`]);
    expect(firstRequests(LEVEL, level, 6)).toEqual([`${BASE}360p/init.mp4`, `${BASE}360p/segment-00001.m4s`]);
    expect(firstRequests(LEVEL, level, 13)).toEqual([`${BASE}360p/init.mp4`, `${BASE}360p/segment-00002.m4s`]);
    // Past the end: nothing beyond the init segment.
    expect(firstRequests(LEVEL, level, 99)).toEqual([`${BASE}360p/init.mp4`]);
  });
});
