import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '@ipsv/media/probe';
import { makeVideo, tempDir } from '../../media/test/helpers/make-video.js';
import { DEV_DATA, hasDevData } from './helpers/withdrawal-clip.js';

const run = promisify(execFile);
const bin = resolve(import.meta.dirname, '../bin/deid.mjs');
const { dir, cleanup } = tempDir('ipsv-deid-cli-');
afterAll(cleanup);

const cli = (args: string[]) =>
  run(process.execPath, [bin, ...args], { maxBuffer: 16 * 1024 * 1024 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

describe('deid analyse and redact', () => {
  beforeAll(() => {
    // A test pattern is not an endoscopic view: the whole clip reveals (nothing inside the body).
    makeVideo(join(dir, 'pattern.mp4'), { width: 640, height: 360, seconds: 6 });
    writeFileSync(join(dir, 'notes.mp4'), 'not a video');
  });

  it('analyse --json prints one JSON object with the ranges, the score track and the detectors', async () => {
    const result = await cli(['analyse', join(dir, 'pattern.mp4'), '--json', '--scene-only']);
    expect(result.code).toBe(0);
    const analysis = JSON.parse(result.stdout);
    expect(analysis.ranges).toEqual([{ start: 0, end: 6, reasons: ['out_of_body'], confidence: expect.any(Number) }]);
    expect(analysis.track.length).toBeGreaterThan(0);
    // Every second of the 6 s clip examined, at least twice.
    expect(analysis.sampleFps).toBe(2);
    expect(analysis.framesExamined).toBeGreaterThanOrEqual(12);
    expect(analysis.track[0]).toMatchObject({ time: expect.any(Number), score: expect.any(Number), detector: 'scene-logistic' });
    // The weights' version, then how their scores are read (scene-model.ts, SCENE_RULE).
    expect(analysis.detectors[0]).toMatchObject({
      name: 'scene-logistic',
      reason: 'out_of_body',
      version: expect.stringMatching(/^2\.0\.0\+[0-9a-f]{12}\.borders$/),
    });
    expect(result.stderr).toContain('analyse 100%');
  });

  it('redact refuses to write a video with nothing left, and names the reason', async () => {
    const result = await cli(['redact', join(dir, 'pattern.mp4'), '-o', join(dir, 'out.mp4'), '--scene-only']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Nothing would be left of the video after removing these ranges');
  });

  it('a file that is not a video: non-zero exit and a clear message', async () => {
    const result = await cli(['analyse', join(dir, 'notes.mp4')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('deid analyse: The file is not a readable video');
  });

  it('bad options are refused with the usage', async () => {
    const result = await cli(['analyse', join(dir, 'pattern.mp4'), '--margin', 'soon']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--margin must be a number of seconds');
    const slow = await cli(['analyse', join(dir, 'pattern.mp4'), '--sample-fps', '0.5']);
    expect(slow.code).toBe(2);
    expect(slow.stderr).toContain('--sample-fps must be a number of frames per second, at least 1');
  });
});

describe.skipIf(!hasDevData)('deid eval on any folder laid out like deid-frames', () => {
  const folder = join(dir, 'frames');
  beforeAll(() => {
    mkdirSync(join(folder, 'images'), { recursive: true });
    const picks = [
      ['1035585_0279.jpg', 'inside'],
      ['1035598_0170.jpg', 'inside'],
      ['1035604_0150.jpg', 'inside'],
      ['1036206_0000.jpg', 'outside'],
      ['1036206_0012_01.jpg', 'outside'],
    ];
    for (const [file] of picks) copyFileSync(join(DEV_DATA, 'images', file!), join(folder, 'images', file!));
    writeFileSync(join(folder, 'labels.csv'), `file,label\n${picks.map((p) => p.join(',')).join('\n')}\n`);
    writeFileSync(join(folder, 'bad.csv'), 'file,label\n1035585_0279.jpg,maybe\n');
  });

  it('--json prints exactly one object with auc, recall, insideRemoved, threshold and frames', async () => {
    const result = await cli(['eval', '--labels', join(folder, 'labels.csv'), '--images', join(folder, 'images'), '--json', '--scene-only']);
    expect(result.code).toBe(0);
    const figures = JSON.parse(result.stdout);
    expect(Object.keys(figures)).toEqual(['auc', 'recall', 'insideRemoved', 'threshold', 'frames']);
    expect(figures).toMatchObject({ auc: 1, recall: 1, insideRemoved: 0, frames: 5 });
  });

  it('--cv --json cross-validates on that folder (no source_video column: k-fold only) and prints one object', async () => {
    const result = await cli(['eval', '--cv', '--labels', join(folder, 'labels.csv'), '--images', join(folder, 'images'), '--json', '--no-extra']);
    expect(result.code).toBe(0);
    const figures = JSON.parse(result.stdout);
    expect(Object.keys(figures)).toEqual(['stratified 5-fold']);
    expect(figures['stratified 5-fold']).toMatchObject({ frames: 5, threshold: 0.2 });
    expect(figures['stratified 5-fold'].auc).toBeGreaterThanOrEqual(0);
    const badLambda = await cli(['eval', '--cv', '--labels', join(folder, 'labels.csv'), '--lambda', 'none']);
    expect(badLambda.code).toBe(1);
    expect(badLambda.stderr).toContain('--lambda must be a positive number');
  });

  it('a missing image is named', async () => {
    writeFileSync(join(folder, 'gone.csv'), 'file,label\n1035585_0279.jpg,inside\nnot-there.jpg,outside\n');
    const result = await cli(['eval', '--labels', join(folder, 'gone.csv'), '--images', join(folder, 'images'), '--scene-only']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Cannot read the image .*not-there\.jpg/);
  });

  it('a labels file it cannot use is a clear error', async () => {
    const bad = await cli(['eval', '--labels', join(folder, 'bad.csv'), '--images', join(folder, 'images')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('line 2: expected a file name and the label inside or outside');
    const missing = await cli(['eval', '--labels', join(folder, 'nope.csv')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No labels file at');
  });
});

it('the generated clip really is what the analysis saw', async () => {
  expect((await probe(join(dir, 'pattern.mp4'))).durationSeconds).toBeCloseTo(6, 1);
});
