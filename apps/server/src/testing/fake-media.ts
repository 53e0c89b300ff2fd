// Media tools that answer like ffmpeg would for a 20 s 1280x720 H.264 recording, writing tiny files
// where the real tools write outputs (the jobs upload what they find), and counting their calls.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MediaError } from '@ipsv/media/errors';
import type { ProbeResult } from '@ipsv/media/probe';
import type { MediaTools } from '../platform/media/media-tools.js';

export const PROBE: ProbeResult = {
  container: 'mp4',
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  durationSeconds: 20,
  startTime: 0,
  sizeBytes: 5_000_000,
  bitRate: 2_000_000,
  video: { index: 0, codec: 'h264', width: 1280, height: 720, rotation: 0, fps: 25, pixelFormat: 'yuv420p', frameCount: 500 },
  audio: [{ index: 1, codec: 'aac', channels: 2, sampleRate: 48000 }],
};

const touch = async (file: string, text = 'x') => {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
};

export function fakeMediaTools(overrides: Partial<MediaTools> = {}) {
  const calls: string[] = [];
  const tools: MediaTools = {
    probe: async () => (calls.push('probe'), PROBE),
    scanPackets: async () => (calls.push('scanPackets'), { keyframeTimes: [0, 2, 4], packets: 500, truncated: false }),
    validate: () => (calls.push('validate'), []),
    thumbnails: async (_file, outDir, options = {}) => {
      calls.push('thumbnails');
      return Promise.all(
        Array.from({ length: options.count ?? 5 }, async (_, i) => ({ time: (i + 1) * 3, file: await touch(path.join(outDir, `thumbnail-${i + 1}.jpg`)) })),
      );
    },
    storyboard: async (_file, outDir, options = {}) => {
      calls.push('storyboard');
      const name = options.name ?? 'storyboard';
      return {
        sprite: await touch(path.join(outDir, `${name}.jpg`)),
        vtt: await touch(path.join(outDir, `${name}.vtt`), 'WEBVTT'),
        tiles: 10,
        interval: 2,
        tileWidth: 160,
        tileHeight: 90,
      };
    },
    poster: async (_file, output) => (calls.push('poster'), touch(output)),
    renderLadder: async (_file, outDir, rungs) => {
      calls.push(`renderLadder:${rungs.map((r) => r.name).join(',')}`);
      return Promise.all(
        rungs.map(async (rung) => ({
          rung,
          width: Math.round((rung.height * 16) / 9),
          height: rung.height,
          mp4: await touch(path.join(outDir, rung.name, 'video.mp4')),
          playlist: await touch(path.join(outDir, rung.name, 'index.m3u8')),
          bandwidth: rung.maxKbps * 1000,
        })),
      );
    },
    packageRendition: async (_mp4, outDir, rung) => {
      calls.push(`packageRendition:${rung.name}`);
      return {
        rung,
        width: Math.round((rung.height * 16) / 9),
        height: rung.height,
        mp4: await touch(path.join(outDir, rung.name, 'video.mp4')),
        playlist: await touch(path.join(outDir, rung.name, 'index.m3u8')),
        bandwidth: rung.maxKbps * 1000,
      };
    },
    writeMasterPlaylist: async (outDir) => (calls.push('writeMasterPlaylist'), touch(path.join(outDir, 'master.m3u8'), '#EXTM3U')),
    cut: async (_file, ranges, output) => {
      calls.push('cut');
      await touch(output);
      return { output, removed: [...ranges], kept: [], durationSeconds: 18, method: 'copy', copiedSeconds: 16 };
    },
    sceneChanges: async () => (calls.push('sceneChanges'), { changes: [], segments: [{ start: 0, end: 20 }] }),
    ...overrides,
  };
  return Object.assign(tools, { calls });
}

/** What ffmpeg reports when it is killed or crashes (a retry may well succeed). */
export const ffmpegCrash = () => new MediaError('ffmpeg_failed', 'ffmpeg failed: killed by signal SIGKILL');
