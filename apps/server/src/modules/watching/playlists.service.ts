// Playlists of whole videos and clips (a start-end range of a video): each user's own. Adding an
// item needs access to its video; a clip lies within the video and ends after it starts; a playlist
// holds at most 10,000 items. Someone else's playlist does not exist for the caller (404 alike).
import { randomUUID } from 'node:crypto';
import {
  LIBRARY_PAGE_SIZE,
  PLAYLIST_MAX_ITEMS,
  PLAYLIST_PAGE_SIZE,
  type NextItem,
  type PlaylistInput,
  type PlaylistItem,
  type PlaylistPage,
  type PlaylistsPage,
  type PlaylistSummary,
  type PlaylistUpdate,
} from '@ipsv/contracts/watching';
import { AppError } from '../../platform/app-error.js';
import type { MediaSigner } from '../../platform/media/media-signing.js';
import type { VideoActor } from '../videos/video-access.js';
import { libraryVideo, watchable } from './library-view.js';
import type { PlaylistItemRow, PlaylistRow, WatchingRepository } from './watching.repository.js';

const summary = (row: PlaylistRow, itemCount: number): PlaylistSummary => ({
  id: row.id,
  name: row.name,
  description: row.description,
  itemCount,
  updatedAt: row.updatedAt.toISOString(),
});

export function createPlaylistsService(deps: { watching: WatchingRepository; signer: MediaSigner }) {
  const { watching, signer } = deps;

  const own = async (actor: VideoActor, id: string) => {
    const found = await watching.playlist(actor.id, id);
    if (!found) throw new AppError('PLAYLIST_NOT_FOUND');
    return found;
  };
  const toItems = async (actor: VideoActor, rows: PlaylistItemRow[]): Promise<PlaylistItem[]> => {
    const found = await watching.videosWithOwners(rows.map((r) => r.videoId));
    return rows.map((r) => ({
      id: r.id,
      position: r.position,
      video: libraryVideo(signer, actor, r.videoId, found.get(r.videoId)),
      start: r.start,
      end: r.end,
      title: r.title,
    }));
  };

  return {
    async list(actor: VideoActor, page: number): Promise<PlaylistsPage> {
      const { rows, total } = await watching.playlistsPage(actor.id, page, LIBRARY_PAGE_SIZE);
      return { items: rows.map((r) => summary(r.playlist, r.itemCount)), page, pageSize: LIBRARY_PAGE_SIZE, total };
    },

    async get(actor: VideoActor, id: string, page: number): Promise<PlaylistPage> {
      const { playlist, itemCount } = await own(actor, id);
      const rows = await watching.items(id, page, PLAYLIST_PAGE_SIZE);
      return { playlist: summary(playlist, itemCount), items: await toItems(actor, rows), page, pageSize: PLAYLIST_PAGE_SIZE, total: itemCount };
    },

    async create(actor: VideoActor, input: Required<PlaylistInput>): Promise<PlaylistSummary> {
      return summary(await watching.createPlaylist({ id: randomUUID(), userId: actor.id, name: input.name, description: input.description }), 0);
    },

    async update(actor: VideoActor, id: string, patch: PlaylistUpdate): Promise<PlaylistSummary> {
      await own(actor, id);
      await watching.updatePlaylist(actor.id, id, patch);
      const { playlist, itemCount } = await own(actor, id);
      return summary(playlist, itemCount);
    },

    async remove(actor: VideoActor, id: string): Promise<void> {
      if (!(await watching.deletePlaylist(actor.id, id))) throw new AppError('PLAYLIST_NOT_FOUND');
    },

    async addItem(actor: VideoActor, id: string, input: { videoId: string; start: number | null; end: number | null; title: string }): Promise<PlaylistItem> {
      await own(actor, id);
      const video = watchable(actor, (await watching.videosWithOwners([input.videoId])).get(input.videoId));
      if (!video) throw new AppError('NO_ACCESS');
      const duration = video.rendition.durationSeconds;
      if (input.end !== null && input.end > duration + 0.5) throw new AppError('CLIP_OUTSIDE', { duration: Math.floor(duration) });
      const row = await watching.addItem(id, input, PLAYLIST_MAX_ITEMS);
      if (!row) throw new AppError('PLAYLIST_FULL', { max: PLAYLIST_MAX_ITEMS.toLocaleString('en-US') });
      return (await toItems(actor, [row]))[0]!;
    },

    async removeItem(actor: VideoActor, id: string, itemId: number): Promise<void> {
      await own(actor, id);
      if (!(await watching.removeItem(id, itemId))) throw new AppError('PLAYLIST_ITEM_NOT_FOUND');
    },

    async moveItem(actor: VideoActor, id: string, itemId: number, index: number): Promise<void> {
      await own(actor, id);
      if (!(await watching.moveItem(id, itemId, index))) throw new AppError('PLAYLIST_ITEM_NOT_FOUND');
    },

    /** Playing a playlist: the item itself (to start) and the one after it. */
    async item(actor: VideoActor, id: string, itemId: number): Promise<{ item: PlaylistItem; next: NextItem['item'] }> {
      await own(actor, id);
      const row = await watching.item(id, itemId);
      if (!row) throw new AppError('PLAYLIST_ITEM_NOT_FOUND');
      const after = await watching.itemAfter(id, row.position);
      const [item, next] = await toItems(actor, after ? [row, after] : [row]);
      return { item: item!, next: next ?? null };
    },
  };
}
export type PlaylistsService = ReturnType<typeof createPlaylistsService>;
