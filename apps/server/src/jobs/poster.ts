// The poster of a published version: the provider's uploaded image, or their chosen frame taken
// from the cut (published) video at the time it moved to, so it can never show a removed second.
import { timeAfterCuts } from '@ipsv/media/ranges';
import type { JobContext } from '../platform/jobs/queue.js';
import type { MediaTools } from '../platform/media/media-tools.js';
import type { Storage } from '../platform/storage/storage.js';
import type { VideoRow } from '../modules/videos/videos.repository.js';
import { mediaKeys } from '../modules/videos/media-keys.js';

/** Makes the poster of `video` from `publishedFile` (a rendition of the cut video); answers its storage key. */
export async function makePoster(
  deps: { storage: Storage; media: Pick<MediaTools, 'probe' | 'poster'> },
  video: Pick<VideoRow, 'id' | 'thumbnail' | 'thumbnailTimes' | 'confirmedRanges'>,
  publishedFile: string,
  output: string,
  key: string,
  context: Pick<JobContext, 'signal'>,
): Promise<string> {
  const keys = mediaKeys(video.id);
  if (video.thumbnail?.kind === 'upload' && (await deps.storage.stat(keys.uploadedThumbnail))) return keys.uploadedThumbnail;
  const info = await deps.media.probe(publishedFile, { signal: context.signal });
  const chosen = video.thumbnail?.kind === 'frame' ? video.thumbnailTimes[video.thumbnail.index] : undefined;
  const mapped = chosen === undefined ? null : timeAfterCuts(chosen, video.confirmedRanges ?? []);
  const time = Math.min(mapped ?? info.durationSeconds / 3, Math.max(0, info.durationSeconds - 0.5));
  await deps.media.poster(publishedFile, output, time, { info, height: info.video.height, signal: context.signal });
  await deps.storage.putFile(key, output, 'image/jpeg');
  return key;
}
