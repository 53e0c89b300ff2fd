import { describe, expect, it } from 'vitest';
import { createSuggestionQueue } from './suggestion-queue';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe('createSuggestionQueue', () => {
  it('runs one analysis per video however often it is asked, and at most `concurrency` at once', async () => {
    const queue = createSuggestionQueue({ concurrency: 2, maxWaiting: 10 });
    let running = 0;
    let most = 0;
    let runs = 0;
    const release = gate();
    const work = async () => {
      runs += 1;
      running += 1;
      most = Math.max(most, running);
      await release.opened;
      running -= 1;
      return runs;
    };
    const sameVideo = Array.from({ length: 32 }, () => queue.run('a', work));
    const others = ['b', 'c', 'd'].map((id) => queue.run(id, work));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toBe(2);
    release.open();
    const answers = await Promise.all(sameVideo);
    await Promise.all(others);
    expect(new Set(answers).size).toBe(1);
    expect(runs).toBe(4);
    expect(most).toBe(2);
  });

  it('refuses with SEGMENTS_BUSY once the line of waiting videos is full, and frees the slot on failure', async () => {
    const queue = createSuggestionQueue({ concurrency: 1, maxWaiting: 1 });
    const release = gate();
    const first = queue.run('a', () => release.opened.then(() => 'a'));
    const second = queue.run('b', async () => 'b');
    await expect(queue.run('c', async () => 'c')).rejects.toMatchObject({ code: 'SEGMENTS_BUSY' });
    release.open();
    expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    await expect(queue.run('d', () => Promise.reject(new Error('ffmpeg failed')))).rejects.toThrow('ffmpeg failed');
    expect(await queue.run('e', async () => 'e')).toBe('e');
  });
});
