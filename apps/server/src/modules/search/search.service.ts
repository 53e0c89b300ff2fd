// Discovery (spec section 7 search-videos and video-by-ids): the search with its filters, sorts
// and facets, the cards a viewer may open, and the access check a card click makes. Every list is
// limited to what the caller may watch before paging: the search checks each video of the cached
// catalogue with `watcher` (search-catalogue.ts), the cards by id with `watchableSql`. The server
// runs searches in threads of their own (search-threads.ts), each a `createSearchPages` of its own.
import {
  DURATION_SPANS,
  FRAME_RATES,
  RESOLUTIONS,
  UPLOAD_DATES,
  type SearchFacets,
  type SearchQuery,
  type SearchResult,
  type SearchSort,
  type VideoCard,
} from '@ipsv/contracts/search';
import { PATIENT_GENDERS, PGS_GRADES, WEIGHT_CLASSES } from '@ipsv/contracts/videos';
import type { MediaSigner } from '../../platform/media/media-signing.js';
import { pictureUrl } from '../users/users.service.js';
import { canWatch, watchableSql, watcher, type VideoActor } from '../videos/video-access.js';
import type { VideosRepository } from '../videos/videos.repository.js';
import { CARD_FIELDS, type CardRow, type SearchRepository } from './search.repository.js';
import { createSearchCatalogue, evaluate, type ShownSegment } from './search-catalogue.js';
import { searchTerms } from './search-text.js';

const zeroes = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((value) => [value, 0])) as Record<T, number>;

/** A video's card (with the segment that matched the search's text, if any). */
export function toCard(signer: MediaSigner, row: CardRow, segment: ShownSegment | null = null): VideoCard {
  return {
    id: row.id,
    title: row.title,
    ownerId: row.owner_id,
    ownerName: `${row.first_name} ${row.last_name}`.trim(),
    ownerPictureUrl: pictureUrl(row.owner_id, row.picture_key),
    surgeryTypeId: row.surgery_type_id,
    surgeryYear: row.surgery_year,
    thumbnailUrl: row.poster ? signer.url(row.poster) : null,
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    createdAt: new Date(row.created_ms).toISOString(),
    publishedAt: row.published_ms === null ? null : new Date(row.published_ms).toISOString(),
    segment,
  };
}

/** One page of a search, before it becomes cards (what a search thread sends back). */
export interface SearchPage {
  sort: SearchSort;
  total: number | null;
  rows: CardRow[];
  /** Per row, the segment it shows (null: none; the whole list null when the search had no text). */
  segments: (ShownSegment | null)[] | null;
  facets: SearchFacets | null;
}

/** What turns a query into a page: the catalogue in this thread (`createSearchPages`) or in search threads (search-threads.ts). */
export interface SearchPages {
  page(actor: VideoActor, query: SearchQuery): Promise<SearchPage>;
  /** Loads the catalogue ahead of the first search, or brings it up to date. */
  warm(): Promise<void>;
  close?(): Promise<void>;
}

/** The fields of a catalogue row a card shows, and nothing else (a page crosses between threads). */
const cardRow = (row: CardRow): CardRow => {
  // A loop, not Object.fromEntries over a mapped list: a quarter of the time, for every card.
  const card: Partial<Record<keyof CardRow, unknown>> = {};
  for (const field of CARD_FIELDS) card[field] = row[field];
  return card as CardRow;
};

/** Searches over the catalogue held in this thread. */
export function createSearchPages(search: SearchRepository): SearchPages {
  const catalogue = createSearchCatalogue(search);
  return {
    async page(actor, query) {
      const terms = searchTerms(query.q);
      // Text that holds no word (only punctuation) searches for nothing in particular.
      const hits = terms.length ? await catalogue.matching(terms) : await catalogue.all();
      const sort = !hits.text && query.sort === 'RELEVANCE' ? 'DATE_PUBLISH_NEW' : query.sort;
      const {
        page,
        total,
        facets: counted,
      } = evaluate(hits, sort, {
        viewer: { id: actor.id, canSee: watcher(actor) },
        filters: query,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
        total: sort !== 'POPULAR',
        facets: query.withFacets,
        now: Date.now(),
      });
      const segments = hits.text
        ? await catalogue.segments(
            hits,
            page.map((row) => row.id),
          )
        : null;
      let facets: SearchFacets | null = null;
      if (counted) {
        facets = {
          surgeryType: {},
          resolution: zeroes(RESOLUTIONS),
          duration: zeroes(DURATION_SPANS),
          frameRate: zeroes(FRAME_RATES),
          gender: zeroes(PATIENT_GENDERS),
          bmi: zeroes(WEIGHT_CLASSES),
          pgs: zeroes(PGS_GRADES.map(String) as ['1', '2', '3', '4', '5']),
          uploaded: zeroes(UPLOAD_DATES),
        };
        for (const { facet, value, n } of counted) (facets[facet] as Record<string, number>)[value] = n;
      }
      return { sort, total, rows: page.map(cardRow), segments: segments && page.map((row) => segments.get(row.id) ?? null), facets };
    },

    async warm() {
      await catalogue.all();
    },
  };
}

/**
 * Discovery's service. Searches run over `pages` (by default the catalogue in this thread; the
 * server passes search threads, see search-threads.ts); cards by id and the access check read
 * PostgreSQL here.
 */
export function createSearchService(deps: { search: SearchRepository; videos: Pick<VideosRepository, 'find'>; signer: MediaSigner; pages?: SearchPages }) {
  const { search, videos, signer } = deps;
  const pages = deps.pages ?? createSearchPages(search);

  return {
    async search(actor: VideoActor, query: SearchQuery): Promise<SearchResult> {
      const { sort, total, rows, segments, facets } = await pages.page(actor, query);
      return {
        total,
        page: query.page,
        pageSize: query.pageSize,
        sort,
        results: rows.map((row, i) => toCard(signer, row, segments?.[i] ?? null)),
        facets,
      };
    },

    /** Loads the catalogue ahead of the first search, or brings it up to date (in the background). */
    warm(): Promise<void> {
      return pages.warm();
    },

    /** Stops the search threads, if any. */
    async close(): Promise<void> {
      await pages.close?.();
    },

    /** Cards of `ids` the caller may watch, in the order asked (ids of others' private videos are left out). */
    async byIds(actor: VideoActor, ids: readonly string[]): Promise<VideoCard[]> {
      const rows = await search.byIds(watchableSql(actor), ids);
      const byId = new Map(rows.map((row) => [row.id, toCard(signer, row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** Whether the caller may open the video page (the card click's check). */
    async access(actor: VideoActor, id: string): Promise<boolean> {
      const video = await videos.find(id);
      return video !== null && canWatch(video, actor);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
