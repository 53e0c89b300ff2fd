// The privacy analysis in its own thread (privacy-analyser.ts): the same answer as in this thread,
// its progress, cancelling, errors that keep their code, and a thread that dies. Real ffmpeg and
// the real scene model on a generated clip.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MediaError } from '@ipsv/media/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrivacyAnalyser, type PrivacyAnalyser } from '../src/platform/media/privacy-analyser.js';
import { makeSurgeryClip } from './helpers/video-journey.js';

let scratch: string;
let clip: string;
const opened: PrivacyAnalyser[] = [];
const analyser = (...args: Parameters<typeof createPrivacyAnalyser>) => {
  const made = createPrivacyAnalyser(...args);
  opened.push(made);
  return made;
};

beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-analyser-'));
  // 6 s inside, 4 s of colour bars (outside the body), 6 s inside.
  clip = await makeSurgeryClip(scratch, 'clip', 6, 4);
});

afterAll(async () => {
  for (const made of opened) await made.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

describe('the privacy analysis in its own thread', () => {
  it('finds what the same analysis finds in this thread, and reports its progress', async () => {
    const threaded = analyser('scene');
    const percents: number[] = [];
    const result = await threaded.analyse(clip, { onProgress: (percent) => percents.push(percent) });
    const local = await analyser('scene', { thread: false }).analyse(clip, {});

    expect(result.ranges).toEqual(local.ranges);
    expect(result.track).toEqual(local.track);
    // The outside part (6-10 s) is removed, the inside parts are kept.
    expect(result.ranges).toHaveLength(1);
    expect(result.ranges[0]!.start).toBeLessThanOrEqual(6);
    expect(result.ranges[0]!.end).toBeGreaterThanOrEqual(10);
    expect(result.ranges[0]!.end).toBeLessThan(16);
    expect(percents.at(-1)).toBe(100);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));

    // The thread stays with its models: a second video is analysed by it too.
    const again = await threaded.analyse(clip, {});
    expect(again.ranges).toEqual(result.ranges);
  });

  it('stops when cancelled, with the cancelled code, and takes the next video', async () => {
    const threaded = analyser('scene');
    const controller = new AbortController();
    const cancelled = threaded.analyse(clip, {
      signal: controller.signal,
      onProgress: (percent) => percent > 0 && controller.abort(),
    });
    await expect(cancelled).rejects.toSatisfy((error) => error instanceof MediaError && error.code === 'cancelled');

    const aborted = AbortSignal.abort();
    await expect(threaded.analyse(clip, { signal: aborted })).rejects.toSatisfy((error) => error instanceof MediaError && error.code === 'cancelled');

    const next = await threaded.analyse(clip, {});
    expect(next.ranges).toHaveLength(1);
  });

  it('keeps the code of a media error made in the thread', async () => {
    const threaded = analyser('scene');
    const missing = threaded.analyse(path.join(scratch, 'missing.mp4'), {});
    await expect(missing).rejects.toSatisfy((error) => error instanceof MediaError && error.code === 'not_found');
    await expect(missing).rejects.toThrow(/File not found/);
  });

  it('fails the analysis of a thread that dies, and starts a new thread for the next video', async () => {
    const threaded = analyser('scene', { workerUrl: new URL('./helpers/failing-privacy-worker.mjs', import.meta.url) });
    await expect(threaded.analyse(path.join(scratch, 'crash.mp4'), {})).rejects.toThrow(
      'The privacy analysis stopped unexpectedly (its thread exited with code 3)',
    );
    const next = await threaded.analyse(path.join(scratch, 'fine.mp4'), {});
    expect(next.ranges).toEqual([]);
  });

  it('gives a video sent while it closes to a new thread, which the old one ending does not fail', async () => {
    const threaded = analyser('scene', { workerUrl: new URL('./helpers/failing-privacy-worker.mjs', import.meta.url) });
    await threaded.analyse(path.join(scratch, 'first.mp4'), {});
    const closing = threaded.close();
    const next = threaded.analyse(path.join(scratch, 'next.mp4'), {});
    await closing;
    await expect(next).resolves.toMatchObject({ ranges: [] });
  });

  it('cancels what it was doing when closed', async () => {
    const threaded = createPrivacyAnalyser('scene');
    const outcome = threaded.analyse(clip, {}).then(
      () => null,
      (error: unknown) => error,
    );
    // Closed while the thread loads its models or reads the clip.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await threaded.close();
    const error = await outcome;
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).code).toBe('cancelled');
  });
});
