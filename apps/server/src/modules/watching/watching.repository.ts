// SQL for the viewer's side: notes, watch later, history, playlists, playback sessions and the
// viewing aggregates they feed. Decides no permission (the services do).
import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  accessRequests,
  librarySettings,
  notes,
  playbackSessions,
  playlistItems,
  playlists,
  segmentColumns,
  users,
  videoDailyStats,
  videoRetention,
  videos,
  videoColumns,
  videoSegments,
  watchHistory,
  watchLater,
} from '../../db/schema.js';
import type { Db } from '../../platform/database/database.js';
import type { VideoRow } from '../videos/videos.repository.js';

export type NoteRow = typeof notes.$inferSelect;
export type PlaylistRow = typeof playlists.$inferSelect;
export type PlaylistItemRow = typeof playlistItems.$inferSelect;
export type PlaybackSessionRow = typeof playbackSessions.$inferSelect;
export interface VideoWithOwner {
  video: VideoRow;
  ownerName: string;
  ownerPictureKey: string | null;
}

/** Items of the playlist row in the same query (columns qualified: drizzle leaves them bare in sql``). */
const itemCount = sql<number>`(SELECT count(*)::int FROM playlist_items AS i WHERE i.playlist_id = "playlists"."id")`;

const page = (pageNumber: number, size: number) => ({ limit: size, offset: (pageNumber - 1) * size });

