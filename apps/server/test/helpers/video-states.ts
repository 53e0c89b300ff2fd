// Videos put straight into a given stage of their life (DESIGN.md section 5), with the small files
// each stage has in storage, for tests about who may do what to a video in that stage. No ffmpeg:
// the files are stand-ins (tests that need real media use the journey helpers).
import { randomUUID } from 'node:crypto';
import type { VideoRow, VideosRepository } from '../../src/modules/videos/videos.repository.js';
import { mediaKeys } from '../../src/modules/videos/media-keys.js';
import type { Storage } from '../../src/platform/storage/storage.js';

export const VIDEO_STATES = ['awaiting_details', 'review', 'published', 'private', 'whitelisted'] as const;
export type VideoState = (typeof VIDEO_STATES)[number];

const PROBE = { container: 'mp4', codec: 'h264', width: 1280, height: 720, durationSeconds: 20, fps: 25, hasAudio: true, browserPlayable: true };
const ANALYSIS = {
  threshold: 0.2,
  proposed: [{ start: 8, end: 12, reasons: ['out_of_body' as const], confidence: 0.9 }],
  track: [{ time: 0, score: 0.05, reason: 'out_of_body' as const }],
  detectors: [{ name: 'scene', version: 'test' }],
  framesDecoded: 10,
  seconds: 1,
};

/** Creates a video of `ownerId` in `state`; `whitelist` is who may watch a whitelisted one. */
export async function videoInState(
  deps: { videos: VideosRepository; storage: Storage },
  ownerId: string,
  state: VideoState,
  options: { whitelist?: string[]; isDownloadable?: boolean } = {},
): Promise<VideoRow> {
  const id = randomUUID();
  const keys = mediaKeys(id);
  const originalKey = `uploads/${id}`;
  await deps.storage.put(originalKey, Buffer.from('original bytes: the unredacted recording'), 'application/octet-stream');
  await deps.storage.put(keys.candidate(0), Buffer.from('candidate frame'), 'image/jpeg');
  await deps.storage.put(keys.filmstripSprite, Buffer.from('filmstrip'), 'image/jpeg');
  await deps.storage.put(keys.filmstripVtt, Buffer.from('WEBVTT\n'), 'text/vtt');
  await deps.videos.create({ id, ownerId, status: 'uploading', fileName: 'case.mp4', title: '', originalKey, sizeBytes: 1000 });
  const base = {
    probe: PROBE,
    quality: '720',
    thumbnailTimes: [5, 10],
    filmstrip: { interval: 2, tileWidth: 160, tileHeight: 90, columns: 10 },
    title: `Case ${id.slice(0, 8)}`,
  };
  if (state === 'awaiting_details') {
    return (await deps.videos.update(id, { ...base, status: 'awaiting_details' }))!;
  }
  if (state === 'review') {
    return (await deps.videos.update(id, { ...base, status: 'review', detailsSavedAt: new Date(), analysis: ANALYSIS }))!;
  }
  const version = keys.version(1);
  const files: [string, string][] = [
    [`${version}/master.m3u8`, '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\n360p/index.m3u8\n'],
    [`${version}/360p/index.m3u8`, '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:6,\nsegment-00000.m4s\n#EXT-X-ENDLIST\n'],
    [`${version}/360p/init.mp4`, 'init'],
    [`${version}/360p/segment-00000.m4s`, 'segment'],
    [`${version}/360p/video.mp4`, 'progressive mp4 (the download)'],
    [`${version}/poster.jpg`, 'poster'],
    [`${version}/storyboard/storyboard.vtt`, 'WEBVTT\n'],
    [`${version}/storyboard/storyboard.jpg`, 'sprite'],
  ];
  for (const [key, text] of files) await deps.storage.put(key, Buffer.from(text), 'application/octet-stream');
  const published = (await deps.videos.update(id, {
    ...base,
    status: 'published',
    detailsSavedAt: new Date(),
    analysis: ANALYSIS,
    confirmedRanges: ANALYSIS.proposed,
    confirmedBy: ownerId,
    confirmedAt: new Date(),
    renderingVersion: 1,
    publishedVersion: 1,
    publishedAt: new Date(),
    isDownloadable: options.isDownloadable ?? false,
    visibility: state === 'published' ? 'signed_in' : state === 'private' ? 'private' : 'whitelist',
    whitelist: state === 'whitelisted' ? (options.whitelist ?? []) : [],
    rendition: {
      version: 1,
      master: `${version}/master.m3u8`,
      mp4: `${version}/360p/video.mp4`,
      poster: `${version}/poster.jpg`,
      storyboard: `${version}/storyboard/storyboard.vtt`,
      rungs: ['360p'],
      renditions: [{ name: '360p', width: 640, height: 360, bandwidth: 800_000 }],
      durationSeconds: 16,
      complete: true,
    },
  }))!;
  // As the render job does: the version is recorded (/analytics/versioncontrol).
  await deps.videos.saveVersion(
    published,
    published.rendition!,
    files.reduce((sum, [, text]) => sum + Buffer.byteLength(text), 0),
  );
  return published;
}
