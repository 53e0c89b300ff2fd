// HTTP for the viewer's side: the video page, download, access requests, notes, watch later,
// history, playlists and playback reports. Thin: contracts schemas parse each request at the edge,
// one service method answers; every permission is decided in the services.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { videoIdSchema } from '@ipsv/contracts/videos';
import {
  PLAYBACK_REPORTS_PER_MINUTE,
  downloadSchema,
  historyPageSchema,
  historySettingsSchema,
  moveItemSchema,
  noteIdSchema,
  noteInputSchema,
  noteListSchema,
  noteSchema,
  notedVideosPageSchema,
  notedVideosQuerySchema,
  noteUpdateSchema,
  pageQuerySchema,
  playbackReportSchema,
  playbackSessionIdSchema,
  playingItemSchema,
  playlistIdSchema,
  playlistInputSchema,
  playlistItemIdSchema,
  playlistItemInputSchema,
  playlistItemSchema,
  playlistPageSchema,
  playlistsPageSchema,
  playlistSummarySchema,
  playlistUpdateSchema,
  watchLaterPageSchema,
  watchPageSchema,
} from '@ipsv/contracts/watching';
import { signedIn } from '../session/actor.js';
import type { SessionService } from '../session/session.service.js';
import type { LibraryService } from './library.service.js';
import type { NotesService } from './notes.service.js';
import type { PlaybackReportsService } from './playback-reports.service.js';
import type { PlaylistsService } from './playlists.service.js';
import type { WatchPageService } from './watch-page.service.js';

const video = z.object({ id: videoIdSchema });
const note = z.object({ noteId: noteIdSchema });
const playlist = z.object({ playlistId: playlistIdSchema });
const item = z.object({ playlistId: playlistIdSchema, itemId: playlistItemIdSchema });

