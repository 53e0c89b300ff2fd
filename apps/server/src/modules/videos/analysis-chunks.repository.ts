// SQL for a long video's privacy analysis in chunks (jobs analyse-video and analyse-chunk): the
// plan, each chunk's progress and findings, and who is left.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { videoAnalysisChunks } from '../../db/schema.js';
import type { Db } from '../../platform/database/database.js';

export type AnalysisChunkRow = typeof videoAnalysisChunks.$inferSelect;

export function createAnalysisChunksRepository(db: Db) {
  return {
    /**
     * A new plan for the video: earlier chunks and their findings go (a chunk job of an earlier
     * plan then finds no row and stops), the new ones are returned in order.
     */
    async replacePlan(videoId: string, chunks: readonly { index: number; start: number; end: number }[]): Promise<AnalysisChunkRow[]> {
      return db.transaction(async (tx) => {
        await tx.delete(videoAnalysisChunks).where(eq(videoAnalysisChunks.videoId, videoId));
        if (chunks.length === 0) return [];
        return tx
          .insert(videoAnalysisChunks)
          .values(chunks.map((c) => ({ id: randomUUID(), videoId, index: c.index, startSeconds: c.start, endSeconds: c.end })))
          .returning()
          .then((rows) => rows.sort((a, b) => a.index - b.index));
      });
    },

    async find(id: string): Promise<AnalysisChunkRow | null> {
      const [row] = await db.select().from(videoAnalysisChunks).where(eq(videoAnalysisChunks.id, id));
      return row ?? null;
    },

    async forVideo(videoId: string): Promise<AnalysisChunkRow[]> {
      return db.select().from(videoAnalysisChunks).where(eq(videoAnalysisChunks.videoId, videoId)).orderBy(asc(videoAnalysisChunks.index));
    },

    /** The chunk's percent, and the video's: the chunks' average weighted by their length. */
    async progress(id: string, percent: number): Promise<number | null> {
      const { rows } = await db.execute<{ percent: number | null }>(sql`
        WITH chunk AS (
          UPDATE video_analysis_chunks SET percent = ${Math.round(percent)} WHERE id = ${id} AND done_at IS NULL RETURNING video_id
        )
        SELECT round(sum(c.percent * (c.end_seconds - c.start_seconds)) / nullif(sum(c.end_seconds - c.start_seconds), 0))::int AS percent
        FROM video_analysis_chunks c
        WHERE c.video_id = (SELECT video_id FROM chunk)`);
      return rows[0]?.percent ?? null;
    },

    /**
     * Stores a chunk's findings (once: a retried chunk keeps its first); true when no chunk of its
     * plan is left open. The video row is locked first, so of two chunks finishing at once exactly
     * one sees none left; a chunk of a replaced plan (no row) is false.
     */
    async complete(id: string, videoId: string, result: unknown): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM videos WHERE id = ${videoId} FOR UPDATE`);
        const [mine] = await tx
          .update(videoAnalysisChunks)
          .set({
            result: sql`coalesce(${videoAnalysisChunks.result}, ${JSON.stringify(result)}::jsonb)`,
            percent: 100,
            doneAt: sql`coalesce(${videoAnalysisChunks.doneAt}, now())`,
          })
          .where(eq(videoAnalysisChunks.id, id))
          .returning({ id: videoAnalysisChunks.id });
        if (!mine) return false;
        const open = await tx
          .select({ id: videoAnalysisChunks.id })
          .from(videoAnalysisChunks)
          .where(and(eq(videoAnalysisChunks.videoId, videoId), isNull(videoAnalysisChunks.doneAt)));
        return open.length === 0;
      });
    },

    /** Findings are only needed until they are merged. */
    async clear(videoId: string): Promise<void> {
      await db.delete(videoAnalysisChunks).where(eq(videoAnalysisChunks.videoId, videoId));
    },
  };
}

export type AnalysisChunksRepository = ReturnType<typeof createAnalysisChunksRepository>;
