// Streamable renditions: H.264/AAC progressive MP4 (download) plus HLS (fMP4, 6 s segments) per
// rung, every rung of one call encoded from a single decoding pass, optionally removing the
// privacy ranges on the way (so the standard-definition rendition that gates publication needs
// no separate cut pass).
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { locateBinaries } from './binaries.js';
import { MediaError } from './errors.js';
import { probe, type ProbeResult } from './probe.js';
import { keepFilterGraph, keptRanges, STRIP_METADATA, type MaskRegion, type TimeRange } from './ranges.js';
import { percentReporter, runTool } from './run.js';

export interface Rung {
  name: string;
  height: number;
  /** Peak video bitrate in kbit/s (crf-encoded, capped at this rate). */
  maxKbps: number;
  audioKbps: number;
}

/** 360p/480p first: the standard-definition rendition gates publication; HD follows. */
export const RUNGS: readonly Rung[] = [
  { name: '360p', height: 360, maxKbps: 900, audioKbps: 96 },
  { name: '480p', height: 480, maxKbps: 1600, audioKbps: 128 },
  { name: '720p', height: 720, maxKbps: 3500, audioKbps: 128 },
  { name: '1080p', height: 1080, maxKbps: 6500, audioKbps: 160 },
  { name: '1440p', height: 1440, maxKbps: 11000, audioKbps: 160 },
  { name: '2160p', height: 2160, maxKbps: 20000, audioKbps: 192 },
];

/**
 * The rendition that gates publication, and how it is made fast: the spec lets a video go public
 * once its standard-definition version exists, so this one is rendered straight from the original
 * with the privacy cuts folded in, in one decoding pass. Skipping the H.264 loop filter and using
 * the cheapest scaler cut that pass by about a third on 1080p; at 360p the blocking this could leave
 * is scaled away. The HD rungs follow from the de-identified master at full quality.
 */
export const PUBLICATION_RUNG = RUNGS[0]!;
export const PUBLICATION_RENDER = { preset: 'superfast', scaler: 'fast_bilinear', fastDecode: true } as const satisfies Partial<RenderOptions>;

export const HLS_SEGMENT_SECONDS = 6;
/** Keyframe every 2 s: exact 6 s segments and quick seeking. */
export const KEYFRAME_SECONDS = 2;

/**
 * How the publication rendition is cut from the speculative one (the whole original at 360p): the
 * re-encoded parts (around cuts, under masks) at the rung's quality and peak rate.
 */
export const PUBLICATION_CUT = {
  crf: 23,
  // On the renditions' grid, like the speculative SD's own GOPs (HLS segments; cheap later cuts).
  keyframeSeconds: KEYFRAME_SECONDS,
  preset: PUBLICATION_RENDER.preset,
  maxKbps: PUBLICATION_RUNG.maxKbps,
  audioKbps: PUBLICATION_RUNG.audioKbps,
} as const;

/** The rungs a source of this height can fill (never upscaled; at least the smallest one). */
export const rungsFor = (sourceHeight: number, from: readonly Rung[] = RUNGS): Rung[] => {
  const fitting = from.filter((r) => r.height <= sourceHeight);
  return fitting.length ? fitting : from.slice(0, 1);
};

export interface RenditionFiles {
  rung: Rung;
  width: number;
  height: number;
  /** Progressive MP4 for download. */
  mp4: string;
  /** HLS media playlist (fMP4 segments beside it). */
  playlist: string;
  bandwidth: number;
}