export function createWatchingRepository(db: Db) {
  const ownerColumns = { firstName: users.firstName, lastName: users.lastName, pictureKey: users.pictureKey };
  // The video page's lookup, built once and prepared by name (see videos.repository.ts `byId`).
  const oneWithOwner = db
    .select({ video: videoColumns, ...ownerColumns })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(eq(videos.id, sql.placeholder('id')))
    .prepare('watch_video_with_owner');
  const segmentsOf = db
    .select(segmentColumns)
    .from(videoSegments)
    .where(eq(videoSegments.videoId, sql.placeholder('id')))
    .orderBy(asc(videoSegments.startTime))
    .prepare('watch_segments');
  return {
    /** The videos of `ids` with their owners' names (missing ids: deleted videos). */
    async videosWithOwners(ids: string[]): Promise<Map<string, VideoWithOwner>> {
      if (ids.length === 0) return new Map();
      const unique = [...new Set(ids)];
      const rows =
        unique.length === 1
          ? await oneWithOwner.execute({ id: unique[0] })
          : await db
              .select({ video: videoColumns, ...ownerColumns })
              .from(videos)
              .innerJoin(users, eq(users.id, videos.ownerId))
              .where(inArray(videos.id, unique));
      return new Map(rows.map((r) => [r.video.id, { video: r.video, ownerName: `${r.firstName} ${r.lastName}`.trim(), ownerPictureKey: r.pictureKey }]));
    },

    async segments(videoId: string) {
      return segmentsOf.execute({ id: videoId });
    },

    /** Watch later flag, history position and the history switch of one user for one video, in one query. */
    async watchState(userId: string, videoId: string): Promise<{ watchLater: boolean; position: number | null; paused: boolean }> {
      const [row] = await db
        .execute<{ watch_later: boolean; position: number | null; paused: boolean | null }>(
          sql`
        SELECT EXISTS (SELECT 1 FROM ${watchLater} WHERE ${watchLater.userId} = ${userId} AND ${watchLater.videoId} = ${videoId}) AS watch_later,
               (SELECT ${watchHistory.position} FROM ${watchHistory} WHERE ${watchHistory.userId} = ${userId} AND ${watchHistory.videoId} = ${videoId}) AS position,
               (SELECT ${librarySettings.historyPaused} FROM ${librarySettings} WHERE ${librarySettings.userId} = ${userId}) AS paused`,
        )
        .then((r) => r.rows);
      return { watchLater: row?.watch_later ?? false, position: row?.position ?? null, paused: row?.paused ?? false };
    },

    // ---- Access requests and downloads

    /** Records a request unless one is already pending for this viewer and video; true when recorded. */
    async requestAccess(videoId: string, requesterId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`access:${videoId}:${requesterId}`}))`);
        const [pending] = await tx
          .select({ id: accessRequests.id })
          .from(accessRequests)
          .where(and(eq(accessRequests.videoId, videoId), eq(accessRequests.requesterId, requesterId), eq(accessRequests.status, 'pending')));
        if (pending) return false;
        await tx.insert(accessRequests).values({ videoId, requesterId });
        return true;
      });
    },

    async countDownload(videoId: string, day: string): Promise<void> {
      await db
        .insert(videoDailyStats)
        .values({ videoId, day, downloads: 1 })
        .onConflictDoUpdate({ target: [videoDailyStats.videoId, videoDailyStats.day], set: { downloads: sql`${videoDailyStats.downloads} + 1` } });
    },

    // ---- Notes

    async notesOf(userId: string, videoId: string): Promise<NoteRow[]> {
      return db
        .select()
        .from(notes)
        .where(and(eq(notes.userId, userId), eq(notes.videoId, videoId)))
        .orderBy(asc(notes.time), asc(notes.id));
    },
    async note(userId: string, id: number): Promise<NoteRow | null> {
      const [row] = await db
        .select()
        .from(notes)
        .where(and(eq(notes.userId, userId), eq(notes.id, id)));
      return row ?? null;
    },
    async createNote(values: { userId: string; videoId: string; time: number; text: string }): Promise<NoteRow> {
      const [row] = await db.insert(notes).values(values).returning();
      return row!;
    },
    async updateNote(userId: string, id: number, patch: { time?: number; text?: string }): Promise<NoteRow | null> {
      const [row] = await db
        .update(notes)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(notes.userId, userId), eq(notes.id, id)))
        .returning();
      return row ?? null;
    },
    async deleteNote(userId: string, id: number): Promise<boolean> {
      const rows = await db
        .delete(notes)
        .where(and(eq(notes.userId, userId), eq(notes.id, id)))
        .returning({ id: notes.id });
      return rows.length > 0;
    },
    /** Videos with the user's notes (most recently noted first), optionally only notes matching `q` (full text). */
    async notedVideos(userId: string, q: string, pageNumber: number, size: number): Promise<{ videoIds: string[]; total: number; notes: NoteRow[] }> {
      const match = q ? sql`to_tsvector('simple', ${notes.text}) @@ websearch_to_tsquery('simple', ${q})` : sql`TRUE`;
      const where = and(eq(notes.userId, userId), match);
      const groups = await db
        .select({ videoId: notes.videoId, last: sql<Date>`max(${notes.updatedAt})`.as('last') })
        .from(notes)
        .where(where)
        .groupBy(notes.videoId)
        .orderBy(desc(sql`last`), asc(notes.videoId))
        .limit(size)
        .offset((pageNumber - 1) * size);
      const [totalRow] = await db
        .select({ n: sql<number>`count(DISTINCT ${notes.videoId})::int` })
        .from(notes)
        .where(where);
      const videoIds = groups.map((g) => g.videoId);
      const rows = videoIds.length
        ? await db
            .select()
            .from(notes)
            .where(and(where, inArray(notes.videoId, videoIds)))
            .orderBy(asc(notes.time), asc(notes.id))
        : [];
      return { videoIds, total: totalRow?.n ?? 0, notes: rows };
    },

    // ---- Watch later

    async addWatchLater(userId: string, videoId: string): Promise<void> {
      await db.insert(watchLater).values({ userId, videoId }).onConflictDoNothing();
    },
    async removeWatchLater(userId: string, videoId: string): Promise<void> {
      await db.delete(watchLater).where(and(eq(watchLater.userId, userId), eq(watchLater.videoId, videoId)));
    },
    async watchLaterPage(userId: string, pageNumber: number, size: number) {
      const rows = await db
        .select()
        .from(watchLater)
        .where(eq(watchLater.userId, userId))
        .orderBy(desc(watchLater.createdAt), asc(watchLater.videoId))
        .limit(size)
        .offset(page(pageNumber, size).offset);
      const [total] = await db.select({ n: count() }).from(watchLater).where(eq(watchLater.userId, userId));
      return { rows, total: total?.n ?? 0 };
    },

    // ---- History

    async historyPaused(userId: string): Promise<boolean> {
      const [row] = await db.select().from(librarySettings).where(eq(librarySettings.userId, userId));
      return row?.historyPaused ?? false;
    },
    async setHistoryPaused(userId: string, paused: boolean): Promise<void> {
      await db
        .insert(librarySettings)
        .values({ userId, historyPaused: paused })
        .onConflictDoUpdate({ target: librarySettings.userId, set: { historyPaused: paused } });
    },
    async historyPage(userId: string, pageNumber: number, size: number) {
      const rows = await db
        .select()
        .from(watchHistory)
        .where(eq(watchHistory.userId, userId))
        .orderBy(desc(watchHistory.updatedAt), asc(watchHistory.videoId))
        .limit(size)
        .offset(page(pageNumber, size).offset);
      const [total] = await db.select({ n: count() }).from(watchHistory).where(eq(watchHistory.userId, userId));
      return { rows, total: total?.n ?? 0 };
    },
    async removeHistory(userId: string, videoId: string): Promise<void> {
      await db.delete(watchHistory).where(and(eq(watchHistory.userId, userId), eq(watchHistory.videoId, videoId)));
    },
    async clearHistory(userId: string): Promise<void> {
      await db.delete(watchHistory).where(eq(watchHistory.userId, userId));
    },

    // ---- Playlists

    async playlistsPage(userId: string, pageNumber: number, size: number) {
      const rows = await db
        .select({
          playlist: playlists,
          itemCount: itemCount,
        })
        .from(playlists)
        .where(eq(playlists.userId, userId))
        .orderBy(desc(playlists.updatedAt), asc(playlists.id))
        .limit(size)
        .offset(page(pageNumber, size).offset);
      const [total] = await db.select({ n: count() }).from(playlists).where(eq(playlists.userId, userId));
      return { rows, total: total?.n ?? 0 };
    },
    async playlist(userId: string, id: string): Promise<{ playlist: PlaylistRow; itemCount: number } | null> {
      const [row] = await db
        .select({
          playlist: playlists,
          itemCount: itemCount,
        })
        .from(playlists)
        .where(and(eq(playlists.userId, userId), eq(playlists.id, id)));
      return row ?? null;
    },
    async createPlaylist(values: { id: string; userId: string; name: string; description: string }): Promise<PlaylistRow> {
      const [row] = await db.insert(playlists).values(values).returning();
      return row!;
    },
    async updatePlaylist(userId: string, id: string, patch: { name?: string; description?: string }): Promise<void> {
      await db
        .update(playlists)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(playlists.userId, userId), eq(playlists.id, id)));
    },
    async deletePlaylist(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(playlists)
        .where(and(eq(playlists.userId, userId), eq(playlists.id, id)))
        .returning({ id: playlists.id });
      return rows.length > 0;
    },
    async items(playlistId: string, pageNumber: number, size: number): Promise<PlaylistItemRow[]> {
      return db
        .select()
        .from(playlistItems)
        .where(eq(playlistItems.playlistId, playlistId))
        .orderBy(asc(playlistItems.position))
        .limit(size)
        .offset(page(pageNumber, size).offset);
    },
    async item(playlistId: string, itemId: number): Promise<PlaylistItemRow | null> {
      const [row] = await db
        .select()
        .from(playlistItems)
        .where(and(eq(playlistItems.playlistId, playlistId), eq(playlistItems.id, itemId)));
      return row ?? null;
    },
    async itemAfter(playlistId: string, position: number): Promise<PlaylistItemRow | null> {
      const [row] = await db
        .select()
        .from(playlistItems)
        .where(and(eq(playlistItems.playlistId, playlistId), gt(playlistItems.position, position)))
        .orderBy(asc(playlistItems.position))
        .limit(1);
      return row ?? null;
    },
    /** Appends an item unless the playlist already holds `max`; false when full (checked under a lock). */
    async addItem(
      playlistId: string,
      values: { videoId: string; start: number | null; end: number | null; title: string },
      max: number,
    ): Promise<PlaylistItemRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM ${playlists} WHERE ${playlists.id} = ${playlistId} FOR UPDATE`);
        const [stats] = await tx
          .select({ n: count(), last: sql<number | null>`max(${playlistItems.position})` })
          .from(playlistItems)
          .where(eq(playlistItems.playlistId, playlistId));
        if ((stats?.n ?? 0) >= max) return null;
        const [row] = await tx
          .insert(playlistItems)
          .values({ playlistId, ...values, position: (stats?.last ?? -1) + 1 })
          .returning();
        await tx.update(playlists).set({ updatedAt: new Date() }).where(eq(playlists.id, playlistId));
        return row!;
      });
    },
    async removeItem(playlistId: string, itemId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM ${playlists} WHERE ${playlists.id} = ${playlistId} FOR UPDATE`);
        const [row] = await tx
          .delete(playlistItems)
          .where(and(eq(playlistItems.playlistId, playlistId), eq(playlistItems.id, itemId)))
          .returning();
        if (!row) return false;
        await tx
          .update(playlistItems)
          .set({ position: sql`${playlistItems.position} - 1` })
          .where(and(eq(playlistItems.playlistId, playlistId), gt(playlistItems.position, row.position)));
        return true;
      });
    },
    /** Moves an item to `index` (0-based, clamped to the end), shifting those in between. */
    async moveItem(playlistId: string, itemId: number, index: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM ${playlists} WHERE ${playlists.id} = ${playlistId} FOR UPDATE`);
        const [row] = await tx
          .select()
          .from(playlistItems)
          .where(and(eq(playlistItems.playlistId, playlistId), eq(playlistItems.id, itemId)));
        if (!row) return false;
        const [stats] = await tx.select({ n: count() }).from(playlistItems).where(eq(playlistItems.playlistId, playlistId));
        const to = Math.min(index, (stats?.n ?? 1) - 1);
        const from = row.position;
        if (to === from) return true;
        if (to > from) {
          await tx
            .update(playlistItems)
            .set({ position: sql`${playlistItems.position} - 1` })
            .where(and(eq(playlistItems.playlistId, playlistId), gt(playlistItems.position, from), lte(playlistItems.position, to)));
        } else {
          await tx
            .update(playlistItems)
            .set({ position: sql`${playlistItems.position} + 1` })
            .where(and(eq(playlistItems.playlistId, playlistId), gte(playlistItems.position, to), sql`${playlistItems.position} < ${from}`));
        }
        await tx.update(playlistItems).set({ position: to }).where(eq(playlistItems.id, itemId));
        await tx.update(playlists).set({ updatedAt: new Date() }).where(eq(playlists.id, playlistId));
        return true;
      });
    },

    // ---- Playback sessions

    /**
     * Applies one report: under a row lock, a sequence number already seen changes nothing; otherwise
     * the session's ranges grow, and only seconds never counted before in this session go to the
     * day's watch time and the retention curve. The first report of a session counts one view and
     * one viewer for the day only when the same viewer had no other session of the video that day:
     * one view per viewer, video and day, however many sessions a client makes up.
     */
    async applyReport(input: {
      sessionId: string;
      userId: string;
      videoId: string;
      day: string;
      seq: number;
      position: number;
      merge: (previous: [number, number][]) => { ranges: [number, number][]; newSeconds: number; newWholeSeconds: number[] };
      history: boolean;
    }): Promise<'applied' | 'duplicate' | 'foreign'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`playback:${input.sessionId}`}))`);
        const [existing] = await tx.select().from(playbackSessions).where(eq(playbackSessions.id, input.sessionId));
        if (existing && (existing.userId !== input.userId || existing.videoId !== input.videoId)) return 'foreign';
        if (existing && input.seq <= existing.lastSeq) return 'duplicate';
        const merged = input.merge(existing?.ranges ?? []);
        let newViewer = false;
        if (!existing) {
          // New sessions of one viewer and video one after another, so parallel ones cannot all be
          // the first of the day (always after the session's own lock: no deadlock).
          await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`playback-viewer:${input.userId}:${input.videoId}`}))`);
          const [other] = await tx
            .select({ id: playbackSessions.id })
            .from(playbackSessions)
            .where(and(eq(playbackSessions.videoId, input.videoId), eq(playbackSessions.day, input.day), eq(playbackSessions.userId, input.userId)))
            .limit(1);
          newViewer = !other;
          await tx.insert(playbackSessions).values({
            id: input.sessionId,
            userId: input.userId,
            videoId: input.videoId,
            day: input.day,
            lastSeq: input.seq,
            position: input.position,
            ranges: merged.ranges,
            watchedSeconds: merged.newSeconds,
          });
        } else {
          await tx
            .update(playbackSessions)
            .set({
              lastSeq: input.seq,
              position: input.position,
              ranges: merged.ranges,
              watchedSeconds: existing.watchedSeconds + merged.newSeconds,
              updatedAt: new Date(),
            })
            .where(eq(playbackSessions.id, input.sessionId));
        }
        const views = newViewer ? 1 : 0;
        await tx
          .insert(videoDailyStats)
          .values({ videoId: input.videoId, day: input.day, views, uniqueViewers: newViewer ? 1 : 0, watchSeconds: merged.newSeconds })
          .onConflictDoUpdate({
            target: [videoDailyStats.videoId, videoDailyStats.day],
            set: {
              views: sql`${videoDailyStats.views} + ${views}`,
              uniqueViewers: sql`${videoDailyStats.uniqueViewers} + ${newViewer ? 1 : 0}`,
              watchSeconds: sql`${videoDailyStats.watchSeconds} + ${merged.newSeconds}`,
            },
          });
        if (merged.newWholeSeconds.length > 0) {
          await tx.execute(sql`
            INSERT INTO ${videoRetention} (video_id, second, views)
            SELECT ${input.videoId}, s, 1 FROM unnest(${`{${merged.newWholeSeconds.join(',')}}`}::int[]) AS s
            ON CONFLICT (video_id, second) DO UPDATE SET views = ${videoRetention}.views + 1`);
        }
        if (input.history) {
          await tx
            .insert(watchHistory)
            .values({ userId: input.userId, videoId: input.videoId, position: input.position })
            .onConflictDoUpdate({ target: [watchHistory.userId, watchHistory.videoId], set: { position: input.position, updatedAt: new Date() } });
        }
        return 'applied';
      });
    },
  };
}
export type WatchingRepository = ReturnType<typeof createWatchingRepository>;
