// SQL for discovery. Who may watch what arrives as a SQL condition decided by the service
// (`watchableSql`), so results, their count and the facet counts are all filtered inside the
// query, before paging. Text matching uses the weighted `search_document` (GIN) kept by the
// triggers of migration 0008, and the `search_words` vocabulary (trigram GIN) for typos.
import { sql, type SQL } from 'drizzle-orm';
import {
  DURATION_SPAN_MINUTES,
  DURATION_SPANS,
  FRAME_RATE_RANGE,
  FRAME_RATES,
  RESOLUTION_MIN_HEIGHT,
  UPLOAD_DATE_DAYS,
  UPLOAD_DATES,
  type DurationSpan,
  type FrameRate,
  type Resolution,
  type SearchSort,
  type UploadDate,
} from '@ipsv/contracts/search';
import { SURGERY_TYPE_ALL } from '@ipsv/contracts/surgery-types';
import type { Db } from '../../platform/database/database.js';

export interface SearchFilters {
  surgeryType: number;
  resolution: Resolution[];
  duration: DurationSpan[];
  frameRate: FrameRate[];
  gender: string[];
  bmi: string[];
  pgs: number[];
  uploaded?: UploadDate;
  owner?: string;
}

export type FacetName = 'surgeryType' | 'resolution' | 'duration' | 'frameRate' | 'gender' | 'bmi' | 'pgs' | 'uploaded';

export interface CardRow {
  id: string;
  title: string;
  owner_id: string;
  first_name: string;
  last_name: string;
  picture_key: string | null;
  surgery_type_id: number | null;
  surgery_year: number | null;
  poster: string | null;
  duration_seconds: number | null;
  created_at: Date;
  published_at: Date | null;
  segment_title: string | null;
  segment_start: number | null;
  /** The whole result's size (a window over the same scan); absent for the popular grid. */
  total?: number | null;
}

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

// Each value's class as SQL, generated from the contracts' tables (the facet counts group by them).
const resolutionClass = sql.raw(
  `CASE WHEN v.height >= ${RESOLUTION_MIN_HEIGHT['4K']} THEN '4K' WHEN v.height >= ${RESOLUTION_MIN_HEIGHT['1080p']} THEN '1080p' ELSE '720p' END`,
);
const durationClass = sql.raw(
  `CASE ${DURATION_SPANS.filter((span) => DURATION_SPAN_MINUTES[span][1] !== null)
    .map((span) => `WHEN v.duration_seconds < ${DURATION_SPAN_MINUTES[span][1]! * 60} THEN '${span}'`)
    .join(' ')} WHEN v.duration_seconds IS NOT NULL THEN '${DURATION_SPANS.at(-1)}' END`,
);
const frameRateClass = sql.raw(`CASE ${FRAME_RATES.map((rate) => `WHEN v.fps < ${FRAME_RATE_RANGE[rate][1]} THEN '${rate}'`).join(' ')} END`);
const uploadedSince = (option: UploadDate) => sql.raw(`v.created_at >= now() - interval '${UPLOAD_DATE_DAYS[option]} days'`);

/** One condition per filter (null: not filtered), so a facet can leave its own out. */
function filterConditions(filters: SearchFilters): Record<FacetName, SQL | null> {
  return {
    surgeryType: filters.surgeryType === SURGERY_TYPE_ALL ? null : sql`v.surgery_type_id = ${filters.surgeryType}`,
    resolution: filters.resolution.length ? sql`${resolutionClass} IN (${list(filters.resolution)})` : null,
    duration: filters.duration.length ? sql`${durationClass} IN (${list(filters.duration)})` : null,
    frameRate: filters.frameRate.length ? sql`${frameRateClass} IN (${list(filters.frameRate)})` : null,
    gender: filters.gender.length ? sql`v.patient_gender IN (${list(filters.gender)})` : null,
    bmi: filters.bmi.length ? sql`v.weight_class IN (${list(filters.bmi)})` : null,
    pgs: filters.pgs.length ? sql`v.pgs_grade IN (${list(filters.pgs)})` : null,
    uploaded: filters.uploaded ? uploadedSince(filters.uploaded) : null,
  };
}

