// SQL for the administrators' curation: named collections of ordered videos, and one highlighted
// video per month. Who may change them is the service's business.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { collections, collectionVideos, monthlyHighlights, videos } from '../../db/schema.js';
import type { Db } from '../../platform/database/database.js';

export interface CollectionRecord {
  id: number;
  name: string;
  description: string;
  position: number;
  videoIds: string[];
}

export interface HighlightRecord {
  month: string;
  videoId: string;
  note: string;
  title: string;
}

export function createCurationRepository(db: Db) {
  return {
    async collections(): Promise<CollectionRecord[]> {
      const rows = await db.select().from(collections).orderBy(asc(collections.position), asc(collections.id));
      if (rows.length === 0) return [];
      const members = await db
        .select()
        .from(collectionVideos)
        .where(
          inArray(
            collectionVideos.collectionId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(collectionVideos.position));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        position: row.position,
        videoIds: members.filter((member) => member.collectionId === row.id).map((member) => member.videoId),
      }));
    },

    async exists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: collections.id }).from(collections).where(eq(collections.id, id));
      return row !== undefined;
    },

    /** Which of `ids` are published videos. */
    async publishedOf(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: videos.id })
        .from(videos)
        .where(
          sql`${videos.id} IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) AND ${videos.publishedVersion} >= 1`,
        );
      return new Set(rows.map((row) => row.id));
    },

    /** Creates (id null) or replaces a collection with its videos in order; returns its id. */
    async save(id: number | null, values: { name: string; description: string; videoIds: string[] }, by: string): Promise<number> {
      return db.transaction(async (tx) => {
        let collectionId = id;
        if (collectionId === null) {
          const [{ next }] = (await tx.execute(sql`SELECT coalesce(max(position), 0) + 1 AS next FROM collections`)).rows as [{ next: number }];
          const [row] = await tx
            .insert(collections)
            .values({ name: values.name, description: values.description, position: Number(next), createdBy: by })
            .returning({ id: collections.id });
          collectionId = row!.id;
        } else {
          await tx
            .update(collections)
            .set({ name: values.name, description: values.description, updatedAt: new Date() })
            .where(eq(collections.id, collectionId));
          await tx.delete(collectionVideos).where(eq(collectionVideos.collectionId, collectionId));
        }
        if (values.videoIds.length) {
          await tx.insert(collectionVideos).values(values.videoIds.map((videoId, position) => ({ collectionId: collectionId!, videoId, position })));
        }
        return collectionId;
      });
    },

    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(collections).where(eq(collections.id, id)).returning({ id: collections.id });
      return rows.length > 0;
    },

    /** Sets the display order: the collections named in `ids` come first, in that order. */
    async reorder(ids: readonly number[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const [position, id] of ids.entries())
          await tx
            .update(collections)
            .set({ position: position + 1 })
            .where(eq(collections.id, id));
      });
    },

    async highlights(): Promise<HighlightRecord[]> {
      return db
        .select({ month: monthlyHighlights.month, videoId: monthlyHighlights.videoId, note: monthlyHighlights.note, title: videos.title })
        .from(monthlyHighlights)
        .innerJoin(videos, eq(videos.id, monthlyHighlights.videoId))
        .orderBy(sql`${monthlyHighlights.month} DESC`);
    },

    async highlight(month: string): Promise<HighlightRecord | null> {
      const [row] = await db
        .select({ month: monthlyHighlights.month, videoId: monthlyHighlights.videoId, note: monthlyHighlights.note, title: videos.title })
        .from(monthlyHighlights)
        .innerJoin(videos, eq(videos.id, monthlyHighlights.videoId))
        .where(eq(monthlyHighlights.month, month));
      return row ?? null;
    },

    async setHighlight(month: string, videoId: string, note: string, by: string): Promise<void> {
      await db
        .insert(monthlyHighlights)
        .values({ month, videoId, note, chosenBy: by })
        .onConflictDoUpdate({ target: monthlyHighlights.month, set: { videoId, note, chosenBy: by, chosenAt: new Date() } });
    },

    async removeHighlight(month: string): Promise<boolean> {
      const rows = await db.delete(monthlyHighlights).where(eq(monthlyHighlights.month, month)).returning({ month: monthlyHighlights.month });
      return rows.length > 0;
    },
  };
}

export type CurationRepository = ReturnType<typeof createCurationRepository>;
