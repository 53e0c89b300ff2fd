// Watching (spec sections 2 "Video page", 3 "Watch state" and "Segment", 4 "Playback"): the video
// page, timed private notes, watch later, history, playlists of whole videos and clips, and the
// playback reports that feed history and the per-video viewing figures.
import { z } from 'zod';
import { REQUIRED_MESSAGE } from './auth.js';
import { SEGMENT_CATEGORIES } from './segments.js';
import { descriptionSchema, PATIENT_GENDERS, playbackSchema, videoIdSchema } from './videos.js';

/** Items per page of every library list. */
export const LIBRARY_PAGE_SIZE = 20;
/** Items per page of one playlist. */
export const PLAYLIST_PAGE_SIZE = 100;
export const NOTE_MAX_CHARS = 10_000;
export const NOTE_TOO_LONG_MESSAGE = `A note may have at most ${NOTE_MAX_CHARS.toLocaleString('en-US')} characters`;
export const PLAYLIST_MAX_ITEMS = 10_000;
export const PLAYLIST_NAME_MAX = 120;
export const PLAYLIST_DESCRIPTION_MAX = 2000;
export const PLAYLIST_NAME_TOO_LONG_MESSAGE = `A playlist name may have at most ${PLAYLIST_NAME_MAX} characters`;
export const PLAYLIST_DESCRIPTION_TOO_LONG_MESSAGE = `A description may have at most ${PLAYLIST_DESCRIPTION_MAX.toLocaleString('en-US')} characters`;
export const CLIP_ORDER_MESSAGE = 'The clip must end after it starts';
/** The player reports every ~10 s and when the page is hidden. */
export const PLAYBACK_REPORT_SECONDS = 10;
/** Reports per minute one user may send (a player sends about 6). */
export const PLAYBACK_REPORTS_PER_MINUTE = 60;
/** Watched ranges one report may carry. */
export const PLAYBACK_RANGES_MAX = 200;
/** Speeds of the player's menu (the issue: 0.25x to 2x). */
export const PLAYBACK_RATES = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
/** A position within this many seconds of the end counts as finished (no "Resume at"). */
export const FINISHED_MARGIN_SECONDS = 5;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
export const pageQuerySchema = z.object({ page });
export type PageQuery = z.input<typeof pageQuerySchema>;

const seconds = z.number().finite().min(0).max(1_000_000);

// ---- The video page

export const watchSegmentSchema = z.object({
  start: z.number(),
  end: z.number(),
  title: z.string(),
  category: z.enum(SEGMENT_CATEGORIES).nullable(),
  description: z.string(),
});
export type WatchSegment = z.infer<typeof watchSegmentSchema>;

export const watchPageSchema = z.object({
  video: z.object({
    id: z.string(),
    title: z.string(),
    ownerId: z.string(),
    ownerName: z.string(),
    ownerPictureUrl: z.string().nullable(),
    surgeryTypeId: z.number().nullable(),
    description: descriptionSchema,
    patientGender: z.enum(PATIENT_GENDERS).nullable(),
    surgeryEvent: z.string(),
    surgeryDate: z.string().nullable(),
    surgeryYear: z.number().nullable(),
    pgsGrade: z.number().nullable(),
    durationSeconds: z.number(),
    quality: z.string().nullable(),
    publishedAt: z.string().nullable(),
    version: z.number(),
    /** The viewer may download it (the owner allowed it, or it is the viewer's own). */
    downloadable: z.boolean(),
  }),
  /** Sorted ascending by start (spec section 4). */
  segments: z.array(watchSegmentSchema),
  playback: playbackSchema,
  watchLater: z.boolean(),
  /** Where the viewer stopped last time; null when never watched, finished, or history is paused. */
  resumeAt: z.number().nullable(),
});
export type WatchPage = z.infer<typeof watchPageSchema>;

export const downloadSchema = z.object({ url: z.string(), fileName: z.string() });
export type Download = z.infer<typeof downloadSchema>;

/** Keeps a download's file name readable and safe in a header: letters, digits, spaces, dots, dashes. */
export function downloadFileName(title: string, version: number): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[^\w\s.-]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100) || 'surgery-video';
  return `${base} v${version}.mp4`;
}

// ---- Notes

const noteText = z.string().trim().min(1, REQUIRED_MESSAGE).max(NOTE_MAX_CHARS, NOTE_TOO_LONG_MESSAGE);
export const noteInputSchema = z.object({ time: seconds, text: noteText });
export type NoteInput = z.infer<typeof noteInputSchema>;
export const noteUpdateSchema = z.object({ time: seconds.optional(), text: noteText.optional() });
export type NoteUpdate = z.infer<typeof noteUpdateSchema>;
export const noteIdSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const noteSchema = z.object({ id: z.number(), videoId: z.string(), time: z.number(), text: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type Note = z.infer<typeof noteSchema>;
export const noteListSchema = z.object({ notes: z.array(noteSchema) });

// ---- Library lists: a video the viewer may no longer see is "unavailable", never its title or picture.

export const libraryVideoSchema = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    id: z.string(),
    title: z.string(),
    ownerName: z.string(),
    thumbnailUrl: z.string().nullable(),
    durationSeconds: z.number(),
    surgeryYear: z.number().nullable(),
  }),
  z.object({ available: z.literal(false), id: z.string() }),
]);
export type LibraryVideo = z.infer<typeof libraryVideoSchema>;

