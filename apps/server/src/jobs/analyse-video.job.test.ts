import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '@ipsv/deid/analyse';
import type { PrivacyAnalyser } from '../platform/media/privacy-analyser.js';
import { createLifecycle } from '../modules/videos/video-lifecycle.js';
import { fakeMediaTools } from '../testing/fake-media.js';
import { fakeQueue, fakeStorage, fakeVideosRepository, jobContext } from '../testing/fakes.js';
import { analyseVideoJob } from './analyse-video.job.js';

const probe = { container: 'mp4', codec: 'h264', width: 1280, height: 720, durationSeconds: 20, fps: 25, hasAudio: true, browserPlayable: true };
const analyser = (ranges: AnalysisResult['ranges'], masks: AnalysisResult['masks'] = []): PrivacyAnalyser => ({
  async analyse(_file, options) {
    options.onProgress?.(100);
    return {
      threshold: 0.2,
      ranges,
      masks,
      faceMasks: [],
      track: [{ time: 1, score: 0.05, scores: { scene: 0.05 } }],
      detectors: [{ name: 'scene', version: '1' }],
      framesDecoded: 12,
    } as unknown as AnalysisResult;
  },
  close: async () => undefined,
});

async function setup(found: AnalysisResult['ranges'], values: Record<string, unknown> = {}, masks: AnalysisResult['masks'] = []) {
  const videos = fakeVideosRepository();
  const storage = fakeStorage();
  const queue = fakeQueue();
  await storage.put('uploads/v', Buffer.from('original'), 'video/mp4');
  await videos.create({ id: 'v', ownerId: 'o', fileName: 'f.mp4', originalKey: 'uploads/v', status: 'analysing', probe, ...values });
  const media = fakeMediaTools();
  return {
    videos,
    queue,
    media,
    storage,
    job: analyseVideoJob({ videos, storage, media, queue, analyser: analyser(found, masks), lifecycle: createLifecycle({ videos, queue, autoPublish: true }) }),
  };
}

