// Removes time ranges from a video, frame-exactly from the picture and sample-exactly from the
// sound, and writes a file with no container metadata: the de-identified master.
import { mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { locateBinaries } from './binaries.js';
import { type CutPart, planCopyCut, splitLongEncodes } from './cut-plan.js';
import { MediaError } from './errors.js';
import { keyframeTimes, probe, type ProbeResult } from './probe.js';
import { keepFilterGraph, keptRanges, maskFilters, normaliseMasks, normaliseRanges, STRIP_METADATA, type MaskRegion, type TimeRange } from './ranges.js';
import { percentReporter, runTool } from './run.js';

export interface CutOptions {
  /** Drop the sound entirely (voices in the room can identify people). */
  removeAudio?: boolean;
  /** x264 constant rate factor of the re-encoded picture (default 18: visually lossless for a master). */
  crf?: number;
  /** Peak video bitrate of the re-encoded picture in kbit/s (default: none, for a master). */
  maxKbps?: number;
  /** Bitrate of the sound, which is always encoded again (default 160). */
  audioKbps?: number;
  preset?: string;
  /**
   * A keyframe at least this often in the re-encoded picture (default: x264's own, up to 250
   * frames apart). A rendition's parts need the renditions' grid: its HLS segments end on
   * keyframes, and a later cut of it re-encodes from the keyframe before each edge.
   */
  keyframeSeconds?: number;
  threads?: number;
  /** Lower CPU priority of every ffmpeg run (see RunOptions.niceness). */
  niceness?: number;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
  timeoutMs?: number;
  /** Reuse a probe the caller already has. */
  info?: ProbeResult;
  /**
   * 'copy': copy untouched GOPs and re-encode only around the cuts (H.264 8-bit 4:2:0 sources);
   * 'reencode': encode everything; 'auto' (default): copy when the source allows it.
   */
  method?: 'auto' | 'copy' | 'reencode';
  /**
   * Regions to cover with a solid box (privacy), in times of the source. GOPs they touch are
   * re-encoded; untouched ones are still copied.
   */
  masks?: readonly MaskRegion[];
}

export interface CutResult {
  output: string;
  removed: TimeRange[];
  kept: TimeRange[];
  durationSeconds: number;
  /**
   * 'copy': parts copied or encoded separately, then joined (also when a mask left nothing to copy
   * and the parts were encoded side by side); 'reencode': one pass over the whole source.
   */
  method: 'copy' | 'reencode';
  /** Seconds of picture copied as they were (no generation loss, no encoding time). */
  copiedSeconds: number;
}

/** Sources whose untouched GOPs can be joined with x264-encoded pictures around the cuts. */
export const canCopyGops = (info: ProbeResult): boolean =>
  info.video.codec === 'h264' && info.video.pixelFormat === 'yuv420p' && info.video.rotation === 0 && info.video.fps > 0 && locateBinaries().modern;

export const cut = async (file: string, ranges: readonly TimeRange[], outputPath: string, options: CutOptions = {}): Promise<CutResult> => {
  // Absolute: the concat list names its parts by path, and ffmpeg reads those relative to the list.
  const output = resolve(outputPath);
  const info = options.info ?? (await probe(file, { signal: options.signal }));
  const removed = normaliseRanges(ranges, info.durationSeconds);
  const masks = normaliseMasks(options.masks ?? []);
  const kept = keptRanges(removed, info.durationSeconds);
  if (kept.length === 0) throw new MediaError('bad_argument', 'Nothing would be left of the video after removing these ranges');
  const withAudio = !options.removeAudio && info.audio.length > 0;
  const keptSeconds = kept.reduce((sum, r) => sum + (r.end - r.start), 0);
  const method = options.method ?? 'auto';
  if (method === 'copy' && !canCopyGops(info)) {
    throw new MediaError('bad_argument', `GOPs of this source cannot be copied (${info.video.codec} ${info.video.pixelFormat}); re-encode it`);
  }
  if (method !== 'reencode' && canCopyGops(info)) {
    // Packet times are as stored; the ranges, the segment muxer's split times and the input seeks
    // count from the file's first timestamp (an MPEG-TS starts at 1.4 s or more). Unshifted, a
    // copied GOP would end at a later keyframe than planned and carry removed frames with it.
    const keyframes = [...(await keyframeTimes(file, { signal: options.signal })).map((time) => time - info.startTime), info.durationSeconds];
    // No picture decodes before the first keyframe (the sound started first, or a recording
    // joined in the middle of a GOP): a part wholly before it would be an empty encode.
    const pictures = keyframes[0]!;
    const parts = splitLongEncodes(encodeMasked(planCopyCut(kept, keyframes), masks), keyframes, ENCODE_PIECE_SECONDS).filter((p) => p.end > pictures + 1e-4);
    const copiedSeconds = parts.filter((p) => p.kind === 'copy').reduce((sum, p) => sum + (p.end - p.start), 0);
    // Nothing to copy (a mask over all that is kept) still goes this way when there are parts to
    // encode side by side; one part alone is encoded in the single pass below.
    if (copiedSeconds > 0 || method === 'copy' || parts.length > 1) {
      await copyCut(file, parts, kept, withAudio, output, info, { ...options, masks, keptSeconds, pictures });
      options.onProgress?.(100);
      return { output, removed, kept, durationSeconds: keptSeconds, method: 'copy', copiedSeconds };
    }
  }

  const { ffmpeg } = locateBinaries();
  // Write beside the target and rename at the end: a crash never leaves a half file under the real name.
  const partial = `${output}.partial.mp4`;
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
    '-i',
    file,
    '-filter_complex',
    keepFilterGraph(kept, withAudio, 'format=yuv420p', masks),
    '-map',
    '[vout]',
    ...(withAudio ? ['-map', '[aout]', '-c:a', 'aac', '-b:a', `${options.audioKbps ?? 160}k`] : ['-an']),
    '-sn',
    '-dn',
    '-c:v',
    'libx264',
    '-preset',
    options.preset ?? 'veryfast',
    '-crf',
    String(options.crf ?? 18),
    ...rateCap(options),
    ...keyframeEvery(options),
    // No SEI messages in the output, as in the GOP-copy path.
    '-bsf:v',
    'filter_units=remove_types=6',
    ...STRIP_METADATA,
    '-movflags',
    '+faststart',
    partial,
  ];
  try {
    await runTool(ffmpeg, args, {
      signal: options.signal,
      niceness: options.niceness,
      timeoutMs: options.timeoutMs ?? 6 * 60 * 60_000,
      onTime: percentReporter(keptSeconds, options.onProgress, 0, 99),
    });
    await rename(partial, output);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  options.onProgress?.(100);
  return { output, removed, kept, durationSeconds: keptSeconds, method: 'reencode', copiedSeconds: 0 };
};

/**
 * Every part becomes an MPEG-TS file (H.264 in Annex B form, so each part carries its own
 * parameter sets): copied parts straight from the source, edge parts encoded by x264 at the
 * source's size and rate. The parts are joined by stream copy and the sound, cut from the source
 * sample-exactly, is encoded once beside them.
 */
const copyCut = async (
  file: string,
  parts: readonly CutPart[],
  kept: readonly TimeRange[],
  withAudio: boolean,
  output: string,
  info: ProbeResult,
  options: CutOptions & { keptSeconds: number; pictures: number },
) => {
  const { ffmpeg } = locateBinaries();
  const work = await mkdtemp(join(dirname(output), '.cut-'));
  const partial = `${output}.partial.mp4`;
  const { signal, niceness } = options;
  const timeoutMs = options.timeoutMs ?? 6 * 60 * 60_000;
  const fps = info.video.fps;
  // Progress: parts in proportion to their encoding cost (copying is nearly free), then the join.
  const cost = (p: CutPart) => (p.end - p.start) * (p.kind === 'copy' ? 0.05 : 1);
  const totalCost = parts.reduce((sum, p) => sum + cost(p), 0) + options.keptSeconds * 0.05;
  let done = 0;
  const band = (weight: number) => {
    const from = (done / totalCost) * 95;
    const to = ((done + weight) / totalCost) * 95;
    done += weight;
    return percentReporter(1, options.onProgress, from, to);
  };
  try {
    // One stream-copy pass splits the source at the keyframes where copied parts start and end:
    // the segment muxer cuts exactly at keyframe packets, so every copied part is whole GOPs.
    const boundaries = [...new Set(parts.filter((p) => p.kind === 'copy').flatMap((p) => [p.start, p.end]))]
      .filter((t) => t > options.pictures + 1e-3 && t < info.durationSeconds)
      .sort((a, b) => a - b);
    // The first part starts with the first packet, at the first keyframe (the muxer writes no empty part).
    const segmentStarts = [options.pictures, ...boundaries];
    const copyCost = parts.filter((p) => p.kind === 'copy').reduce((sum, p) => sum + cost(p), 0);
    if (copyCost > 0) {
      const report = band(copyCost);
      await runTool(
        ffmpeg,
        [
          '-hide_banner',
          '-nostdin',
          '-y',
          '-v',
          'error',
          '-progress',
          'pipe:2',
          '-nostats',
          '-i',
          file,
          '-map',
          '0:v:0',
          '-c',
          'copy',
          '-bsf:v',
          'h264_mp4toannexb',
          ...STRIP_METADATA,
          '-f',
          'segment',
          '-segment_format',
          'mpegts',
          '-reset_timestamps',
          '1',
          // A quarter frame early: the split happens at the first keyframe at or after the time.
          // Without split points the muxer would fall back to its default of a part every 2 s,
          // and only the first part would be kept: one part covering the whole file instead.
          ...(boundaries.length
            ? ['-segment_times', boundaries.map((t) => (t - 0.25 / fps).toFixed(6)).join(',')]
            : ['-segment_time', String(Math.ceil(info.durationSeconds) + 3600)]),
          join(work, 'gop-%05d.ts'),
        ],
        { signal, niceness, timeoutMs, onTime: (t) => report(t / info.durationSeconds) },
      );
    }
    // The parts around the cuts are short (at most a GOP each): each costs mostly an ffmpeg start
    // and a seek, so two run at once (ffmpeg is single-threaded on a GOP). Masked stretches come
    // in pieces of at most about 45 s (splitLongEncodes), side by side the same way.
    const files = parts.map((part, i) =>
      part.kind === 'copy'
        ? join(work, `gop-${String(segmentStarts.findIndex((t) => Math.abs(t - part.start) < 1e-3)).padStart(5, '0')}.ts`)
        : join(work, `part-${String(i).padStart(5, '0')}.ts`),
    );
    const encodes = parts.flatMap((part, i) => (part.kind === 'encode' ? [{ part, target: files[i]! }] : []));
    const encodeCost = encodes.reduce((sum, { part }) => sum + cost(part), 0);
    const from = (done / totalCost) * 95;
    // Progress over parts encoded side by side: each part's own share done, summed.
    const shares = new Map<CutPart, number>();
    const reportPart = (part: CutPart, fraction: number) => {
      shares.set(part, Math.max(shares.get(part) ?? 0, Math.min(1, fraction)));
      const encoded = [...shares].reduce((sum, [p, share]) => sum + share * cost(p), 0);
      // Whole percents, rising only, like the other steps' reports.
      const percent = Math.floor(from + (encoded / totalCost) * 95);
      if (percent > lastPercent) options.onProgress?.((lastPercent = percent));
    };
    let lastPercent = -1;
    done += encodeCost;
    await inParallel(encodes, PARALLEL_ENCODES, async ({ part, target }) => {
      const seconds = part.end - part.start;
      // After the input seek the part's frames are timed from 0: the masks move with them.
      const partMasks = (options.masks ?? []).filter((m) => m.start <= part.end && m.end >= part.start);
      // One core each, side by side (decoder and encoder: x264 would otherwise start threads for
      // every core in each); every core for a part alone or one that could not be split.
      const threads = String(options.threads ?? (encodes.length < PARALLEL_ENCODES || seconds > ENCODE_PIECE_SECONDS * 1.5 ? 0 : 1));
      await runTool(
        ffmpeg,
        [
          '-hide_banner',
          '-nostdin',
          '-y',
          '-v',
          'error',
          '-progress',
          'pipe:2',
          '-nostats',
          '-threads',
          threads,
          '-ss',
          part.start.toFixed(6),
          '-i',
          file,
          '-t',
          seconds.toFixed(6),
          '-map',
          '0:v:0',
          '-an',
          ...(partMasks.length ? ['-vf', maskFilters(partMasks, part.start)] : []),
          '-threads',
          threads,
          '-c:v',
          'libx264',
          '-preset',
          options.preset ?? 'veryfast',
          '-crf',
          String(options.crf ?? 18),
          ...rateCap(options),
          ...keyframeEvery(options),
          '-pix_fmt',
          'yuv420p',
          '-r',
          String(fps),
          ...STRIP_METADATA,
          '-f',
          'mpegts',
          target,
        ],
        { signal, niceness, timeoutMs, onTime: (t) => reportPart(part, t / seconds) },
      );
      reportPart(part, 1);
    });
    const list = join(work, 'parts.txt');
    // A sliver between a range's edge and the next frame (shorter than a frame) encodes to an
    // empty file, which the join would refuse: it holds no picture, leave it out.
    const joined = [];
    for (const f of files) if ((await stat(f)).size > 0) joined.push(f);
    await writeFile(list, joined.map((f) => `file '${f.replace(/'/g, "'\\''")}'`).join('\n'));
    const report = band(options.keptSeconds * 0.05);
    await runTool(
      ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-y',
        '-v',
        'error',
        '-progress',
        'pipe:2',
        '-nostats',
        '-f',
        'concat',
        '-safe',
        '0',
        '-i',
        list,
        ...(withAudio
          ? ['-i', file, '-filter_complex', audioOnlyGraph(kept), '-map', '0:v:0', '-map', '[aout]', '-c:a', 'aac', '-b:a', `${options.audioKbps ?? 160}k`]
          : ['-map', '0:v:0', '-an']),
        // SEI messages can carry what a camera or video tower wrote (timecode, device, user data).
        '-c:v',
        'copy',
        '-bsf:v',
        'filter_units=remove_types=6',
        '-r',
        String(fps),
        ...STRIP_METADATA,
        '-movflags',
        '+faststart',
        partial,
      ],
      { signal, niceness, timeoutMs, onTime: (t) => report(t / options.keptSeconds) },
    );
    await rename(partial, output);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
};

/** Encoded parts longer than one and a half times this are encoded in pieces side by side (seconds). */
const ENCODE_PIECE_SECONDS = 30;

/** Encodes of parts at once (each single-threaded; two cores are the machine this was tuned on). */
const PARALLEL_ENCODES = Math.max(1, Math.min(4, availableParallelism()));

/** Runs `work` over `items`, at most `limit` at a time; the first failure stops the rest from starting. */
const inParallel = async <T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> => {
  let next = 0;
  let failed = false;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (!failed && next < items.length) {
        const item = items[next++]!;
        try {
          await work(item);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    }),
  );
};

