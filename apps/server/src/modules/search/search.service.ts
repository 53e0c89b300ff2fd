// Discovery (spec section 7 search-videos and video-by-ids): the search with its filters, sorts
// and facets, the cards a viewer may open, and the access check a card click makes. Every list is
// limited to what the caller may watch inside the query (`watchableSql`), never after paging.
import {
  DURATION_SPANS,
  FRAME_RATES,
  RESOLUTIONS,
  UPLOAD_DATES,
  type SearchFacets,
  type SearchQuery,
  type SearchResult,
  type VideoCard,
} from '@ipsv/contracts/search';
import { PATIENT_GENDERS, PGS_GRADES, WEIGHT_CLASSES } from '@ipsv/contracts/videos';
import type { MediaSigner } from '../../platform/media/media-signing.js';
import { pictureUrl } from '../users/users.service.js';
import { canWatch, watchableSql, type VideoActor } from '../videos/video-access.js';
import type { VideosRepository } from '../videos/videos.repository.js';
import type { CardRow, SearchRepository } from './search.repository.js';
import { searchTerms, tsqueryText } from './search-text.js';

const zeroes = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((value) => [value, 0])) as Record<T, number>;

export function toCard(signer: MediaSigner, row: CardRow): VideoCard {
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
    createdAt: new Date(row.created_at).toISOString(),
    publishedAt: row.published_at ? new Date(row.published_at).toISOString() : null,
    segment: row.segment_title !== null && row.segment_start !== null ? { title: row.segment_title, startTime: Number(row.segment_start) } : null,
  };
}

export function createSearchService(deps: { search: SearchRepository; videos: Pick<VideosRepository, 'find'>; signer: MediaSigner }) {
  const { search, videos, signer } = deps;

  return {
    async search(actor: VideoActor, query: SearchQuery): Promise<SearchResult> {
      const access = watchableSql(actor);
      const terms = searchTerms(query.q);
      const text = terms.length ? tsqueryText(terms, await search.corrections(terms)) : '';
      // Text that holds no word (only punctuation) searches for nothing in particular.
      const sort = !text && query.sort === 'RELEVANCE' ? 'DATE_PUBLISH_NEW' : query.sort;
      const filters = { ...query };
      const offset = (query.page - 1) * query.pageSize;
      const [rows, facetRows] = await Promise.all([
        search.page(access, text, filters, sort, query.pageSize, offset),
        query.withFacets ? search.facets(access, text, filters) : Promise.resolve(null),
      ]);
      // Past the last page no row carries the total: count it apart.
      const total = sort === 'POPULAR' ? null : rows.length ? Number(rows[0]!.total) : query.page > 1 ? await search.count(access, text, filters) : 0;
      let facets: SearchFacets | null = null;
      if (facetRows) {
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
        for (const { facet, value, n } of facetRows) (facets[facet] as Record<string, number>)[value] = n;
      }
      return { total, page: query.page, pageSize: query.pageSize, sort, results: rows.map((row) => toCard(signer, row)), facets };
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
