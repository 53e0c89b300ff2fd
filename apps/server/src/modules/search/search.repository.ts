// SQL for discovery. The search reads the published catalogue as a whole once (`catalogue`, held
// in memory by the service with each video's weighted `search_document` and its segments, kept by
// the triggers of migrations 0008 and 0015; kept current from the change log: `catalogueVersion`,
// `catalogueChanges`, then `catalogue(ids)` for what changed). A word becomes a tsquery here
// (`corrections` from `search_words`, trigram GIN, for typos; `tsqueries` for stemming); matching,
// ranking, filters, access, facets, sorts, paging and the segment shown are then decided in memory
// (search-catalogue.ts, search-text-index.ts). Cards of given ids are filtered by `watchableSql`.
import { sql, type SQL } from 'drizzle-orm';
import type { Visibility } from '@ipsv/contracts/videos';
import type { AccessGrant } from '../../db/schema.js';
import type { Db } from '../../platform/database/database.js';

/** A published video as the catalogue holds it (one row of `catalogue`). */
export interface CatalogueRow {
  id: string;
  owner_id: string;
  visibility: Visibility;
  whitelist: string[];
  list_entries: string[];
  access_grants: AccessGrant[];
  published_version: number;
  taken_down: boolean;
  title: string;
  surgery_type_id: number | null;
  surgery_year: number | null;
  poster: string | null;
  duration_seconds: number | null;
  height: number | null;
  fps: number | null;
  patient_gender: string | null;
  weight_class: string | null;
  pgs_grade: number | null;
  created_ms: number;
  published_ms: number | null;
  views: number | null;
  first_name: string;
  last_name: string;
  picture_key: string | null;
  /**
   * The search document as PostgreSQL prints a tsvector (`search_document::text`), as read; the
   * catalogue's text index takes it and drops it from the row (undefined from then on).
   */
  document?: string | null;
  /**
   * Its segments in time order, each [title, start time, its `document::text`] (null: none), as
   * read; the catalogue takes them off the row like `document`.
   */
  segments?: [string, number, string | null][] | null;
}

/** The fields a card shows, as `catalogue` and `byIds` read them. */
export const CARD_FIELDS = [
  'id',
  'title',
  'owner_id',
  'first_name',
  'last_name',
  'picture_key',
  'surgery_type_id',
  'surgery_year',
  'poster',
  'duration_seconds',
  'created_ms',
  'published_ms',
] as const satisfies readonly (keyof CatalogueRow)[];

/** What a card shows. */
export type CardRow = Pick<CatalogueRow, (typeof CARD_FIELDS)[number]>;

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

const tsquery = (text: string) => sql`to_tsquery('english', ipsv_unaccent(${text}))`;

