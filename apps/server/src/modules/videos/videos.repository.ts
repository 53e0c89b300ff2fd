// SQL for videos, their privacy confirmations and segments. Status and percent changes are
// announced with pg_notify('video_progress'), so every API process (and its WebSocket clients)
// hears about work done by any worker.
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { VideoStatus } from '@ipsv/contracts/videos';
import {
  privacyConfirmations,
  segmentColumns,
  users,
  videoColumns,
  videoSegments,
  videoVersions,
  videos,
  type RenditionKeys,
  type SpeculativeSdState,
} from '../../db/schema.js';
import type { Db } from '../../platform/database/database.js';
import { WORKING_STATUSES } from './video-lifecycle.js';

export type VideoRow = Omit<typeof videos.$inferSelect, 'searchDocument'>;
export type VideoPatch = Partial<Omit<typeof videos.$inferInsert, 'id' | 'ownerId' | 'createdAt'>>;
export type SegmentRow = Omit<typeof videoSegments.$inferSelect, 'document'>;
export type VersionRow = typeof videoVersions.$inferSelect;

export const PROGRESS_CHANNEL = 'video_progress';

/** A speculative SD job beats every 10 s; one silent this long has died. */
export const SPECULATIVE_SD_STALE_SECONDS = 60;

export interface ProgressNotice {
  id: string;
  ownerId: string;
  status: VideoStatus;
  percent: number | null;
  failureReason: string | null;
  renditionComplete: boolean;
}