export function watchingRoutes(deps: {
  sessions: SessionService;
  page: WatchPageService;
  notes: NotesService;
  library: LibraryService;
  playlists: PlaylistsService;
  reports: PlaybackReportsService;
  reportsPerMinute?: number;
}): FastifyPluginAsyncZod {
  const { page, notes, library, playlists, reports } = deps;
  const tags = ['watching'];
  return async (app) => {
    app.addHook('onRequest', signedIn(deps.sessions));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    // ---- The video page
    app.get(
      '/api/videos/:id/watch',
      {
        schema: {
          tags,
          summary: 'The video page: details, segments, signed playback, watch later and resume position',
          params: video,
          response: { 200: watchPageSchema },
        },
      },
      async (request) => page.page(request.actor, request.params.id),
    );
    app.post(
      '/api/videos/:id/download',
      {
        schema: {
          tags,
          summary: 'A signed download link of the published MP4 (when the owner allows it); counted',
          params: video,
          response: { 200: downloadSchema },
        },
      },
      async (request) => page.download(request.actor, request.params.id),
    );
    app.post(
      '/api/videos/:id/access-requests',
      { schema: { tags, summary: "'Request access' from the no-access message box (answered alike in every case)", params: video } },
      async (request, reply) => {
        await page.requestAccess(request.actor, request.params.id);
        return reply.code(204).send();
      },
    );
    app.post(
      '/api/videos/:id/playback-sessions/:sessionId',
      {
        schema: {
          tags,
          summary: 'A playback report (idempotent by sequence number; every ~10 s and on page hide)',
          params: z.object({ id: videoIdSchema, sessionId: playbackSessionIdSchema }),
          body: playbackReportSchema,
        },
        config: {
          rateLimit: {
            max: deps.reportsPerMinute ?? PLAYBACK_REPORTS_PER_MINUTE,
            timeWindow: '1 minute',
            keyGenerator: (request) => request.sessionId || request.ip,
          },
        },
      },
      async (request, reply) => {
        await reports.report(request.actor, request.params.id, request.params.sessionId, request.body);
        return reply.code(204).send();
      },
    );

    // ---- Notes
    app.get(
      '/api/videos/:id/notes',
      { schema: { tags, summary: 'My notes on a video, in time order', params: video, response: { 200: noteListSchema } } },
      async (request) => ({ notes: await notes.list(request.actor, request.params.id) }),
    );
    app.post(
      '/api/videos/:id/notes',
      { schema: { tags, summary: 'Take a note at a time of the video', params: video, body: noteInputSchema, response: { 201: noteSchema } } },
      async (request, reply) => reply.code(201).send(await notes.create(request.actor, request.params.id, request.body)),
    );
    app.patch(
      '/api/notes/:noteId',
      { schema: { tags, summary: 'Edit one of my notes', params: note, body: noteUpdateSchema, response: { 200: noteSchema } } },
      async (request) => notes.update(request.actor, request.params.noteId, request.body),
    );
    app.delete('/api/notes/:noteId', { schema: { tags, summary: 'Delete one of my notes', params: note } }, async (request, reply) => {
      await notes.remove(request.actor, request.params.noteId);
      return reply.code(204).send();
    });
    app.get(
      '/api/notes',
      {
        schema: {
          tags,
          summary: 'Videos with my notes (paged); q searches my notes',
          querystring: notedVideosQuerySchema,
          response: { 200: notedVideosPageSchema },
        },
      },
      async (request) => notes.notedVideos(request.actor, request.query.q, request.query.page),
    );

    // ---- Watch later
    app.get(
      '/api/watch-later',
      { schema: { tags, summary: 'Videos saved to watch later, newest first (paged)', querystring: pageQuerySchema, response: { 200: watchLaterPageSchema } } },
      async (request) => library.watchLater(request.actor, request.query.page),
    );
    app.put('/api/watch-later/:id', { schema: { tags, summary: 'Save a video to watch later', params: video } }, async (request, reply) => {
      await library.addWatchLater(request.actor, request.params.id);
      return reply.code(204).send();
    });
    app.delete('/api/watch-later/:id', { schema: { tags, summary: 'Remove a video from watch later', params: video } }, async (request, reply) => {
      await library.removeWatchLater(request.actor, request.params.id);
      return reply.code(204).send();
    });

    // ---- History
    app.get(
      '/api/history',
      {
        schema: {
          tags,
          summary: 'Videos watched with the position reached, latest first (paged)',
          querystring: pageQuerySchema,
          response: { 200: historyPageSchema },
        },
      },
      async (request) => library.history(request.actor, request.query.page),
    );
    app.delete('/api/history/:id', { schema: { tags, summary: 'Remove a video from my history', params: video } }, async (request, reply) => {
      await library.removeHistory(request.actor, request.params.id);
      return reply.code(204).send();
    });
    app.delete('/api/history', { schema: { tags, summary: 'Clear my history' } }, async (request, reply) => {
      await library.clearHistory(request.actor);
      return reply.code(204).send();
    });
    app.put(
      '/api/history/settings',
      { schema: { tags, summary: 'Pause or resume my history', body: historySettingsSchema, response: { 200: historySettingsSchema } } },
      async (request) => library.setHistoryPaused(request.actor, request.body.paused),
    );

    // ---- Playlists
    app.get(
      '/api/playlists',
      { schema: { tags, summary: 'My playlists, latest changed first (paged)', querystring: pageQuerySchema, response: { 200: playlistsPageSchema } } },
      async (request) => playlists.list(request.actor, request.query.page),
    );
    app.post(
      '/api/playlists',
      { schema: { tags, summary: 'Create a playlist', body: playlistInputSchema, response: { 201: playlistSummarySchema } } },
      async (request, reply) => reply.code(201).send(await playlists.create(request.actor, request.body)),
    );
    app.get(
      '/api/playlists/:playlistId',
      {
        schema: {
          tags,
          summary: 'One of my playlists with its items in order (paged)',
          params: playlist,
          querystring: pageQuerySchema,
          response: { 200: playlistPageSchema },
        },
      },
      async (request) => playlists.get(request.actor, request.params.playlistId, request.query.page),
    );
    app.patch(
      '/api/playlists/:playlistId',
      { schema: { tags, summary: 'Rename or describe a playlist', params: playlist, body: playlistUpdateSchema, response: { 200: playlistSummarySchema } } },
      async (request) => playlists.update(request.actor, request.params.playlistId, request.body),
    );
    app.delete('/api/playlists/:playlistId', { schema: { tags, summary: 'Delete a playlist', params: playlist } }, async (request, reply) => {
      await playlists.remove(request.actor, request.params.playlistId);
      return reply.code(204).send();
    });
    app.post(
      '/api/playlists/:playlistId/items',
      {
        schema: {
          tags,
          summary: 'Add a whole video or a clip (start-end)',
          params: playlist,
          body: playlistItemInputSchema,
          response: { 201: playlistItemSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await playlists.addItem(request.actor, request.params.playlistId, request.body)),
    );
    app.get(
      '/api/playlists/:playlistId/items/:itemId',
      { schema: { tags, summary: 'An item being played and the one after it', params: item, response: { 200: playingItemSchema } } },
      async (request) => playlists.item(request.actor, request.params.playlistId, request.params.itemId),
    );
    app.put(
      '/api/playlists/:playlistId/items/:itemId/position',
      { schema: { tags, summary: 'Move an item to another place (0-based index)', params: item, body: moveItemSchema } },
      async (request, reply) => {
        await playlists.moveItem(request.actor, request.params.playlistId, request.params.itemId, request.body.index);
        return reply.code(204).send();
      },
    );
    app.delete(
      '/api/playlists/:playlistId/items/:itemId',
      { schema: { tags, summary: 'Remove an item from a playlist', params: item } },
      async (request, reply) => {
        await playlists.removeItem(request.actor, request.params.playlistId, request.params.itemId);
        return reply.code(204).send();
      },
    );
  };
}