export function createSearchRepository(db: Db) {
  /** Rows of `SELECT` as plain objects. */
  const rows = async <T>(query: SQL): Promise<T[]> => (await db.execute(query)).rows as T[];

  return {
    /**
     * The words that match nothing as typed (nor as the start of a known word), each with up to
     * three known words that share most trigrams with it (its spelling corrections, maybe none).
     */
    async corrections(terms: readonly string[]): Promise<Map<string, string[]>> {
      const result = new Map<string, string[]>();
      if (terms.length === 0) return result;
      const found = await rows<{ term: string; word: string | null }>(sql`
        SELECT t.term, c.word
        FROM unnest(ARRAY[${list(terms)}]::text[]) AS t(term)
        LEFT JOIN LATERAL (
          SELECT w.word FROM search_words w
          WHERE w.word % ipsv_unaccent(t.term) AND similarity(w.word, ipsv_unaccent(t.term)) >= 0.4
          ORDER BY similarity(w.word, ipsv_unaccent(t.term)) DESC, w.word
          LIMIT 3
        ) c ON TRUE
        WHERE char_length(t.term) >= 4
          AND NOT EXISTS (SELECT 1 FROM search_words x WHERE x.word LIKE ipsv_unaccent(t.term) || '%')`);
      for (const { term, word } of found) result.set(term, [...(result.get(term) ?? []), ...(word === null ? [] : [word])]);
      return result;
    },

    /**
     * The change log's version from `horizon` on: which rows transactions from that id on wrote
     * (as their count and sum of ids; a row committing later changes it), and the database's clock.
     */
    async catalogueVersion(horizon: string): Promise<{ version: string; now_ms: number }> {
      const [row] = await rows<{ version: string; now_ms: number }>(sql`
        SELECT count(*) || ':' || coalesce(sum(id), 0) AS version, (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS now_ms
        FROM search_catalogue_changes WHERE txid >= ${horizon}::xid8`);
      return row!;
    },

    /**
     * Forgets changes logged more than `minutes` ago. A catalogue that has not read the log for
     * half that long loads whole instead of reading its changes (search-catalogue.ts).
     */
    async pruneCatalogueChanges(minutes: number): Promise<number> {
      const result = await db.execute(sql`DELETE FROM search_catalogue_changes WHERE at < clock_timestamp() - make_interval(mins => ${minutes})`);
      return result.rowCount ?? 0;
    },

    /**
     * Where the change log stands: the horizon to read it from next time (this snapshot's xmin:
     * a transaction not yet visible has an id at or after it), its version from there, the
     * database's clock, and the videos changed by transactions from `since` on ('' for a change
     * to everything). All from one snapshot.
     */
    async catalogueChanges(since: string | null): Promise<{ horizon: string; version: string; now_ms: number; ids: string[] }> {
      const [row] = await rows<{ horizon: string; version: string; now_ms: number; ids: string[] }>(sql`
        WITH s AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS horizon)
        SELECT s.horizon::text AS horizon,
               (SELECT count(*) || ':' || coalesce(sum(c.id), 0) FROM search_catalogue_changes c WHERE c.txid >= s.horizon) AS version,
               (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS now_ms,
               ${
                 since === null
                   ? sql`ARRAY[]::text[]`
                   : sql`coalesce((SELECT array_agg(DISTINCT coalesce(c.video_id, '')) FROM search_catalogue_changes c WHERE c.txid >= ${since}::xid8), ARRAY[]::text[])`
               } AS ids
        FROM s`);
      return row!;
    },

    /**
     * Every published video (or those of `ids` that are) with what filters, sorts, facets, access
     * checks and cards read, and its segments (gathered per video here: read as rows of their own
     * and grouped in Node, a 100,000-video catalogue loaded no faster and kept 200 MiB more heap).
     */
    async catalogue(ids?: readonly string[]): Promise<CatalogueRow[]> {
      if (ids?.length === 0) return [];
      return rows<CatalogueRow>(sql`
        SELECT v.id, v.owner_id, v.visibility, v.whitelist, v.list_entries, v.access_grants, v.published_version,
               v.taken_down_at IS NOT NULL AS taken_down, v.title, v.surgery_type_id, v.surgery_year,
               v.rendition ->> 'poster' AS poster, v.duration_seconds, v.height, v.fps, v.patient_gender, v.weight_class, v.pgs_grade,
               (extract(epoch FROM v.created_at) * 1000)::float8 AS created_ms, (extract(epoch FROM v.published_at) * 1000)::float8 AS published_ms,
               p.views, u.first_name, u.last_name, u.picture_key, v.search_document::text AS document,
               (SELECT json_agg(json_build_array(s.title, s.start_time, s.document::text) ORDER BY s.start_time, s.id)
                FROM video_segments s WHERE s.video_id = v.id) AS segments
        FROM videos v JOIN users u ON u.id = v.owner_id LEFT JOIN video_popularity p ON p.video_id = v.id
        WHERE v.published_version >= 1 ${ids ? sql`AND v.id IN (${list(ids)})` : sql``}`);
    },

    /** Each of `texts` (to_tsquery expressions) as the tsquery PostgreSQL makes of it, in its output form ('' when only stop words). */
    async tsqueries(texts: readonly string[]): Promise<string[]> {
      if (texts.length === 0) return [];
      const found = await rows<{ query: string }>(sql`
        SELECT to_tsquery('english', ipsv_unaccent(t.text))::text AS query
        FROM unnest(ARRAY[${list(texts)}]::text[]) WITH ORDINALITY AS t(text, n) ORDER BY t.n`);
      return found.map((row) => row.query);
    },

    /**
     * The published videos whose document matches `text` (a to_tsquery expression), with their
     * rank: for a query the catalogue's text index does not evaluate (search-text-index.ts).
     */
    async matches(text: string): Promise<{ id: string; rank: number }[]> {
      return rows(sql`
        SELECT v.id, ts_rank(v.search_document, ${tsquery(text)})::float8 AS rank
        FROM videos v
        WHERE v.published_version >= 1 AND v.search_document @@ ${tsquery(text)}`);
    },

    /**
     * For each of `ids` that has one, the segment that holds the most of the search's `words` (each
     * a word's to_tsquery expression, `tsqueryWords`), then the best ranked, then the earliest: a
     * search for 'cholecystectomy critical view' shows the 'Critical view of safety' segment of a
     * cholecystectomy video though the segment's own words do not name the procedure. The
     * catalogue answers the same in memory (`Catalogue.bestSegments`); this is for a text its index
     * does not evaluate, and what the tests compare it with.
     */
    async segmentMatches(words: readonly string[], ids: readonly string[]): Promise<{ video_id: string; title: string; start_time: number }[]> {
      if (ids.length === 0 || words.length === 0) return [];
      const any = tsquery(words.map((word) => `(${word})`).join(' | '));
      const held = sql.join(
        words.map((word) => sql`(s.document @@ ${tsquery(word)})::int`),
        sql` + `,
      );
      // `document`: the segment's words, stored (migration 0014; building them here was most of
      // a new text's database time).
      return rows(sql`
        SELECT DISTINCT ON (s.video_id) s.video_id, s.title, s.start_time
        FROM video_segments s
        WHERE s.video_id IN (${list(ids)}) AND s.document @@ ${any}
        ORDER BY s.video_id, ${held} DESC, ts_rank(s.document, ${any}) DESC, s.start_time`);
    },

    /** Cards of the given videos that pass `access`, in no particular order. */
    async byIds(access: SQL, ids: readonly string[]): Promise<CardRow[]> {
      if (ids.length === 0) return [];
      return rows<CardRow>(sql`
        SELECT v.id, v.title, v.owner_id, v.surgery_type_id, v.surgery_year, v.rendition ->> 'poster' AS poster, v.duration_seconds,
               (extract(epoch FROM v.created_at) * 1000)::float8 AS created_ms, (extract(epoch FROM v.published_at) * 1000)::float8 AS published_ms,
               u.first_name, u.last_name, u.picture_key
        FROM videos v JOIN users u ON u.id = v.owner_id
        WHERE v.id IN (${list(ids)}) AND ${access}`);
    },

    /** Recounts each published video's views over the last `days` days (writes only what changed). */
    async refreshPopularity(days: number): Promise<number> {
      const result = await db.execute(sql`
        UPDATE video_popularity p SET views = n.views, refreshed_at = now()
        FROM (
          SELECT q.video_id, coalesce(sum(d.views), 0)::int AS views
          FROM video_popularity q LEFT JOIN video_daily_stats d ON d.video_id = q.video_id AND d.day > current_date - ${days}::int
          GROUP BY q.video_id
        ) n
        WHERE n.video_id = p.video_id AND p.views <> n.views`);
      return result.rowCount ?? 0;
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
