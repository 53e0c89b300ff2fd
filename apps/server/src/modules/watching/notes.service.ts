// Timed private notes: only their author ever reads, changes or finds them. A note is taken on a
// video the author may watch, at a time within that video.
import { LIBRARY_PAGE_SIZE, type Note, type NoteInput, type NotedVideosPage, type NoteUpdate } from '@ipsv/contracts/watching';
import { AppError } from '../../platform/app-error.js';
import type { MediaSigner } from '../../platform/media/media-signing.js';
import type { VideoActor } from '../videos/video-access.js';
import { libraryVideo, watchable } from './library-view.js';
import type { NoteRow, WatchingRepository } from './watching.repository.js';

const toNote = (row: NoteRow): Note => ({
  id: row.id,
  videoId: row.videoId,
  time: row.time,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const TIME_TOLERANCE_SECONDS = 0.5;

export function createNotesService(deps: { watching: WatchingRepository; signer: MediaSigner }) {
  const { watching, signer } = deps;

  const watchableVideo = async (actor: VideoActor, videoId: string) => {
    const found = watchable(actor, (await watching.videosWithOwners([videoId])).get(videoId));
    if (!found) throw new AppError('NO_ACCESS');
    return found;
  };
  /** A time within the video; the last half second of rounding (a stream a few frames longer than its container says) is the end. */
  const checkTime = (time: number, duration: number): number => {
    if (time > duration + TIME_TOLERANCE_SECONDS) throw new AppError('NOTE_TIME_OUTSIDE', { duration: Math.floor(duration) });
    return Math.min(time, duration);
  };

  return {
    async list(actor: VideoActor, videoId: string): Promise<Note[]> {
      await watchableVideo(actor, videoId);
      return (await watching.notesOf(actor.id, videoId)).map(toNote);
    },

    async create(actor: VideoActor, videoId: string, input: NoteInput): Promise<Note> {
      const { rendition } = await watchableVideo(actor, videoId);
      const time = checkTime(input.time, rendition.durationSeconds);
      return toNote(await watching.createNote({ userId: actor.id, videoId, time, text: input.text }));
    },

    /** Someone else's note does not exist for the caller (404 alike). */
    async update(actor: VideoActor, id: number, patch: NoteUpdate): Promise<Note> {
      const note = await watching.note(actor.id, id);
      if (!note) throw new AppError('NOTE_NOT_FOUND');
      const time = patch.time === undefined ? undefined : checkTime(patch.time, (await watchableVideo(actor, note.videoId)).rendition.durationSeconds);
      const row = await watching.updateNote(actor.id, id, { ...patch, ...(time === undefined ? {} : { time }) });
      if (!row) throw new AppError('NOTE_NOT_FOUND');
      return toNote(row);
    },

    async remove(actor: VideoActor, id: number): Promise<void> {
      if (!(await watching.deleteNote(actor.id, id))) throw new AppError('NOTE_NOT_FOUND');
    },

    /** /noted-videos: videos with my notes, each with its notes; `q` searches my notes' text. */
    async notedVideos(actor: VideoActor, q: string, page: number): Promise<NotedVideosPage> {
      const { videoIds, total, notes } = await watching.notedVideos(actor.id, q, page, LIBRARY_PAGE_SIZE);
      const found = await watching.videosWithOwners(videoIds);
      return {
        items: videoIds.map((id) => ({ video: libraryVideo(signer, actor, id, found.get(id)), notes: notes.filter((n) => n.videoId === id).map(toNote) })),
        page,
        pageSize: LIBRARY_PAGE_SIZE,
        total,
      };
    },
  };
}
export type NotesService = ReturnType<typeof createNotesService>;