export interface RenderOptions {
  /** Ranges to remove from the source (privacy); applied frame-exactly before scaling. */
  removeRanges?: readonly TimeRange[];
  /** Regions to cover with a solid box (privacy), in times of the source; drawn before the cuts. */
  masks?: readonly MaskRegion[];
  removeAudio?: boolean;
  /** x264 preset (default veryfast). */
  preset?: string;
  /** swscale algorithm (default bicubic). */
  scaler?: 'bicubic' | 'bilinear' | 'fast_bilinear' | 'area' | 'lanczos';
  /** Decode without the deblocking filter (faster; only for downscaled renditions). */
  fastDecode?: boolean;
  crf?: number;
  threads?: number;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
  timeoutMs?: number;
  info?: ProbeResult;
  /** Package each rung as HLS too (default true); false leaves the progressive MP4 alone. */
  hls?: boolean;
  /** Lower CPU priority (see RunOptions.niceness). */
  niceness?: number;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * Renders `rungs` of `file` into `outDir/<rung>/` (video.mp4, index.m3u8, init.mp4, segments)
 * from one decode of the source. Returns the files; call writeMasterPlaylist to publish them.
 */
export const renderLadder = async (file: string, outDir: string, rungs: readonly Rung[], options: RenderOptions = {}): Promise<RenditionFiles[]> => {
  if (rungs.length === 0) throw new MediaError('bad_argument', 'No rendition was asked for');
  const info = options.info ?? (await probe(file, { signal: options.signal }));
  const kept = keptRanges(options.removeRanges ?? [], info.durationSeconds);
  const outSeconds = kept.reduce((sum, r) => sum + (r.end - r.start), 0);
  const withAudio = !options.removeAudio && info.audio.length > 0;
  const aspect = info.video.width / info.video.height;
  const { ffmpeg } = locateBinaries();

  const n = rungs.length;
  const graph = [keepFilterGraph(kept, withAudio, '', options.masks ?? [])];
  graph.push(n === 1 ? `[vout]null[vsplit0]` : `[vout]split=${n}${rungs.map((_, i) => `[vsplit${i}]`).join('')}`);
  if (withAudio) graph.push(n === 1 ? `[aout]anull[asplit0]` : `[aout]asplit=${n}${rungs.map((_, i) => `[asplit${i}]`).join('')}`);
  const outputs: RenditionFiles[] = [];
  const outputArgs: string[] = [];
  for (const [i, rung] of rungs.entries()) {
    const height = even(Math.min(rung.height, info.video.height));
    const width = even(height * aspect);
    graph.push(`[vsplit${i}]scale=${width}:${height}:flags=${options.scaler ?? 'bicubic'},format=yuv420p[v${i}]`);
    const dir = join(outDir, rung.name);
    await mkdir(dir, { recursive: true });
    const mp4 = join(dir, 'video.mp4');
    outputs.push({ rung, width, height, mp4, playlist: join(dir, 'index.m3u8'), bandwidth: (rung.maxKbps + (withAudio ? rung.audioKbps : 0)) * 1000 });
    outputArgs.push(
      '-map',
      `[v${i}]`,
      ...(withAudio ? ['-map', `[asplit${i}]`, '-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', '2'] : ['-an']),
      '-sn',
      '-dn',
      '-c:v',
      'libx264',
      '-preset',
      options.preset ?? 'veryfast',
      '-crf',
      String(options.crf ?? 23),
      '-maxrate',
      `${rung.maxKbps}k`,
      '-bufsize',
      `${rung.maxKbps * 2}k`,
      '-profile:v',
      'high',
      '-force_key_frames',
      `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
      '-sc_threshold',
      '0',
      ...STRIP_METADATA,
      '-movflags',
      '+faststart',
      `${mp4}.partial.mp4`,
    );
  }

  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-progress',
    'pipe:2',
    '-nostats',
    '-threads',
    String(options.threads ?? 0),
    ...(options.fastDecode ? ['-skip_loop_filter', 'all', '-flags2', 'fast'] : []),
    '-i',
    file,
    '-filter_complex',
    graph.join(';'),
    ...outputArgs,
  ];
  try {
    await runTool(ffmpeg, args, {
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? 6 * 60 * 60_000,
      onTime: percentReporter(outSeconds, options.onProgress, 0, 95),
      niceness: options.niceness,
    });
    for (const out of outputs) await rename(`${out.mp4}.partial.mp4`, out.mp4);
    // Packaging as HLS copies the encoded streams: no second encode, a few seconds per hour.
    if (options.hls !== false) for (const out of outputs) await packageHls(ffmpeg, out, options.signal);
  } catch (error) {
    for (const out of outputs) await rm(`${out.mp4}.partial.mp4`, { force: true });
    throw error;
  }
  options.onProgress?.(100);
  return outputs;
};

/**
 * A rendition from an MP4 already encoded for `rung` (the speculative standard definition, cut by
 * GOP copy): moved to `outDir/<rung>/video.mp4` and packaged as HLS beside it, without encoding.
 */
export const packageRendition = async (
  mp4: string,
  outDir: string,
  rung: Rung,
  options: { signal?: AbortSignal; info?: ProbeResult } = {},
): Promise<RenditionFiles> => {
  const info = options.info ?? (await probe(mp4, { signal: options.signal }));
  const dir = join(outDir, rung.name);
  await mkdir(dir, { recursive: true });
  const target = join(dir, 'video.mp4');
  await rename(mp4, target);
  const withAudio = info.audio.length > 0;
  const out: RenditionFiles = {
    rung,
    width: info.video.width,
    height: info.video.height,
    mp4: target,
    playlist: join(dir, 'index.m3u8'),
    bandwidth: (rung.maxKbps + (withAudio ? rung.audioKbps : 0)) * 1000,
  };
  await packageHls(locateBinaries().ffmpeg, out, options.signal);
  return out;
};

const packageHls = async (ffmpeg: string, out: RenditionFiles, signal?: AbortSignal) => {
  const dir = join(out.playlist, '..');
  await runTool(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-v',
      'error',
      '-i',
      out.mp4,
      '-map',
      '0',
      '-c',
      'copy',
      ...STRIP_METADATA,
      '-f',
      'hls',
      '-hls_time',
      String(HLS_SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_segment_type',
      'fmp4',
      '-hls_fmp4_init_filename',
      'init.mp4',
      '-hls_flags',
      'independent_segments',
      '-hls_segment_filename',
      join(dir, 'segment-%05d.m4s'),
      out.playlist,
    ],
    { signal, timeoutMs: 30 * 60_000 },
  );
};

/** The HLS master playlist over whatever renditions exist (SD first, HD added when it is done). */
export const masterPlaylist = (renditions: readonly RenditionFiles[], hasAudio: boolean): string => {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of [...renditions].sort((a, b) => a.height - b.height)) {
    const codecs = hasAudio ? 'avc1.640028,mp4a.40.2' : 'avc1.640028';
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${codecs}"`);
    lines.push(`${r.rung.name}/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
};

export const writeMasterPlaylist = async (outDir: string, renditions: readonly RenditionFiles[], hasAudio: boolean): Promise<string> => {
  const file = join(outDir, 'master.m3u8');
  await writeFile(`${file}.partial`, masterPlaylist(renditions, hasAudio));
  await rename(`${file}.partial`, file);
  return file;
};
