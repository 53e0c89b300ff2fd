// A synthetic surgery clip built from real dev frames: endoscopic views, the camera withdrawn
// through the trocar (the picture darkens to black), the operating room, and back inside.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { locateBinaries } from '@ipsv/media/binaries';

export const DEV_DATA = resolve(import.meta.dirname, '../../../../../shared/data/deid-frames');
export const hasDevData = existsSync(join(DEV_DATA, 'labels.csv'));

export const insideFrames = async (all: string[][], keepInside: (file: string) => Promise<boolean>): Promise<string[]> => {
  const inside: string[] = [];
  for (const [file, label] of all) if (label === 'inside' && (await keepInside(join(DEV_DATA, 'images', file!)))) inside.push(file!);
  return inside;
};

/**
 * A concat-demuxer list showing each dev image for its seconds. The images are converted to one
 * pixel format first: the dev JPEGs mix 4:2:0 and 4:4:4, and a format change in the middle of a
 * concat input resets the filters.
 */
export const stillsList = (sequence: readonly string[], seconds: readonly number[], output: string): string => {
  const { ffmpeg } = locateBinaries();
  const stills = sequence.map((file, i) => {
    const still = output.replace(/\.mp4$/, `-${i}.png`);
    execFileSync(ffmpeg, ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-i', join(DEV_DATA, 'images', file), '-pix_fmt', 'rgb24', still]);
    return still;
  });
  const list = output.replace(/\.mp4$/, '.txt');
  writeFileSync(list, stills.map((still, i) => `file '${still}'\nduration ${seconds[i]}`).join('\n') + `\nfile '${stills.at(-1)!}'\n`);
  return list;
};

/** Seconds of the timeline (see makeWithdrawalClip). */
export const TIMELINE = {
  duration: 24,
  inside: [
    { start: 0, end: 6.5 },
    { start: 16.5, end: 24 },
  ],
  /** Operating-room frames: every one of these seconds must be removed. */
  revealing: { start: 9, end: 15 },
};

export const rows = () =>
  readFileSync(join(DEV_DATA, 'labels.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));

/**
 * 0-8 s endoscopic (darkening to black 6.5-8 s as the scope leaves through the trocar), 8-9 s black,
 * 9-15 s operating room and people, 15-16 s black, 16-24 s endoscopic again (fading in 16-16.5 s).
 * Moving (slow zoom and pan) and noisy like a real camera, 640x360, 25 fps, keyframe every 2 s.
 */
export const makeWithdrawalClip = async (output: string, keepInside: (file: string) => Promise<boolean> = async () => true): Promise<string> => {
  const all = rows();
  const inside = await insideFrames(all, keepInside);
  const room = [...all.filter((r) => r[3] === 'operating-room'), ...all.filter((r) => r[1] === 'outside' && r[3] !== 'operating-room')].map((r) => r[0]!);
  const pick = (list: string[], n: number, offset: number) => Array.from({ length: n }, (_, i) => list[(offset + i * 37) % list.length]!);
  const sequence = [...pick(inside, 4, 3), room[0]!, ...pick(room, 3, 0), room[1]!, ...pick(inside, 4, 200)];
  const seconds = [2, 2, 2, 2, 1, 2, 2, 2, 1, 2, 2, 2, 2];
  const { ffmpeg } = locateBinaries();
  const list = stillsList(sequence, seconds, output);
  const filters = [
    'fps=25',
    'scale=720:405',
    "zoompan=z='1.05+0.03*sin(on/30)':x='iw/2-(iw/zoom/2)+8*sin(on/17)':y='ih/2-(ih/zoom/2)+6*cos(on/23)':d=1:s=640x360:fps=25",
    'noise=alls=6:allf=t',
    "fade=t=out:st=6.5:d=1.5:enable='lt(t,9)'",
    "fade=t=in:st=9:d=0.3:enable='between(t,8.99,14.5)'",
    "fade=t=out:st=14.5:d=0.5:enable='between(t,14.5,16)'",
    "fade=t=in:st=16:d=0.5:enable='between(t,15.99,16.5)'",
    'format=yuv420p',
  ].join(',');
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=220:sample_rate=48000',
    '-vf',
    filters,
    '-t',
    String(TIMELINE.duration),
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-g',
    '50',
    '-c:a',
    'aac',
    output,
  ]);
  return output;
};

/** Seconds of `span` covered by the union of `ranges`. */
export const covered = (span: { start: number; end: number }, ranges: readonly { start: number; end: number }[]): number =>
  ranges.reduce((sum, r) => sum + Math.max(0, Math.min(span.end, r.end) - Math.max(span.start, r.start)), 0);

/** Seconds of the abrupt clip (see makeAbruptWithdrawalClip). */
export const ABRUPT_TIMELINE = {
  duration: 30,
  inside: [
    { start: 0, end: 14 },
    { start: 16, end: 30 },
  ],
  revealing: { start: 14, end: 16 },
};

/**
 * A short withdrawal with nothing to give it away to a keyframe-only pass: 14 s endoscopic, a hard
 * cut to 2 s of operating room, a hard cut back, 16 s endoscopic; 640x360, 25 fps, encoded with
 * one keyframe for the whole clip (no scene-cut keyframes), the case where only the analysis's
 * guard on long keyframe intervals can find it.
 */
export const makeAbruptWithdrawalClip = async (output: string, keepInside: (file: string) => Promise<boolean>): Promise<string> => {
  const all = rows();
  const inside = await insideFrames(all, keepInside);
  const room = all.filter((r) => r[1] === 'outside').map((r) => r[0]!);
  const pick = (list: string[], n: number, offset: number) => Array.from({ length: n }, (_, i) => list[(offset + i * 41) % list.length]!);
  const sequence = [...pick(inside, 7, 11), ...pick(room, 2, 5), ...pick(inside, 7, 301)];
  const seconds = [2, 2, 2, 2, 2, 2, 2, 1, 1, 2, 2, 2, 2, 2, 2, 2];
  const { ffmpeg } = locateBinaries();
  const list = stillsList(sequence, seconds, output);
  const filters = ['fps=25', 'scale=640:360', 'noise=alls=6:allf=t', 'format=yuv420p'].join(',');
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-vf',
    filters,
    '-t',
    String(ABRUPT_TIMELINE.duration),
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-g',
    '1000',
    '-x264-params',
    'scenecut=0:keyint=1000:min-keyint=1000',
    output,
  ]);
  return output;
};