/** A forced keyframe every `keyframeSeconds` of an encode's own time, when asked. */
const keyframeEvery = (options: Pick<CutOptions, 'keyframeSeconds'>): string[] =>
  options.keyframeSeconds ? ['-force_key_frames', `expr:gte(t,n_forced*${options.keyframeSeconds})`] : [];

/** x264's peak-rate arguments, when the output has a declared peak (an HLS rung). */
const rateCap = (options: Pick<CutOptions, 'maxKbps'>): string[] =>
  options.maxKbps ? ['-maxrate', `${options.maxKbps}k`, '-bufsize', `${options.maxKbps * 2}k`] : [];

/** Copied GOPs that a mask touches are encoded instead (joined with their encoded neighbours). */
export const encodeMasked = (parts: readonly CutPart[], masks: readonly MaskRegion[]): CutPart[] => {
  const out: CutPart[] = [];
  for (const part of parts) {
    const kind = part.kind === 'copy' && masks.some((m) => m.start <= part.end && m.end >= part.start) ? 'encode' : part.kind;
    const last = out.at(-1);
    if (last && last.kind === 'encode' && kind === 'encode' && Math.abs(last.end - part.start) < 1e-4) last.end = part.end;
    else out.push({ ...part, kind });
  }
  return out;
};

/** The kept sound of input 1, joined: [aout]. */
const audioOnlyGraph = (kept: readonly TimeRange[]): string => {
  const trims = kept.map(({ start, end }, i) => `[1:a:0]atrim=start=${start.toFixed(6)}:end=${end.toFixed(6)},asetpts=PTS-STARTPTS[a${i}]`);
  return [...trims, `${kept.map((_, i) => `[a${i}]`).join('')}concat=n=${kept.length}:v=0:a=1[aout]`].join(';');
};