export function createVideosRepository(db: Db) {
  // The lookups of one video that nearly every video route makes, built once and prepared by name:
  // building a select of every column took about 0.5 ms of CPU a call (drizzle), and PostgreSQL
  // plans a named statement once per connection.
  const byId = db
    .select(videoColumns)
    .from(videos)
    .where(eq(videos.id, sql.placeholder('id')))
    .prepare('video_by_id');
  const withOwnerById = db
    .select({ video: videoColumns, firstName: users.firstName, lastName: users.lastName })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(eq(videos.id, sql.placeholder('id')))
    .prepare('video_with_owner_by_id');
  const openUploads = async (tx: Pick<Db, 'execute'>, ownerId: string): Promise<{ ofOwner: number; outstandingBytes: number }> => {
    const result = await tx.execute<{ of_owner: number; outstanding: number }>(sql`
      SELECT count(*) FILTER (WHERE ${videos.ownerId} = ${ownerId})::int AS of_owner,
             coalesce(sum(greatest(coalesce(${videos.sizeBytes}, 0) * (1 - coalesce(${videos.percent}, 0) / 100.0), 0)), 0)::float8 AS outstanding
        FROM ${videos} WHERE ${videos.status} = 'uploading'`);
    const row = result.rows[0];
    return { ofOwner: Number(row?.of_owner ?? 0), outstandingBytes: Number(row?.outstanding ?? 0) };
  };
  const notify = async (row: VideoRow | undefined) => {
    if (!row) return;
    const notice: ProgressNotice = {
      id: row.id,
      ownerId: row.ownerId,
      status: row.status,
      percent: row.percent,
      failureReason: row.failureReason,
      renditionComplete: row.rendition?.complete ?? false,
    };
    await db.execute(sql`SELECT pg_notify(${PROGRESS_CHANNEL}, ${JSON.stringify(notice)})`);
  };

  return {
    async create(values: typeof videos.$inferInsert): Promise<VideoRow> {
      const [row] = await db.insert(videos).values(values).returning(videoColumns);
      await notify(row);
      return row!;
    },

    /**
     * What the open uploads (status uploading) still have to receive, in all and of one owner,
     * estimated from their declared size and progress.
     */
    openUploads: (ownerId: string) => openUploads(db, ownerId),

    /**
     * Creates an upload's row once `admit` (given the open uploads, this one not yet among them)
     * agrees, one creation at a time across processes: parallel uploads cannot all take the same
     * free space or the same last place.
     */
    async createUpload(values: typeof videos.$inferInsert, admit: (open: { ofOwner: number; outstandingBytes: number }) => Promise<void>): Promise<VideoRow> {
      const row = await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('upload-reservations'))`);
        await admit(await openUploads(tx, values.ownerId));
        const [created] = await tx.insert(videos).values(values).returning(videoColumns);
        return created!;
      });
      await notify(row);
      return row;
    },

    async find(id: string): Promise<VideoRow | null> {
      const [row] = await byId.execute({ id });
      return row ?? null;
    },

    async findWithOwner(id: string): Promise<{ video: VideoRow; ownerName: string } | null> {
      const [row] = await withOwnerById.execute({ id });
      return row ? { video: row.video, ownerName: `${row.firstName} ${row.lastName}`.trim() } : null;
    },

    /** A user's display name (first and last name), or null when the account is gone. */
    async userName(userId: string): Promise<string | null> {
      const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
      return row ? `${row.firstName} ${row.lastName}`.trim() : null;
    },

    async listByOwner(ownerId: string): Promise<{ video: VideoRow; ownerName: string }[]> {
      const rows = await db
        .select({ video: videoColumns, firstName: users.firstName, lastName: users.lastName })
        .from(videos)
        .innerJoin(users, eq(users.id, videos.ownerId))
        .where(eq(videos.ownerId, ownerId))
        .orderBy(desc(videos.createdAt));
      return rows.map((row) => ({ video: row.video, ownerName: `${row.firstName} ${row.lastName}`.trim() }));
    },

    /**
     * Updates a video. With `from`, only while its status is one of those (a compare-and-set, so
     * two workers or a worker and a user cannot both move it); with `detailsUnsaved`, only while
     * its details are still unsaved. Returns null when nothing matched.
     */
    async update(id: string, patch: VideoPatch, from?: readonly VideoStatus[], guard?: { detailsUnsaved: true }): Promise<VideoRow | null> {
      const where = and(
        eq(videos.id, id),
        from ? inArray(videos.status, [...from]) : undefined,
        guard?.detailsUnsaved ? isNull(videos.detailsSavedAt) : undefined,
      );
      const [row] = await db
        .update(videos)
        .set({ ...patch, updatedAt: new Date() })
        .where(where)
        .returning(videoColumns);
      if (row && ('status' in patch || 'percent' in patch || 'failureReason' in patch || 'rendition' in patch)) await notify(row);
      return row ?? null;
    },

    /**
     * Moves the speculative SD's state and stamps its clock; with `from`, only while the state is
     * one of those (null: none yet), so that a job and a retried analysis cannot both claim it.
     * Setting the state it has already is the job's beat. Returns whether it moved.
     */
    async setSpeculativeSd(id: string, state: SpeculativeSdState | null, from?: readonly (SpeculativeSdState | null)[]): Promise<boolean> {
      const states = from?.filter((s): s is SpeculativeSdState => s !== null) ?? [];
      const inStates = from
        ? or(states.length ? inArray(videos.speculativeSd, states) : sql`false`, from.includes(null) ? isNull(videos.speculativeSd) : sql`false`)
        : undefined;
      const rows = await db
        .update(videos)
        .set({ speculativeSd: state, speculativeSdAt: sql`now()` })
        .where(and(eq(videos.id, id), inStates))
        .returning({ id: videos.id });
      return rows.length > 0;
    },

    /**
     * The speculative SD's state, and whether its job is alive: it beats every few seconds while
     * rendering or drawing, so a state older than `SPECULATIVE_SD_STALE_SECONDS` belongs to a job
     * that died (it is retried, or the render works without it). The database's clock decides.
     */
    async speculativeSd(id: string): Promise<{ state: SpeculativeSdState | null; live: boolean }> {
      const [row] = await db
        .select({
          state: videos.speculativeSd,
          live: sql<boolean>`coalesce(${videos.speculativeSdAt} > now() - make_interval(secs => ${SPECULATIVE_SD_STALE_SECONDS}), false)`,
        })
        .from(videos)
        .where(eq(videos.id, id));
      return { state: row?.state ?? null, live: Boolean(row?.live) };
    },

    /**
     * Videos waiting on a pipeline job (a working status, or published with HD rungs to come) that
     * have not changed for `quietSeconds`: the sweep asks whether their job still lives.
     */
    async waitingOnJobs(quietSeconds: number, limit = 200): Promise<VideoRow[]> {
      return db
        .select(videoColumns)
        .from(videos)
        .where(
          and(
            or(inArray(videos.status, [...WORKING_STATUSES]), and(eq(videos.status, 'published'), sql`(${videos.rendition}->>'complete')::boolean IS FALSE`)),
            lt(videos.updatedAt, sql`now() - make_interval(secs => ${quietSeconds})`),
          ),
        )
        .orderBy(asc(videos.updatedAt))
        .limit(limit);
    },

    /** The owner's review in progress (not a change of the video: updatedAt stays). */
    async saveReviewDraft(id: string, draft: NonNullable<VideoRow['reviewDraft']>): Promise<void> {
      await db.update(videos).set({ reviewDraft: draft }).where(eq(videos.id, id));
    },

    /** Sets the poster of the published rendition, only while `version` is still the one published. */
    async setPoster(id: string, version: number, poster: string): Promise<boolean> {
      const rows = await db
        .update(videos)
        .set({ rendition: sql`jsonb_set(${videos.rendition}, '{poster}', to_jsonb(${poster}::text))`, updatedAt: new Date() })
        .where(and(eq(videos.id, id), sql`(${videos.rendition}->>'version')::int = ${version}`))
        .returning({ id: videos.id });
      if (rows.length)
        await db
          .update(videoVersions)
          .set({ rendition: sql`jsonb_set(${videoVersions.rendition}, '{poster}', to_jsonb(${poster}::text))` })
          .where(and(eq(videoVersions.videoId, id), eq(videoVersions.version, version)));
      return rows.length > 0;
    },

    /** Records (or updates, as more rungs finish) a rendered version; its ranges and confirmer come from the video row. */
    async saveVersion(
      video: Pick<VideoRow, 'id' | 'confirmedRanges' | 'confirmedBy' | 'confirmedAt'>,
      rendition: RenditionKeys,
      sizeBytes: number | null,
    ): Promise<void> {
      await db
        .insert(videoVersions)
        .values({
          videoId: video.id,
          version: rendition.version,
          ranges: video.confirmedRanges ?? [],
          confirmedBy: video.confirmedBy ?? 'auto',
          confirmedAt: video.confirmedAt ?? new Date(),
          rendition,
          sizeBytes,
        })
        .onConflictDoUpdate({ target: [videoVersions.videoId, videoVersions.version], set: { rendition, sizeBytes } });
    },

    /** The versions of the given videos, oldest first (deleted ones included: their numbers stay taken). */
    async versions(videoIds: readonly string[]): Promise<VersionRow[]> {
      if (videoIds.length === 0) return [];
      return db
        .select()
        .from(videoVersions)
        .where(inArray(videoVersions.videoId, [...videoIds]))
        .orderBy(asc(videoVersions.videoId), asc(videoVersions.version));
    },

    async delete(id: string): Promise<void> {
      await db.delete(videos).where(eq(videos.id, id));
    },

    async recordConfirmation(
      videoId: string,
      version: number,
      ranges: VideoRow['confirmedRanges'],
      confirmedBy: string,
      masks: VideoRow['confirmedMasks'] = [],
    ): Promise<void> {
      await db.insert(privacyConfirmations).values({ videoId, version, ranges: ranges ?? [], masks: masks ?? [], confirmedBy });
    },

    /** The masks of each confirmed version of these videos (its last confirmation's). */
    async versionMasks(videoIds: readonly string[]): Promise<Map<string, NonNullable<VideoRow['confirmedMasks']>>> {
      if (videoIds.length === 0) return new Map();
      const rows = await db
        .select({ videoId: privacyConfirmations.videoId, version: privacyConfirmations.version, masks: privacyConfirmations.masks })
        .from(privacyConfirmations)
        .where(inArray(privacyConfirmations.videoId, [...videoIds]))
        .orderBy(asc(privacyConfirmations.id));
      return new Map(rows.map((r) => [`${r.videoId}/${r.version}`, r.masks]));
    },

    async confirmations(videoId: string) {
      return db.select().from(privacyConfirmations).where(eq(privacyConfirmations.videoId, videoId)).orderBy(asc(privacyConfirmations.id));
    },

    async segments(videoId: string): Promise<SegmentRow[]> {
      return db.select(segmentColumns).from(videoSegments).where(eq(videoSegments.videoId, videoId)).orderBy(asc(videoSegments.startTime));
    },

    async replaceSegments(videoId: string, segments: Omit<SegmentRow, 'id' | 'videoId'>[], patch: VideoPatch): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(videoSegments).where(eq(videoSegments.videoId, videoId));
        if (segments.length) await tx.insert(videoSegments).values(segments.map((s) => ({ ...s, videoId })));
        await tx
          .update(videos)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(videos.id, videoId));
      });
    },

    /** Uploads never finished within the expiry. */
    async staleUploads(before: Date): Promise<VideoRow[]> {
      return db
        .select(videoColumns)
        .from(videos)
        .where(and(eq(videos.status, 'uploading'), lt(videos.updatedAt, before)));
    },

    /** Published videos whose original is still kept past the retention. */
    async originalsToDelete(before: Date): Promise<VideoRow[]> {
      return db
        .select(videoColumns)
        .from(videos)
        .where(
          and(
            eq(videos.status, 'published'),
            sql`${videos.originalDeletedAt} IS NULL`,
            lt(videos.publishedAt, before),
            sql`(${videos.rendition}->>'complete')::boolean`,
          ),
        );
    },
  };
}

export type VideosRepository = ReturnType<typeof createVideosRepository>;
