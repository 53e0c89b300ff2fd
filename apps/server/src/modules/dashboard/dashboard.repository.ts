// SQL for the provider's dashboard: the content table with its view counts, who may watch (a
// video's own list, named lists kept in step on the video rows, grants from answered requests), the
// append-only audit of those changes, and the viewing figures. Never decides permissions.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ContentSort } from '@ipsv/contracts/dashboard';
import type { VideoStatus, Visibility } from '@ipsv/contracts/videos';
import {
  accessLists,
  accessRequests,
  auditEvents,
  playbackSessions,
  users,
  videoAccessLists,
  videoDailyStats,
  videoRetention,
  videoSegments,
  videoColumns,
  videoVersions,
  videos,
  type AccessGrant,
} from '../../db/schema.js';
import type { Db } from '../../platform/database/database.js';
import type { VideoRow } from '../videos/videos.repository.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type AccessListRow = typeof accessLists.$inferSelect;
export type AccessRequestRow = typeof accessRequests.$inferSelect;

export interface AuditEntry {
  videoId: string | null;
  actorId: string;
  action: string;
  details: Record<string, unknown>;
}

const name = (first: string, last: string) => `${first} ${last}`.trim();

/** Recomputes `list_entries` of the given videos from the named lists they use. */
async function refreshListEntries(tx: Tx | Db, videoIds: readonly string[]): Promise<void> {
  if (videoIds.length === 0) return;
  await tx.execute(sql`
    UPDATE ${videos} v SET list_entries = coalesce((
      SELECT array_agg(DISTINCT e ORDER BY e) FROM ${videoAccessLists} val
      JOIN ${accessLists} l ON l.id = val.list_id, unnest(l.entries) AS e
      WHERE val.video_id = v.id), '{}')
    WHERE v.id IN (${sql.join(
      videoIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

const audit = (tx: Tx | Db, entries: AuditEntry[]) => (entries.length ? tx.insert(auditEvents).values(entries) : Promise.resolve());

export function createDashboardRepository(db: Db) {
  return {
    // ---- Content

    async contentPage(
      ownerId: string,
      query: { status?: VideoStatus; sort: ContentSort; order: 'asc' | 'desc'; page: number; pageSize: number },
    ): Promise<{ rows: { video: VideoRow; ownerName: string; views: number }[]; total: number }> {
      const views = sql<number>`coalesce((SELECT sum(s.views) FROM video_daily_stats s WHERE s.video_id = videos.id), 0)::int`;
      const where = and(eq(videos.ownerId, ownerId), query.status ? eq(videos.status, query.status) : undefined);
      const column: Record<ContentSort, SQL | typeof videos.createdAt> = {
        createdAt: videos.createdAt,
        publishedAt: sql`${videos.publishedAt}`,
        title: sql`lower(coalesce(nullif(${videos.title}, ''), ${videos.fileName}))`,
        status: sql`${videos.status}::text`,
        views,
        version: sql`${videos.publishedVersion}`,
      };
      const direction = query.order === 'asc' ? asc : desc;
      const rows = await db
        .select({ video: videoColumns, firstName: users.firstName, lastName: users.lastName, views })
        .from(videos)
        .innerJoin(users, eq(users.id, videos.ownerId))
        .where(where)
        .orderBy(query.sort === 'publishedAt' ? sql`${videos.publishedAt} ${sql.raw(query.order)} NULLS LAST` : direction(column[query.sort]), desc(videos.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(videos)
        .where(where);
      return { rows: rows.map((r) => ({ video: r.video, ownerName: name(r.firstName, r.lastName), views: r.views })), total: total?.n ?? 0 };
    },

    async videosByIds(ids: readonly string[]): Promise<VideoRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(videoColumns)
        .from(videos)
        .where(inArray(videos.id, [...ids]));
    },

    /** Sets the visibility of several videos at once, with one audit entry each. */
    async setVisibility(changes: { id: string; from: Visibility }[], visibility: Visibility, actorId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(videos)
          .set({ visibility, updatedAt: new Date() })
          .where(
            inArray(
              videos.id,
              changes.map((c) => c.id),
            ),
          );
        await audit(
          tx,
          changes.map((c) => ({ videoId: c.id, actorId, action: 'visibility', details: { from: c.from, to: visibility } })),
        );
      });
    },

    /** Appends to the audit table (changes whose own write happened elsewhere: versions). */
    async recordAudit(entries: AuditEntry[]): Promise<void> {
      await audit(db, entries);
    },

    /** Marks a version deleted (its files are removed by the caller first) and records who did it. */
    async markVersionDeleted(videoId: string, version: number, actorId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(videoVersions)
          .set({ deletedAt: new Date(), deletedBy: actorId })
          .where(and(eq(videoVersions.videoId, videoId), eq(videoVersions.version, version), sql`${videoVersions.deletedAt} IS NULL`))
          .returning({ version: videoVersions.version });
        if (rows.length) await audit(tx, [{ videoId, actorId, action: 'version.deleted', details: { version } }]);
        return rows.length > 0;
      });
    },

    /** Owners' and confirmers' display names by user id. */
    async userNames(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, [...ids]));
      return new Map(rows.map((r) => [r.id, name(r.firstName, r.lastName)]));
    },

    async auditOf(videoId: string) {
      return db.select().from(auditEvents).where(eq(auditEvents.videoId, videoId)).orderBy(asc(auditEvents.id));
    },

    /** The rollbacks of these videos (the owner published an earlier version again), oldest first. */
    async rollbacksOf(videoIds: readonly string[]): Promise<{ videoId: string; version: number; reason: string; at: Date }[]> {
      if (videoIds.length === 0) return [];
      const rows = await db
        .select()
        .from(auditEvents)
        .where(and(inArray(auditEvents.videoId, [...videoIds]), eq(auditEvents.action, 'version.rolled_back')))
        .orderBy(asc(auditEvents.id));
      return rows.map((r) => ({
        videoId: r.videoId!,
        version: Number(r.details.to),
        // Rollbacks recorded before reasons were asked for have none.
        reason: typeof r.details.reason === 'string' ? r.details.reason : '',
        at: r.createdAt,
      }));
    },

    // ---- Who may watch

    async ownerVideos(ownerId: string): Promise<(VideoRow & { listIds: string[] })[]> {
      const rows = await db
        .select({
          video: videoColumns,
          listIds: sql<string[]>`coalesce(array_agg(${videoAccessLists.listId}) FILTER (WHERE ${videoAccessLists.listId} IS NOT NULL), '{}')`,
        })
        .from(videos)
        .leftJoin(videoAccessLists, eq(videoAccessLists.videoId, videos.id))
        .where(eq(videos.ownerId, ownerId))
        .groupBy(videos.id)
        .orderBy(desc(videos.createdAt));
      return rows.map((r) => ({ ...r.video, listIds: r.listIds }));
    },

    async listsOf(ownerId: string): Promise<(AccessListRow & { videoIds: string[] })[]> {
      const rows = await db
        .select({
          list: accessLists,
          videoIds: sql<string[]>`coalesce(array_agg(${videoAccessLists.videoId}) FILTER (WHERE ${videoAccessLists.videoId} IS NOT NULL), '{}')`,
        })
        .from(accessLists)
        .leftJoin(videoAccessLists, eq(videoAccessLists.listId, accessLists.id))
        .where(eq(accessLists.ownerId, ownerId))
        .groupBy(accessLists.id)
        .orderBy(asc(sql`lower(${accessLists.name})`));
      return rows.map((r) => ({ ...r.list, videoIds: r.videoIds }));
    },

    async findList(id: string): Promise<AccessListRow | null> {
      const [row] = await db.select().from(accessLists).where(eq(accessLists.id, id));
      return row ?? null;
    },

    async listNameTaken(ownerId: string, listName: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: accessLists.id })
        .from(accessLists)
        .where(
          and(
            eq(accessLists.ownerId, ownerId),
            sql`lower(${accessLists.name}) = lower(${listName})`,
            exceptId ? sql`${accessLists.id} <> ${exceptId}` : undefined,
          ),
        );
      return Boolean(row);
    },

    async createList(ownerId: string, input: { name: string; entries: string[] }, actorId: string): Promise<AccessListRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(accessLists)
          .values({ id: randomUUID(), ownerId, ...input })
          .returning();
        await audit(tx, [{ videoId: null, actorId, action: 'list.created', details: { listId: row!.id, name: input.name, entries: input.entries } }]);
        return row!;
      });
    },

    /** Changes a named list; every video that uses it follows in the same transaction. */
    async updateList(id: string, input: { name: string; entries: string[] }, actorId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(accessLists)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(accessLists.id, id));
        const using = await tx.select({ videoId: videoAccessLists.videoId }).from(videoAccessLists).where(eq(videoAccessLists.listId, id));
        await refreshListEntries(
          tx,
          using.map((u) => u.videoId),
        );
        await audit(tx, [
          { videoId: null, actorId, action: 'list.changed', details: { listId: id, name: input.name, entries: input.entries } },
          ...using.map((u) => ({ videoId: u.videoId, actorId, action: 'list.changed', details: { listId: id, name: input.name } })),
        ]);
      });
    },

    async deleteList(id: string, actorId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const using = await tx.select({ videoId: videoAccessLists.videoId }).from(videoAccessLists).where(eq(videoAccessLists.listId, id));
        await tx.delete(accessLists).where(eq(accessLists.id, id));
        await refreshListEntries(
          tx,
          using.map((u) => u.videoId),
        );
        await audit(tx, [
          { videoId: null, actorId, action: 'list.deleted', details: { listId: id } },
          ...using.map((u) => ({ videoId: u.videoId, actorId, action: 'list.removed', details: { listId: id } })),
        ]);
      });
    },

    /** A video's visibility, own list and named lists, replaced together. */
    async setVideoAccess(
      video: Pick<VideoRow, 'id' | 'visibility' | 'whitelist'>,
      input: { visibility: Visibility; whitelist: string[]; listIds: string[] },
      actorId: string,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(videos).set({ visibility: input.visibility, whitelist: input.whitelist, updatedAt: new Date() }).where(eq(videos.id, video.id));
        await tx.delete(videoAccessLists).where(eq(videoAccessLists.videoId, video.id));
        if (input.listIds.length) await tx.insert(videoAccessLists).values(input.listIds.map((listId) => ({ videoId: video.id, listId })));
        await refreshListEntries(tx, [video.id]);
        await audit(tx, [
          {
            videoId: video.id,
            actorId,
            action: 'access',
            details: { from: { visibility: video.visibility, whitelist: video.whitelist }, to: input },
          },
        ]);
      });
    },

    async requestsFor(ownerId: string) {
      const rows = await db
        .select({
          request: accessRequests,
          title: videos.title,
          fileName: videos.fileName,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(accessRequests)
        .innerJoin(videos, eq(videos.id, accessRequests.videoId))
        .innerJoin(users, eq(users.id, accessRequests.requesterId))
        .where(eq(videos.ownerId, ownerId))
        .orderBy(sql`${accessRequests.status} = 'pending' DESC`, desc(accessRequests.createdAt))
        .limit(500);
      return rows.map((r) => ({ ...r.request, videoTitle: r.title || r.fileName, requesterName: name(r.firstName, r.lastName), requesterEmail: r.email }));
    },

    async findRequest(id: number): Promise<(AccessRequestRow & { requesterEmail: string }) | null> {
      const [row] = await db
        .select({ request: accessRequests, email: users.email })
        .from(accessRequests)
        .innerJoin(users, eq(users.id, accessRequests.requesterId))
        .where(eq(accessRequests.id, id));
      return row ? { ...row.request, requesterEmail: row.email } : null;
    },

    /**
     * Answers a pending request (compare-and-set: false when it was already answered). A grant lets
     * the requester in: their email joins the video's grants (replacing an earlier grant of theirs)
     * and a private video becomes whitelisted so the grant counts.
     */
    async decideRequest(
      request: AccessRequestRow & { requesterEmail: string },
      decision: { grant: boolean; until: Date | null },
      actorId: string,
      now: Date,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [decided] = await tx
          .update(accessRequests)
          .set({ status: decision.grant ? 'granted' : 'denied', decidedAt: now, decidedBy: actorId, grantedUntil: decision.grant ? decision.until : null })
          .where(and(eq(accessRequests.id, request.id), eq(accessRequests.status, 'pending')))
          .returning({ id: accessRequests.id });
        if (!decided) return false;
        if (decision.grant) {
          const [video] = await tx.select(videoColumns).from(videos).where(eq(videos.id, request.videoId)).for('update');
          if (video) {
            const email = request.requesterEmail.toLowerCase();
            const grant: AccessGrant = { email, until: decision.until ? decision.until.toISOString() : null, requestId: request.id };
            if (video.visibility === 'private') {
              // The owner last saved "nobody": the whitelist, named lists and grants the row kept from
              // before must not come back with the switch to whitelisted; the requester alone is let in.
              await tx
                .update(videos)
                .set({ accessGrants: [grant], visibility: 'whitelist', whitelist: [], updatedAt: now })
                .where(eq(videos.id, video.id));
              await tx.delete(videoAccessLists).where(eq(videoAccessLists.videoId, video.id));
              await refreshListEntries(tx, [video.id]);
            } else {
              const grants = [...video.accessGrants.filter((g) => g.email !== email), grant];
              await tx.update(videos).set({ accessGrants: grants, updatedAt: now }).where(eq(videos.id, video.id));
            }
          }
        }
        await audit(tx, [
          {
            videoId: request.videoId,
            actorId,
            action: decision.grant ? 'request.granted' : 'request.denied',
            details: { requestId: request.id, requester: request.requesterId, until: decision.until?.toISOString() ?? null },
          },
        ]);
        return true;
      });
    },

    /** Takes a grant back (the owner removes it from the video's list). */
    async revokeGrant(videoId: string, email: string, actorId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [video] = await tx.select(videoColumns).from(videos).where(eq(videos.id, videoId)).for('update');
        if (!video) return;
        await tx
          .update(videos)
          .set({ accessGrants: video.accessGrants.filter((g) => g.email !== email), updatedAt: new Date() })
          .where(eq(videos.id, videoId));
        await audit(tx, [{ videoId, actorId, action: 'grant.revoked', details: { email } }]);
      });
    },

    // ---- Analytics

    async perDay(videoIds: readonly string[], from: string, to: string) {
      if (videoIds.length === 0) return [];
      return db
        .select({
          day: videoDailyStats.day,
          views: sql<number>`sum(${videoDailyStats.views})::int`,
          uniqueViewers: sql<number>`sum(${videoDailyStats.uniqueViewers})::int`,
          watchSeconds: sql<number>`sum(${videoDailyStats.watchSeconds})::float8`,
          downloads: sql<number>`sum(${videoDailyStats.downloads})::int`,
        })
        .from(videoDailyStats)
        .where(and(inArray(videoDailyStats.videoId, [...videoIds]), sql`${videoDailyStats.day} BETWEEN ${from} AND ${to}`))
        .groupBy(videoDailyStats.day)
        .orderBy(asc(videoDailyStats.day));
    },

    async perVideo(videoIds: readonly string[], from: string, to: string) {
      if (videoIds.length === 0) return [];
      return db
        .select({
          id: videoDailyStats.videoId,
          views: sql<number>`sum(${videoDailyStats.views})::int`,
          watchSeconds: sql<number>`sum(${videoDailyStats.watchSeconds})::float8`,
          downloads: sql<number>`sum(${videoDailyStats.downloads})::int`,
        })
        .from(videoDailyStats)
        .where(and(inArray(videoDailyStats.videoId, [...videoIds]), sql`${videoDailyStats.day} BETWEEN ${from} AND ${to}`))
        .groupBy(videoDailyStats.videoId);
    },

    /** Distinct viewers over the whole period (the daily counts would count a returning viewer twice). */
    async uniqueViewers(videoIds: readonly string[], from: string, to: string): Promise<number> {
      if (videoIds.length === 0) return 0;
      const [row] = await db
        .select({ n: sql<number>`count(DISTINCT ${playbackSessions.userId})::int` })
        .from(playbackSessions)
        .where(and(inArray(playbackSessions.videoId, [...videoIds]), sql`${playbackSessions.day} BETWEEN ${from} AND ${to}`));
      return row?.n ?? 0;
    },

    async accessRequestCount(videoIds: readonly string[], from: string, to: string): Promise<number> {
      if (videoIds.length === 0) return 0;
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(accessRequests)
        .where(and(inArray(accessRequests.videoId, [...videoIds]), sql`${accessRequests.createdAt}::date BETWEEN ${from} AND ${to}`));
      return row?.n ?? 0;
    },

    async retention(videoId: string) {
      return db
        .select({ second: videoRetention.second, views: videoRetention.views })
        .from(videoRetention)
        .where(eq(videoRetention.videoId, videoId))
        .orderBy(asc(videoRetention.second));
    },

    /** Each segment with the number of playback sessions that played any part of it. */
    async segmentPlays(videoId: string) {
      return db
        .select({
          title: videoSegments.title,
          start: videoSegments.startTime,
          end: videoSegments.endTime,
          // Column names written out: inside a correlated subquery Drizzle would leave them unqualified.
          plays: sql<number>`(SELECT count(*) FROM playback_sessions ps WHERE ps.video_id = video_segments.video_id AND EXISTS (
            SELECT 1 FROM jsonb_array_elements(ps.ranges) r
            WHERE (r->>0)::float8 < video_segments.end_time AND (r->>1)::float8 > video_segments.start_time))::int`,
        })
        .from(videoSegments)
        .where(eq(videoSegments.videoId, videoId))
        .orderBy(asc(videoSegments.startTime));
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
