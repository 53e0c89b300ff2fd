// Drizzle schema: the single source for migrations (drizzle-kit generate) and typed queries.
import { bigserial, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { SURGERY_TYPE_KINDS } from '@ipsv/contracts/surgery-types';

export const surgeryTypeKind = pgEnum('surgery_type_kind', SURGERY_TYPE_KINDS);

export const surgeryTypes = pgTable('surgery_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  kind: surgeryTypeKind('kind').notNull(),
  /** Display order; the spec lists the ids out of numeric order. */
  position: integer('position').notNull(),
});

export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    path: text('path').notNull(),
    /** Set once accounts exist; null for visitors who are not signed in. */
    userId: text('user_id'),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('page_views_viewed_at_idx').on(table.viewedAt), index('page_views_path_idx').on(table.path)],
);