const and = (conditions: (SQL | null)[]) => {
  const present = conditions.filter((c): c is SQL => c !== null);
  return present.length ? sql.join(present, sql` AND `) : sql`TRUE`;
};

const tsquery = (text: string) => sql`to_tsquery('english', ipsv_unaccent(${text}))`;

export function createSearchRepository(db: Db) {
  /** Rows of `SELECT` as plain objects. */
  const rows = async <T>(query: SQL): Promise<T[]> => (await db.execute(query)).rows as T[];

  return {
    /**
     * Spelling corrections of the words that match nothing as typed (nor as the start of a known
     * word): up to three known words that share most trigrams with each.
     */
    async corrections(terms: readonly string[]): Promise<Map<string, string[]>> {
      const result = new Map<string, string[]>();
      if (terms.length === 0) return result;
      const found = await rows<{ term: string; word: string }>(sql`
        SELECT t.term, c.word
        FROM unnest(ARRAY[${list(terms)}]::text[]) AS t(term)
        CROSS JOIN LATERAL (
          SELECT w.word FROM search_words w
          WHERE char_length(t.term) >= 4
            AND NOT EXISTS (SELECT 1 FROM search_words x WHERE x.word LIKE ipsv_unaccent(t.term) || '%')
            AND w.word % ipsv_unaccent(t.term)
            AND similarity(w.word, ipsv_unaccent(t.term)) >= 0.4
          ORDER BY similarity(w.word, ipsv_unaccent(t.term)) DESC, w.word
          LIMIT 3
        ) c`);
      for (const { term, word } of found) result.set(term, [...(result.get(term) ?? []), word]);
      return result;
    },

    /**
     * One page of cards, in `sort` order; `text` is a to_tsquery expression (or '' for none). Each
     * row carries the result's total, counted in the same scan (the popular grid reads its index in
     * order and stops at the page's end, so it counts nothing).
     */
    async page(access: SQL, text: string, filters: SearchFilters, sort: SearchSort, limit: number, offset: number): Promise<CardRow[]> {
      const where = and([
        access,
        text ? sql`v.search_document @@ ${tsquery(text)}` : null,
        filters.owner ? sql`v.owner_id = ${filters.owner}` : null,
        ...Object.values(filterConditions(filters)),
      ]);
      const rank = text ? sql`ts_rank(v.search_document, ${tsquery(text)})` : sql`0::real`;
      const popular = sort === 'POPULAR';
      const order: Record<SearchSort, [SQL, SQL]> = {
        RELEVANCE: [sql`rank DESC, v.published_at DESC, v.id`, sql`page.rank DESC, page.published_at DESC, page.id`],
        // In the order of video_popularity_rank_idx (views DESC NULLS LAST), so the index is read in order.
        POPULAR: [
          sql`p.views DESC NULLS LAST, p.published_at DESC NULLS LAST, p.video_id`,
          sql`page.views DESC NULLS LAST, page.published_at DESC NULLS LAST, page.id`,
        ],
        DATE_ADDED_NEW: [sql`v.created_at DESC, v.id`, sql`page.created_at DESC, page.id`],
        DATE_ADDED_OLD: [sql`v.created_at ASC, v.id`, sql`page.created_at ASC, page.id`],
        DATE_PUBLISH_NEW: [sql`v.published_at DESC, v.id`, sql`page.published_at DESC, page.id`],
        DATE_PUBLISH_OLD: [sql`v.published_at ASC, v.id`, sql`page.published_at ASC, page.id`],
      };
      const [innerOrder, outerOrder] = order[sort];
      // The popular grid reads video_popularity's index in order and stops at the page's end.
      const from = popular ? sql`video_popularity p JOIN videos v ON v.id = p.video_id` : sql`videos v`;
      const segment = text
        ? sql`LEFT JOIN LATERAL (
            SELECT s.title, s.start_time FROM video_segments s
            WHERE s.video_id = page.id AND to_tsvector('english', ipsv_unaccent(s.title || ' ' || s.description)) @@ ${tsquery(text)}
            ORDER BY ts_rank(to_tsvector('english', ipsv_unaccent(s.title || ' ' || s.description)), ${tsquery(text)}) DESC, s.start_time
            LIMIT 1) seg ON TRUE`
        : sql`LEFT JOIN LATERAL (SELECT NULL::text AS title, NULL::double precision AS start_time) seg ON TRUE`;
      return rows<CardRow>(sql`
        WITH page AS (
          SELECT v.id, v.title, v.owner_id, v.surgery_type_id, v.surgery_year, v.rendition ->> 'poster' AS poster, v.duration_seconds,
                 v.created_at, v.published_at, ${rank} AS rank, ${popular ? sql`p.views` : sql`0`} AS views,
                 ${popular ? sql`NULL::int` : sql`(count(*) OVER ())::int`} AS total
          FROM ${from}
          WHERE ${where}
          ORDER BY ${innerOrder}
          LIMIT ${limit} OFFSET ${offset}
        )
        SELECT page.*, u.first_name, u.last_name, u.picture_key, seg.title AS segment_title, seg.start_time AS segment_start
        FROM page JOIN users u ON u.id = page.owner_id
        ${segment}
        ORDER BY ${outerOrder}`);
    },

    async count(access: SQL, text: string, filters: SearchFilters): Promise<number> {
      const where = and([
        access,
        text ? sql`v.search_document @@ ${tsquery(text)}` : null,
        filters.owner ? sql`v.owner_id = ${filters.owner}` : null,
        ...Object.values(filterConditions(filters)),
      ]);
      const [row] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM videos v WHERE ${where}`);
      return row?.n ?? 0;
    },

    /** For each filter value: how many results it gives with every other filter as it is. */
    async facets(access: SQL, text: string, filters: SearchFilters): Promise<{ facet: FacetName; value: string; n: number }[]> {
      const conditions = filterConditions(filters);
      const names = Object.keys(conditions) as FacetName[];
      const flag = (name: FacetName) => sql.raw(`f_${name.toLowerCase()}`);
      const others = (name: FacetName) => and(names.filter((other) => other !== name && conditions[other]).map((other) => flag(other)));
      const grouped = (name: FacetName, value: SQL) =>
        sql`SELECT ${name}::text AS facet, ${value}::text AS value, count(*)::int AS n FROM base WHERE ${others(name)} AND ${value} IS NOT NULL GROUP BY 2`;
      const uploaded = UPLOAD_DATES.map(
        (option) =>
          sql`SELECT 'uploaded'::text, ${option}::text, count(*)::int FROM base WHERE ${others('uploaded')} AND base.created_at >= now() - ${sql.raw(`interval '${UPLOAD_DATE_DAYS[option]} days'`)}`,
      );
      return rows(sql`
        WITH base AS MATERIALIZED (
          SELECT v.surgery_type_id, ${resolutionClass} AS resolution, ${durationClass} AS duration, ${frameRateClass} AS frame_rate,
                 v.patient_gender, v.weight_class, v.pgs_grade, v.created_at,
                 ${sql.join(
                   names.map((name) => sql`${conditions[name] ?? sql`TRUE`} AS ${flag(name)}`),
                   sql`, `,
                 )}
          FROM videos v
          WHERE ${and([access, text ? sql`v.search_document @@ ${tsquery(text)}` : null, filters.owner ? sql`v.owner_id = ${filters.owner}` : null])}
        )
        ${grouped('surgeryType', sql`base.surgery_type_id`)}
        UNION ALL ${grouped('resolution', sql`base.resolution`)}
        UNION ALL ${grouped('duration', sql`base.duration`)}
        UNION ALL ${grouped('frameRate', sql`base.frame_rate`)}
        UNION ALL ${grouped('gender', sql`base.patient_gender`)}
        UNION ALL ${grouped('bmi', sql`base.weight_class`)}
        UNION ALL ${grouped('pgs', sql`base.pgs_grade`)}
        UNION ALL ${sql.join(uploaded, sql` UNION ALL `)}`);
    },

    /** Cards of the given videos that pass `access`, in no particular order. */
    async byIds(access: SQL, ids: readonly string[]): Promise<CardRow[]> {
      if (ids.length === 0) return [];
      return rows<CardRow>(sql`
        SELECT v.id, v.title, v.owner_id, v.surgery_type_id, v.surgery_year, v.rendition ->> 'poster' AS poster, v.duration_seconds,
               v.created_at, v.published_at, u.first_name, u.last_name, u.picture_key, NULL AS segment_title, NULL AS segment_start
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
