// What the video page fetches ahead of the player must be exactly what hls.js asks for first: the
// first listed rung, its init segment and the segment holding the start position.
import type { HlsConfig, Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderResponse } from 'hls.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstRequests, firstVariant, warmPlayback } from '../src/features/watching/api/warm-playback';
import { warmLoader } from '../src/features/watching/warm-loader';

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

describe('handing the warmed answers to hls.js', () => {
  const origin = window.location.origin;
  const master = `${origin}/media/TOKEN/videos/v-1/v2/master.m3u8`;
  const level = `${origin}/media/TOKEN/videos/v-1/v2/360p/index.m3u8`;
  const init = `${origin}/media/TOKEN/videos/v-1/v2/360p/init.mp4`;
  const first = `${origin}/media/TOKEN/videos/v-1/v2/360p/segment-00000.m4s`;

  /** hls.js's own loader, reduced to a record of what reached the network. */
  const network: string[] = [];
  class NetworkLoader implements Loader<LoaderContext> {
    context: LoaderContext | null = null;
    stats = {
      aborted: false,
      loaded: 0,
      retry: 0,
      total: 0,
      chunkCount: 0,
      bwEstimate: 0,
      loading: { start: 0, first: 0, end: 0 },
      parsing: { start: 0, end: 0 },
      buffering: { start: 0, first: 0, end: 0 },
    };
    load(context: LoaderContext, _config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>) {
      this.context = context;
      network.push(context.url);
      this.stats.loaded = 1;
      callbacks.onSuccess({ url: context.url, data: 'from the network' }, this.stats, context, null);
    }
    abort() {}
    destroy() {}
  }
  const Warm = warmLoader(NetworkLoader);
  const load = (url: string, responseType: string, extra: Partial<LoaderContext> = {}) =>
    new Promise<LoaderResponse>((resolve, reject) => {
      const loader = new Warm({} as HlsConfig);
      loader.load({ url, responseType, type: 'manifest' as LoaderContext['type'], ...extra }, {} as LoaderConfiguration, {
        onSuccess: (response, stats) => {
          expect(stats.loaded).toBeGreaterThan(0);
          expect(stats.loading.end).toBeGreaterThanOrEqual(stats.loading.start);
          resolve(response);
        },
        onError: () => reject(new Error('error')),
        onTimeout: () => reject(new Error('timeout')),
      });
    });

  const serve = (answers: Record<string, string | ArrayBuffer>) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url in answers ? new Response(answers[url]) : new Response('gone', { status: 404 }))),
    );

  afterEach(() => {
    vi.unstubAllGlobals();
    network.length = 0;
  });

  it('gives hls.js the four first answers from memory, each once, and sends it to the network for anything else', async () => {
    serve({ [master]: MASTER, [level]: LEVEL, [init]: new Uint8Array([1, 2, 3]).buffer, [first]: new ArrayBuffer(4096) });
    await warmPlayback('/media/TOKEN/videos/v-1/v2/master.m3u8', null);
    expect((await load(master, '')).data).toBe(MASTER);
    expect((await load(level, '')).data).toBe(LEVEL);
    expect(((await load(init, 'arraybuffer')).data as ArrayBuffer).byteLength).toBe(3);
    expect(((await load(first, 'arraybuffer')).data as ArrayBuffer).byteLength).toBe(4096);
    expect(network).toEqual([]);
    // Handed out once: a reload of the master playlist (or a second player) asks the network.
    expect((await load(master, '')).data).toBe('from the network');
    expect(network).toEqual([master]);
  });

  it('leaves byte ranges, the wrong kind of body and failed warm-ups to the network', async () => {
    serve({ [master]: MASTER, [level]: LEVEL, [first]: new ArrayBuffer(8) });
    await warmPlayback('/media/TOKEN/videos/v-1/v2/master.m3u8', null);
    await load(first, 'arraybuffer', { rangeStart: 0, rangeEnd: 4 });
    await load(master, 'arraybuffer');
    // The init segment answered 404 to the warm-up: hls.js fetches it itself.
    await load(init, 'arraybuffer');
    expect(network).toEqual([first, master, init]);
  });
});
