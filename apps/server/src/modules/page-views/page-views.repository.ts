import { pageViews } from '../../db/schema.js';
import type { Db } from '../../platform/database/database.js';

export function createPageViewsRepository(db: Db) {
  return {
    async insert(view: { path: string; userId: string | null }): Promise<void> {
      await db.insert(pageViews).values(view);
    },
  };
}
export type PageViewsRepository = ReturnType<typeof createPageViewsRepository>;