const paged = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), page: z.number(), pageSize: z.number(), total: z.number() });

export const watchLaterPageSchema = paged(z.object({ video: libraryVideoSchema, addedAt: z.string() }));
export type WatchLaterPage = z.infer<typeof watchLaterPageSchema>;

export const historyPageSchema = paged(z.object({ video: libraryVideoSchema, position: z.number(), watchedAt: z.string() })).extend({ paused: z.boolean() });
export type HistoryPage = z.infer<typeof historyPageSchema>;
export const historySettingsSchema = z.object({ paused: z.boolean() });
export type HistorySettings = z.infer<typeof historySettingsSchema>;

export const notedVideosQuerySchema = z.object({ page, q: z.string().trim().max(200).default('') });
export type NotedVideosQuery = z.input<typeof notedVideosQuerySchema>;
export const notedVideosPageSchema = paged(z.object({ video: libraryVideoSchema, notes: z.array(noteSchema) }));
export type NotedVideosPage = z.infer<typeof notedVideosPageSchema>;

// ---- Playlists

export const playlistInputSchema = z.object({
  name: z.string().trim().min(1, REQUIRED_MESSAGE).max(PLAYLIST_NAME_MAX, PLAYLIST_NAME_TOO_LONG_MESSAGE),
  description: z.string().trim().max(PLAYLIST_DESCRIPTION_MAX, PLAYLIST_DESCRIPTION_TOO_LONG_MESSAGE).default(''),
});
export type PlaylistInput = z.input<typeof playlistInputSchema>;
export const playlistUpdateSchema = z.object({
  name: playlistInputSchema.shape.name.optional(),
  description: z.string().trim().max(PLAYLIST_DESCRIPTION_MAX, PLAYLIST_DESCRIPTION_TOO_LONG_MESSAGE).optional(),
});
export type PlaylistUpdate = z.infer<typeof playlistUpdateSchema>;
export const playlistIdSchema = z.uuid();

/** A whole video (no start and end) or a clip of it. */
export const playlistItemInputSchema = z
  .object({
    videoId: videoIdSchema,
    start: seconds.nullable().default(null),
    end: seconds.nullable().default(null),
    title: z.string().trim().max(200).default(''),
  })
  .refine((v) => (v.start === null) === (v.end === null), { message: REQUIRED_MESSAGE, path: ['end'] })
  .refine((v) => v.start === null || v.end === null || v.end > v.start, { message: CLIP_ORDER_MESSAGE, path: ['end'] });
export type PlaylistItemInput = z.input<typeof playlistItemInputSchema>;
export const playlistItemIdSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const moveItemSchema = z.object({ index: z.number().int().min(0).max(PLAYLIST_MAX_ITEMS) });

export const playlistItemSchema = z.object({
  id: z.number(),
  position: z.number(),
  video: libraryVideoSchema,
  start: z.number().nullable(),
  end: z.number().nullable(),
  title: z.string(),
});
export type PlaylistItem = z.infer<typeof playlistItemSchema>;

export const playlistSummarySchema = z.object({ id: z.string(), name: z.string(), description: z.string(), itemCount: z.number(), updatedAt: z.string() });
export type PlaylistSummary = z.infer<typeof playlistSummarySchema>;
export const playlistsPageSchema = paged(playlistSummarySchema);
export type PlaylistsPage = z.infer<typeof playlistsPageSchema>;
export const playlistPageSchema = paged(playlistItemSchema).extend({ playlist: playlistSummarySchema });
export type PlaylistPage = z.infer<typeof playlistPageSchema>;
/** The item after another while playing a playlist (null at the end). */
export const nextItemSchema = z.object({ item: playlistItemSchema.nullable() });
export type NextItem = z.infer<typeof nextItemSchema>;

// ---- Playback reports

export const playbackSessionIdSchema = z.uuid();
export const playbackReportSchema = z.object({
  /** Increases with each report of a session; a report already seen (same or lower) changes nothing. */
  seq: z.number().int().min(0).max(1_000_000),
  position: seconds,
  /** Ranges actually played since the session began (seconds of the video). */
  ranges: z
    .array(z.tuple([seconds, seconds]))
    .max(PLAYBACK_RANGES_MAX)
    .default([]),
});
export type PlaybackReport = z.input<typeof playbackReportSchema>;

/** One item of a playlist being played, and the one after it (null at the end). */
export const playingItemSchema = z.object({ item: playlistItemSchema, next: playlistItemSchema.nullable() });
export type PlayingItem = z.infer<typeof playingItemSchema>;
