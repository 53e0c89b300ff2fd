// Curated collections and the highlight of the month (spec section 1's marketing copy made real):
// administrators curate; everyone signed in sees them on the landing page, each card only when
// they may watch its video (the others are left out, never shown locked).
import type { AdminCuration, Collection, CollectionInput, HighlightInput, Landing } from '@ipsv/contracts/search';
import { collectionInputSchema, highlightInputSchema } from '@ipsv/contracts/search';
import { AppError } from '../../platform/app-error.js';
import type { VideoActor } from '../videos/video-access.js';
import type { SearchService } from '../search/search.service.js';
import type { CurationRepository } from './curation.repository.js';

/** The month a date falls in, YYYY-MM (UTC). */
export const monthOf = (date: Date) => date.toISOString().slice(0, 7);

export function createCurationService(deps: { curation: CurationRepository; search: Pick<SearchService, 'byIds'>; now?: () => Date }) {
  const { curation, search } = deps;
  const now = deps.now ?? (() => new Date());

  const adminOnly = (actor: VideoActor) => {
    if (actor.role !== 'admin') throw new AppError('ADMIN_ONLY');
  };
  const requirePublished = async (ids: readonly string[]) => {
    const published = await curation.publishedOf(ids);
    const missing = ids.filter((id) => !published.has(id));
    if (missing.length) throw new AppError('NOT_PUBLISHED', { ids: missing });
  };

  const adminView = async (actor: VideoActor): Promise<AdminCuration> => {
    const [collections, highlights] = await Promise.all([curation.collections(), curation.highlights()]);
    const cards = await search.byIds(actor, [...new Set(collections.flatMap((c) => c.videoIds))]);
    const byId = new Map(cards.map((card) => [card.id, card]));
    return {
      collections: collections.map((c) => ({ ...c, videos: c.videoIds.flatMap((id) => byId.get(id) ?? []) })),
      highlights: highlights.map((h) => ({ month: h.month, note: h.note, videoId: h.videoId, title: h.title })),
    };
  };

  return {
    /** The landing page's curated part for `actor`. */
    async landing(actor: VideoActor): Promise<Landing> {
      const [collections, highlight] = await Promise.all([curation.collections(), curation.highlight(monthOf(now()))]);
      const ids = [...new Set([...collections.flatMap((c) => c.videoIds), ...(highlight ? [highlight.videoId] : [])])];
      const byId = new Map((await search.byIds(actor, ids)).map((card) => [card.id, card]));
      const visible: Collection[] = collections
        .map((c) => ({ id: c.id, name: c.name, description: c.description, position: c.position, videos: c.videoIds.flatMap((id) => byId.get(id) ?? []) }))
        .filter((c) => c.videos.length > 0);
      const card = highlight ? byId.get(highlight.videoId) : undefined;
      return { highlight: highlight && card ? { month: highlight.month, note: highlight.note, video: card } : null, collections: visible };
    },

    async curation(actor: VideoActor): Promise<AdminCuration> {
      adminOnly(actor);
      return adminView(actor);
    },

    async saveCollection(actor: VideoActor, id: number | null, input: CollectionInput): Promise<AdminCuration> {
      adminOnly(actor);
      const values = collectionInputSchema.parse(input);
      if (id !== null && !(await curation.exists(id))) throw new AppError('COLLECTION_NOT_FOUND');
      await requirePublished(values.videoIds);
      await curation.save(id, values, actor.id);
      return adminView(actor);
    },

    async removeCollection(actor: VideoActor, id: number): Promise<AdminCuration> {
      adminOnly(actor);
      if (!(await curation.remove(id))) throw new AppError('COLLECTION_NOT_FOUND');
      return adminView(actor);
    },

    async reorderCollections(actor: VideoActor, ids: number[]): Promise<AdminCuration> {
      adminOnly(actor);
      await curation.reorder(ids);
      return adminView(actor);
    },

    async setHighlight(actor: VideoActor, input: HighlightInput): Promise<AdminCuration> {
      adminOnly(actor);
      const values = highlightInputSchema.parse(input);
      await requirePublished([values.videoId]);
      await curation.setHighlight(values.month, values.videoId, values.note, actor.id);
      return adminView(actor);
    },

    async removeHighlight(actor: VideoActor, month: string): Promise<AdminCuration> {
      adminOnly(actor);
      if (!(await curation.removeHighlight(month))) throw new AppError('HIGHLIGHT_NOT_FOUND');
      return adminView(actor);
    },
  };
}

export type CurationService = ReturnType<typeof createCurationService>;
