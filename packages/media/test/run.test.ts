import { describe, expect, it } from 'vitest';
import { percentReporter, runTool } from '../src/run.js';

describe('runTool', () => {
  it('kills a process that runs past its timeout', async () => {
    const started = Date.now();
    const error = await runTool('/bin/sleep', ['30'], { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await runTool('/bin/sleep', ['30'], { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'cancelled' });
  });

  it('reports a failing command with its last error line', async () => {
    const error = await runTool('/bin/sh', ['-c', 'echo "first" >&2; echo "Invalid data found" >&2; exit 3']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ffmpeg_failed', message: 'sh failed: Invalid data found' });
  });

  it('reports a binary that cannot run', async () => {
    const error = await runTool('/nonexistent/ffmpeg', []).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'binary_missing' });
  });
});

describe('percentReporter', () => {
  it('is clamped, monotonic and mapped into its band', () => {
    const seen: number[] = [];
    const report = percentReporter(10, (p) => seen.push(p), 0, 50);
    for (const t of [0, 5, 4, 10, 20]) report(t);
    expect(seen).toEqual([0, 25, 50]);
  });
});
