// What a media file really is, judged by its content (ffprobe), never by its name.
import { stat } from 'node:fs/promises';
import { locateBinaries } from './binaries.js';
import { MediaError } from './errors.js';
import { runTool } from './run.js';

export type Container = 'mov' | 'mp4' | 'mpeg' | 'avi' | 'other';

export interface AudioStreamInfo {
  index: number;
  codec: string;
  channels: number;
  sampleRate: number;
}

export interface ProbeResult {
  container: Container;
  /** ffprobe's own format name, e.g. "mov,mp4,m4a,3gp,3g2,mj2". */
  formatName: string;
  durationSeconds: number;
  /** Presentation time of the first frame (MPEG files often start above 0). */
  startTime: number;
  sizeBytes: number;
  /** Bits per second of the whole file. */
  bitRate: number;
  video: {
    index: number;
    codec: string;
    /** Displayed size: rotation already applied (a phone video shot upright reports portrait). */
    width: number;
    height: number;
    rotation: number;
    fps: number;
    pixelFormat: string;
    frameCount: number | null;
  };
  audio: AudioStreamInfo[];
}

interface RawStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  nb_frames?: string;
  duration?: string;
  channels?: number;
  sample_rate?: string;
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
  disposition?: { attached_pic?: number };
}

interface RawProbe {
  streams?: RawStream[];
  format?: { format_name?: string; duration?: string; start_time?: string; bit_rate?: string; tags?: Record<string, string> };
}

const rate = (value: string | undefined): number => {
  if (!value) return 0;
  const [num, den] = value.split('/').map(Number);
  return den ? num! / den : Number(num) || 0;
};

const containerOf = (formatName: string, tags: Record<string, string> | undefined): Container => {
  const names = formatName.split(',');
  if (names.includes('mov')) return (tags?.major_brand ?? '').trim() === 'qt' ? 'mov' : 'mp4';
  if (names.includes('mpeg')) return 'mpeg';
  if (names.includes('avi')) return 'avi';
  return 'other';
};

const PROBE_TIMEOUT_MS = 30_000;

export const probe = async (file: string, options: { signal?: AbortSignal } = {}): Promise<ProbeResult> => {
  const size = await stat(file).then(
    (s) => s.size,
    () => {
      throw new MediaError('not_found', `File not found: ${file}`);
    },
  );
  if (size === 0) throw new MediaError('empty_file', 'The file is empty (0 bytes).');

  const { ffprobe } = locateBinaries();
  let raw: RawProbe;
  try {
    const { stdout } = await runTool(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
      timeoutMs: PROBE_TIMEOUT_MS,
      signal: options.signal,
    });
    raw = JSON.parse(stdout.toString('utf8')) as RawProbe;
  } catch (error) {
    if (error instanceof MediaError && error.code === 'ffmpeg_failed') {
      throw new MediaError('not_media', 'The file is not a readable video: it is damaged, incomplete or in an unknown format.', error.detail);
    }
    throw error;
  }

  const formatName = raw.format?.format_name ?? '';
  const streams = raw.streams ?? [];
  const videoStream = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0);
  if (!formatName || streams.length === 0) {
    throw new MediaError('not_media', 'The file is not a readable video: it is damaged, incomplete or in an unknown format.');
  }
  if (!videoStream) throw new MediaError('no_video', 'The file has no video stream.');

  const rotationRaw = videoStream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation ?? Number(videoStream.tags?.rotate ?? 0);
  const rotation = ((Math.round(rotationRaw) % 360) + 360) % 360;
  const quarterTurn = rotation === 90 || rotation === 270;
  const codedWidth = videoStream.width ?? 0;
  const codedHeight = videoStream.height ?? 0;
  const duration = Number(raw.format?.duration ?? videoStream.duration ?? 0) || 0;
  const frames = Number(videoStream.nb_frames);

  return {
    container: containerOf(formatName, raw.format?.tags),
    formatName,
    durationSeconds: duration,
    startTime: Number(raw.format?.start_time ?? 0) || 0,
    sizeBytes: size,
    bitRate: Number(raw.format?.bit_rate ?? 0) || (duration > 0 ? Math.round((size * 8) / duration) : 0),
    video: {
      index: videoStream.index,
      codec: videoStream.codec_name ?? 'unknown',
      width: quarterTurn ? codedHeight : codedWidth,
      height: quarterTurn ? codedWidth : codedHeight,
      rotation,
      fps: rate(videoStream.avg_frame_rate) || rate(videoStream.r_frame_rate),
      pixelFormat: videoStream.pix_fmt ?? 'unknown',
      frameCount: Number.isFinite(frames) && frames > 0 ? frames : null,
    },
    audio: streams
      .filter((s) => s.codec_type === 'audio')
      .map((s) => ({ index: s.index, codec: s.codec_name ?? 'unknown', channels: s.channels ?? 0, sampleRate: Number(s.sample_rate ?? 0) })),
  };
};

export interface PacketScan {
  /** Times (seconds) of the video keyframes, ascending. */
  keyframeTimes: number[];
  /** Video packets that could be read. */
  packets: number;
  /**
   * The file ends before its own index says the video does (an upload or recording cut short):
   * the container promised more packets than the file holds.
   */
  truncated: boolean;
}

/**
 * Reads every video packet's flags without decoding anything (a pass at disk speed): where the
 * keyframes are (where a stream copy may start, where the coarse privacy pass looks) and whether
 * the file holds the whole video its header announces.
 */
export const scanPackets = async (
  file: string,
  options: { signal?: AbortSignal; timeoutMs?: number; expectedFrames?: number | null } = {},
): Promise<PacketScan> => {
  const { ffprobe } = locateBinaries();
  const { stdout, stderr } = await runTool(
    ffprobe,
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', file],
    { timeoutMs: options.timeoutMs ?? 5 * 60_000, signal: options.signal },
  );
  const times: number[] = [];
  let packets = 0;
  for (const line of stdout.toString('utf8').split('\n')) {
    if (!line) continue;
    packets += 1;
    const [time, flags] = line.split(',');
    if (flags?.includes('K') && time && time !== 'N/A') times.push(Number(time));
  }
  const expected = options.expectedFrames ?? null;
  const truncated = /partial file/i.test(stderr) || (expected !== null && packets < expected * 0.98);
  return { keyframeTimes: times.sort((a, b) => a - b), packets, truncated };
};

/** Times (seconds) of the video keyframes, read from packet flags without decoding anything. */
export const keyframeTimes = async (file: string, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<number[]> =>
  (await scanPackets(file, options)).keyframeTimes;
