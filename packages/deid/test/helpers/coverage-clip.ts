// Clips for the coverage tests: endoscopic dev frames with operating-room views placed between
// keyframes, encoded with a chosen keyframe interval (no keyframes at scene cuts), at a constant or
// a variable frame rate. Which frames are used is decided by the scene model itself (confident
// ones only): these clips test where the analysis looks, not the model's frame-level mistakes.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { locateBinaries } from '@ipsv/media/binaries';
import { loadPixels } from '../../src/dataset.js';
import { SceneDetector } from '../../src/scene-detector.js';
import { SCENE_UNCERTAIN_FROM } from '../../src/scene-model.js';
import { ffmpegSync } from '../../../media/test/helpers/make-video.js';
import { DEV_DATA, rows, stillsList } from './withdrawal-clip.js';

export interface ClipPart {
  seconds: number;
  view: 'inside' | 'room';
}

export interface ClipEncoding {
  /** Seconds between keyframes (x264 keyint; scene cuts add none). */
  gopSeconds: number;
  /** From this second on, only every third frame is kept (a variable frame rate). */
  vfrFrom?: number;
  /**
   * Frames kept in an irregular pattern, as phones and screen recorders write them: in every 10 s,
   * 4 s with intervals of 0.04 and 0.16 s mixed, 3 s at 25 fps, 3 s at about 4 fps (0.24 s).
   */
  irregular?: boolean;
}

/** Start and end second of each part. */
export const partTimes = (parts: readonly ClipPart[]) => {
  let t = 0;
  return parts.map((p) => ({ ...p, start: t, end: (t += p.seconds) }));
};

let pools: Promise<{ inside: string[]; room: string[] }> | undefined;
/** Dev frames the scene model is confident about, scored once per test file. */
const confidentFrames = () =>
  (pools ??= (async () => {
    const scene = new SceneDetector();
    try {
      const inside: string[] = [];
      const room: string[] = [];
      for (const [file, label] of rows()) {
        const score = await scene.scoreOne(await loadPixels(join(DEV_DATA, 'images', file!)));
        if (label === 'inside' && score < SCENE_UNCERTAIN_FROM && inside.length < 40) inside.push(file!);
        if (label === 'outside' && score >= 2 * scene.threshold && room.length < 12) room.push(file!);
      }
      return { inside, room };
    } finally {
      await scene.close();
    }
  })());

/**
 * 640x360, 25 fps, moving (slow zoom and pan) and noisy like a real camera; a new still every 2 s
 * inside (hard cuts, as a camera moving to a new view), one still per room view.
 */
export const makeCoverageClip = async (output: string, parts: readonly ClipPart[], encoding: ClipEncoding): Promise<string> => {
  const { inside, room } = await confidentFrames();
  const sequence: string[] = [];
  const seconds: number[] = [];
  let n = 0;
  for (const part of parts) {
    if (part.view === 'room') {
      sequence.push(room[n++ % room.length]!);
      seconds.push(part.seconds);
      continue;
    }
    for (let left = part.seconds; left > 1e-9; left -= 2) {
      sequence.push(inside[(n++ * 7) % inside.length]!);
      seconds.push(Math.min(2, left));
    }
  }
  const total = parts.reduce((sum, p) => sum + p.seconds, 0);
  const list = stillsList(sequence, seconds, output);
  const gop = Math.round(encoding.gopSeconds * 25);
  const filters = [
    'fps=25',
    'scale=720:405',
    "zoompan=z='1.05+0.03*sin(on/30)':x='iw/2-(iw/zoom/2)+8*sin(on/17)':y='ih/2-(ih/zoom/2)+6*cos(on/23)':d=1:s=640x360:fps=25",
    'noise=alls=6:allf=t',
    ...(encoding.vfrFrom !== undefined ? [`select='lt(t\\,${encoding.vfrFrom})+not(mod(n\\,3))'`] : []),
    ...(encoding.irregular ? ["select='if(lt(mod(t\\,10)\\,4)\\,lt(mod(n*n\\,11)\\,4)\\,if(lt(mod(t\\,10)\\,7)\\,1\\,not(mod(n\\,6))))'"] : []),
    'format=yuv420p',
  ].join(',');
  ffmpegSync([
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-vf',
    filters,
    ...(encoding.vfrFrom !== undefined || encoding.irregular ? ['-fps_mode', 'vfr'] : []),
    '-t',
    String(total),
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-x264-params',
    `scenecut=0:keyint=${gop}:min-keyint=${gop}`,
    output,
  ]);
  return output;
};

/** The video packets of a file in presentation order: time (seconds, as stored), keyframe, byte offset. */
export const videoPackets = (file: string) => {
  const out = execFileSync(
    locateBinaries().ffprobe,
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags,pos', '-of', 'json', file],
    // Quiet: a file joined mid-GOP makes ffprobe report the pictures it cannot decode.
    { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const { packets = [] } = JSON.parse(out) as { packets?: { pts_time?: string; flags?: string; pos?: string }[] };
  return packets.map((p) => ({ time: Number(p.pts_time), keyframe: (p.flags ?? '').includes('K'), pos: Number(p.pos) })).sort((a, b) => a.time - b.time);
};

/**
 * The same pictures with every timestamp `offsetSeconds` later (-output_ts_offset), copied, not
 * encoded again: an MPEG-TS (whose muxer adds its own 1.4 s as well) or an MP4 (an edit list).
 */
export const withLateStart = (input: string, output: string, offsetSeconds: number): string => {
  ffmpegSync(['-i', input, '-c', 'copy', '-output_ts_offset', String(offsetSeconds), output]);
  return output;
};

/**
 * An MPEG-TS as a recorder joined to a running stream writes it: the packets before `atSeconds`
 * (of its stored timeline) cut off at a TS packet border, so the file starts in the middle of a
 * GOP and its first keyframe comes later.
 */
export const joinedMidGop = (input: string, output: string, atSeconds: number): string => {
  const first = videoPackets(input)
    .filter((p) => p.time >= atSeconds && p.pos >= 0)
    .sort((a, b) => a.pos - b.pos)[0]!;
  // TS packets are 188 bytes: from a packet border on, the rest is a valid stream.
  writeFileSync(output, readFileSync(input).subarray(Math.floor(first.pos / 188) * 188));
  return output;
};

/**
 * The same pictures as an MPEG program stream with MPEG-2 video, as hospital recorders write
 * them: no index, so a seek lands by timestamp wherever it can (its timestamps start at 0.5 s).
 */
export const asProgramStream = (input: string, output: string, gopSeconds: number): string => {
  const gop = String(Math.round(gopSeconds * 25));
  ffmpegSync([...['-i', input, '-an'], ...['-c:v', 'mpeg2video', '-q:v', '3', '-g', gop, '-bf', '2', '-sc_threshold', '1000000000', '-f', 'mpeg', output]]);
  return output;
};