/** Seconds of the picture-in-picture clip (see makeInsetClip). */
export const INSET_TIMELINE = {
  duration: 20,
  /** The inset is on screen: every one of these seconds must be removed. */
  revealing: { start: 8, end: 13 },
  /** Endoscopic picture alone, clear of the 1 s margins around the inset. */
  clear: [
    { start: 0, end: 6.5 },
    { start: 14.5, end: 20 },
  ],
};

/**
 * An endoscopic clip with a picture-in-picture inset, the layout of a tower that shows the room
 * camera in a corner of the endoscope's picture: 20 s of endoscopic dev frames, moving and noisy
 * like makeWithdrawalClip's, with `inset` (an image cut by the ffmpeg filter `inset.filter`, scaled
 * to `inset.width` pixels) in the top right corner from 8 s to 13 s. 640x360, 25 fps, keyframe every 2 s.
 */
export const makeInsetClip = async (
  output: string,
  inset: { file: string; filter: string; width: number },
  keepInside: (file: string) => Promise<boolean>,
): Promise<string> => {
  const inside = await insideFrames(rows(), keepInside);
  const sequence = Array.from({ length: 10 }, (_, i) => inside[(17 + i * 43) % inside.length]!);
  const { ffmpeg } = locateBinaries();
  const list = stillsList(
    sequence,
    sequence.map(() => 2),
    output,
  );
  const { start, end } = INSET_TIMELINE.revealing;
  const graph = [
    `[0:v]fps=25,scale=720:405,zoompan=z='1.05+0.03*sin(on/30)':x='iw/2-(iw/zoom/2)+8*sin(on/17)':y='ih/2-(ih/zoom/2)+6*cos(on/23)':d=1:s=640x360:fps=25,noise=alls=6:allf=t[scope]`,
    `[1:v]${inset.filter},scale=${inset.width}:-2,format=rgb24[inset]`,
    `[scope][inset]overlay=x=W-w-6:y=6:enable='between(t,${start},${end})',format=yuv420p[out]`,
  ].join(';');
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-loop',
    '1',
    '-i',
    inset.file,
    '-filter_complex',
    graph,
    '-map',
    '[out]',
    '-t',
    String(INSET_TIMELINE.duration),
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-g',
    '50',
    output,
  ]);
  return output;
};