describe('the privacy analysis job', () => {
  it('proposes what it found for the review', async () => {
    const s = await setup([{ start: 4.1234, end: 7, reasons: ['out_of_body'], confidence: 0.91234 }] as AnalysisResult['ranges']);
    await s.job.run({ videoId: 'v' }, jobContext());
    expect(s.videos.rows.get('v')).toMatchObject({
      status: 'review',
      analysis: { proposed: [{ start: 4.123, end: 7, confidence: 0.912 }], framesDecoded: 12 },
    });
    // The speculative standard definition renders beside the analysis.
    expect(s.queue.sent).toEqual([{ name: 'video-speculative-sd', payload: { videoId: 'v' } }]);
  });

  it('with nothing found and the provider’s permission, confirms as "auto" and renders, recorded like any confirmation', async () => {
    const s = await setup([], { autoConfirm: true });
    await s.job.run({ videoId: 'v' }, jobContext());
    expect(s.videos.rows.get('v')).toMatchObject({ status: 'rendering', confirmedBy: 'auto', renderingVersion: 1 });
    expect(s.videos.confirmationsRecorded).toEqual([{ videoId: 'v', version: 1, ranges: [], masks: [], confirmedBy: 'auto' }]);
    expect(s.queue.sent).toEqual([
      { name: 'video-speculative-sd', payload: { videoId: 'v' } },
      { name: 'video-render', payload: { videoId: 'v', version: 1 } },
    ]);
  });

  it('proposes the masks it found; with masks proposed, the provider reviews even when allowed to skip the review', async () => {
    const overlay = { x: 0.00004, y: 0, width: 0.41234, height: 0.1, start: 0, end: 20, confidence: 0.98765, reason: 'text' as const };
    const s = await setup([], { autoConfirm: true }, [overlay]);
    await s.job.run({ videoId: 'v' }, jobContext());
    expect(s.videos.rows.get('v')).toMatchObject({
      status: 'review',
      analysis: {
        proposed: [],
        proposedMasks: [{ x: 0, y: 0, width: 0.4123, height: 0.1, start: 0, end: 20, confidence: 0.988, reason: 'text' }],
        faceMasks: [],
      },
    });
    expect(s.queue.sent).toEqual([{ name: 'video-speculative-sd', payload: { videoId: 'v' } }]);
  });

  it('makes a 360p review copy of an original browsers cannot play', async () => {
    const s = await setup([], { probe: { ...probe, browserPlayable: false } });
    await s.job.run({ videoId: 'v' }, jobContext());
    expect(s.media.calls).toContain('renderLadder:360p');
    expect(s.videos.rows.get('v')!.reviewProxyKey).toBe('videos/v/source/review/360p/video.mp4');
    // That copy is the speculative standard definition too: no second rendering of it.
    expect(s.queue.sent).toEqual([]);
  });

  it('makes the review copy beside the analysis; when the analysis fails, the copy stops too', async () => {
    let copySignal: AbortSignal | undefined;
    const media = fakeMediaTools({
      renderLadder: (_file, _dir, _rungs, options) =>
        new Promise((_resolve, reject) => {
          copySignal = options?.signal;
          options?.signal?.addEventListener('abort', () => reject(new Error('cancelled')));
        }),
    });
    const videos = fakeVideosRepository();
    const storage = fakeStorage();
    const queue = fakeQueue();
    await storage.put('uploads/v', Buffer.from('original'), 'video/mp4');
    await videos.create({
      id: 'v',
      ownerId: 'o',
      fileName: 'f.mpg',
      originalKey: 'uploads/v',
      status: 'analysing',
      probe: { ...probe, browserPlayable: false },
    });
    const failing: PrivacyAnalyser = { analyse: async () => Promise.reject(new Error('model file unreadable')), close: async () => undefined };
    const job = analyseVideoJob({ videos, storage, media, queue, analyser: failing, lifecycle: createLifecycle({ videos, queue }) });
    await expect(job.run({ videoId: 'v' }, jobContext())).rejects.toThrow(/model file unreadable/);
    expect(copySignal?.aborted).toBe(true);
    expect(videos.rows.get('v')).toMatchObject({ status: 'analysing', reviewProxyKey: null });
  });

  it('asks for no speculative standard definition when one exists already or is on its way (a retried analysis); again when the last gave up', async () => {
    for (const state of ['ready', 'queued', 'rendering', 'drawing'] as const) {
      const s = await setup([]);
      await s.videos.setSpeculativeSd('v', state);
      await s.job.run({ videoId: 'v' }, jobContext());
      expect(s.queue.sent).toEqual([]);
    }
    const first = await setup([]);
    await first.job.run({ videoId: 'v' }, jobContext());
    expect(first.videos.rows.get('v')!.speculativeSd).toBe('queued');
    const gaveUp = await setup([]);
    await gaveUp.videos.setSpeculativeSd('v', 'failed');
    await gaveUp.job.run({ videoId: 'v' }, jobContext());
    expect(gaveUp.queue.sent).toEqual([{ name: 'video-speculative-sd', payload: { videoId: 'v' } }]);
  });

  it('masks proposed after the speculative SD was ready: its job is sent again to draw them into a copy, once', async () => {
    const overlay = { x: 0, y: 0, width: 0.4, height: 0.1, start: 0, end: 20, confidence: 0.98, reason: 'text' as const };
    const s = await setup([], {}, [overlay]);
    await s.videos.setSpeculativeSd('v', 'ready');
    await s.job.run({ videoId: 'v' }, jobContext());
    expect(s.queue.sent).toEqual([{ name: 'video-speculative-sd', payload: { videoId: 'v' } }]);
    // A copy with masks drawn exists already (a retried analysis): nothing to send.
    const again = await setup([], {}, [overlay]);
    await again.videos.setSpeculativeSd('v', 'ready');
    await again.storage.put('videos/v/source/review/360p/masked.json', Buffer.from('[]'), 'application/json');
    await again.job.run({ videoId: 'v' }, jobContext());
    expect(again.queue.sent).toEqual([]);
    // The review copy of a source browsers cannot play gets its masked copy the same way.
    const unplayable = await setup([], { probe: { ...probe, browserPlayable: false } }, [overlay]);
    await unplayable.job.run({ videoId: 'v' }, jobContext());
    expect(unplayable.queue.sent).toEqual([{ name: 'video-speculative-sd', payload: { videoId: 'v' } }]);
  });
});
