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

  it('runs a tool at a lower CPU priority when asked, and a niced tool is still cancelled', async () => {
    // Field 19 of /proc/<pid>/stat is the process's nice value.
    const nice = async (niceness?: number) => Number(String((await runTool('/bin/sh', ['-c', 'cut -d" " -f19 /proc/$$/stat'], { niceness })).stdout).trim());
    const own = await nice();
    expect(await nice(10)).toBe(Math.min(19, own + 10));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await expect(runTool('/bin/sleep', ['30'], { signal: controller.signal, niceness: 10 })).rejects.toMatchObject({ code: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(5000);
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
