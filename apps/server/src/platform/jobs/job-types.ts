// Every job the workers run: its name and the zod schema of its payload (ids only, STYLE.md habit
// 7), in one typed map. `send(name, payload)` is checked against it at compile time and the worker
// parses each payload with it at run time.
import { z } from 'zod';

const videoId = z.string().min(1);

export const JOB_PAYLOADS = {
  'video-ingest': z.object({ videoId }),
  /** The privacy analysis: a short video's here, a long one's planned into video-analyse-chunk jobs. */
  'video-analyse': z.object({ videoId }),
  /** One chunk of a video's privacy analysis; the last one done merges them. */
  'video-analyse-chunk': z.object({ videoId, chunkId: z.uuid() }),
  /**
   * The speculative standard definition: the whole original rendered at 360p while the analysis
   * runs, so that publication after the review only cuts (job video-render).
   */
  'video-speculative-sd': z.object({ videoId }),
  'video-render': z.object({ videoId, version: z.number().int().min(1) }),
  /** The published version's poster again, after the provider chose another thumbnail. */
  'video-poster': z.object({ videoId }),
  'media-cleanup': z.object({}).passthrough(),
  /** Videos in a working status whose job is gone (expired, lost, never sent) are sent on again. */
  'video-sweep': z.object({}).passthrough(),
  /** Daily digest emails, and read notifications past their retention deleted. */
  'notifications-daily': z.object({}).passthrough(),
  /** One email to the support team about the chats begun since `since` (offline notices, batched). */
  'chat-offline-digest': z.object({ since: z.iso.datetime() }),
  /** Anonymous support chats quiet for longer than their expiry deleted. */
  'chat-cleanup': z.object({}).passthrough(),
  /** Views of the last 30 days per video recounted for the popular grid. */
  'popularity-refresh': z.object({}).passthrough(),
} as const;

export type JobName = keyof typeof JOB_PAYLOADS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOB_PAYLOADS)[N]>;
/** A job to send: its name and a payload of that job's type. */
export type JobRequest = { [N in JobName]: { name: N; payload: JobPayload<N> } }[JobName];
