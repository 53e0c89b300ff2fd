// The tus endpoint (resumable uploads, protocol 1.0.0) under /api/uploads. Fastify authenticates
// and checks each request first (only providers create uploads, only the owner continues one, a
// declared size over the limit is refused before any byte); then tus handles the raw request and
// streams the body to the store, so memory stays flat whatever the file size.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Server, EVENTS } from '@tus/server';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_DISK_FULL_MESSAGE,
  UPLOAD_ENDPOINT,
  UPLOAD_FINISHED_MESSAGE,
  UPLOAD_LENGTH_REQUIRED_MESSAGE,
} from '@ipsv/contracts/upload';
import { AppError } from '../../platform/app-error.js';
import type { UploadStore } from '../../platform/upload-store.js';
import { requireSession } from '../session/session.http.js';
import type { SessionService } from '../session/session.service.js';
import type { VideoActor, VideosService } from '../videos/videos.service.js';

// The id of a new upload, chosen by us after authentication and handed to tus's naming function;
// never trusted from the client (removed from every request first).
const ID_HEADER = 'x-ipsv-upload-id';
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function uploadsRoutes(deps: {
  sessions: SessionService;
  videos: VideosService;
  store: UploadStore;
  trustProxy: boolean;
  companionUrl: string | null;
  /** Uploads stop when the upload disk would keep less than this free. */
  minFreeBytes: number;
}): FastifyPluginAsync {
  const { sessions, videos, store } = deps;
  /** Who is creating each upload, from the authenticated request to tus's creation hook. */
  const creators = new Map<string, VideoActor>();
  const tus = new Server({
    path: UPLOAD_ENDPOINT,
    datastore: store.datastore,
    respectForwardedHeaders: deps.trustProxy,
    relativeLocation: true,
    // Enforced by tus on every request too (a later PATCH cannot declare a larger size).
    maxSize: MAX_UPLOAD_BYTES,
    // A finished upload is the video's original: it goes with the video, not through tus.
    disableTerminationForFinishedUploads: true,
    namingFunction: (req) => req.headers.get(ID_HEADER) ?? randomUUID(),
    async onUploadCreate(_req, upload) {
      const actor = creators.get(upload.id);
      if (!actor) throw { status_code: 401, body: 'You are not signed in.' };
      await videos.createUpload(actor, {
          id: upload.id,
          fileName: upload.metadata?.filename ?? upload.metadata?.name ?? 'video',
          sizeBytes: upload.size ?? null,
          privacyAnswer: upload.metadata?.privacyAnswer ?? null,
          originalKey: store.keyOf(upload.id),
        });
      return {};
    },
    async onUploadFinish(_req, upload) {
      await videos.uploadFinished(upload.id, upload.size ?? upload.offset);
      return {};
    },
  });
  tus.on(EVENTS.POST_RECEIVE, (_req, upload) => {
    if (upload.size) void videos.uploadProgress(upload.id, upload.offset, upload.size).catch(() => undefined);
  });
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
    void videos.uploadCancelled(id).catch(() => undefined);
  });

  return async (app) => {
    // The body of PATCH is the file itself: leave the stream to tus.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

    /** Refuses to start writing `bytes` more when the disk would keep less than the reserve free. */
    const assertSpaceFor = async (bytes: number) => {
      const free = await store.freeBytes();
      if (free !== null && free - Math.max(0, bytes) < deps.minFreeBytes) throw new AppError('INSUFFICIENT_STORAGE', UPLOAD_DISK_FULL_MESSAGE);
    };

    const handle = async (request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => {
      const { user } = await requireSession(sessions, request);
      const actor = { id: user.id, email: user.email, role: user.role };
      const raw = request.raw;
      // tus reads headers from both views of the request: keep them in step.
      delete raw.headers[ID_HEADER];
      const kept: string[] = [];
      for (let i = 0; i < raw.rawHeaders.length; i += 2) {
        if (raw.rawHeaders[i]!.toLowerCase() !== ID_HEADER) kept.push(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
      }
      raw.rawHeaders.splice(0, raw.rawHeaders.length, ...kept);
      let created: string | null = null;
      if (request.method === 'POST') {
        // The size limit is checked before any byte arrives, so the size must be declared now.
        if (request.headers['upload-defer-length'] !== undefined) throw new AppError('VALIDATION_ERROR', UPLOAD_LENGTH_REQUIRED_MESSAGE);
        const declared = request.headers['upload-length'];
        videos.assertCanUpload(actor, declared === undefined ? null : Number(declared));
        await assertSpaceFor(Number(declared ?? 0));
        created = randomUUID();
        creators.set(created, actor);
        raw.headers[ID_HEADER] = created;
        raw.rawHeaders.push(ID_HEADER, created);
      } else {
        const id = request.params.id ?? '';
        if (!ID_PATTERN.test(id)) throw new AppError('NOT_FOUND', 'No such upload.');
        const state = await videos.assertUploadOwner(actor, id);
        if (request.method === 'DELETE' && state !== 'uploading') throw new AppError('CONFLICT', UPLOAD_FINISHED_MESSAGE);
        if (request.method === 'PATCH') {
          const upload = await store.datastore.getUpload(id).catch(() => null);
          if (upload?.size !== undefined && upload.size !== null) await assertSpaceFor(upload.size - Number(request.headers['upload-offset'] ?? upload.offset));
        }
      }
      reply.hijack();
      try {
        await tus.handle(request.raw, reply.raw);
      } finally {
        if (created) creators.delete(created);
      }
    };

    app.route({ method: 'POST', url: UPLOAD_ENDPOINT, schema: { tags: ['uploads'], summary: 'Create a resumable upload (tus)' }, handler: handle });
    app.route({
      method: ['PATCH', 'HEAD', 'DELETE'],
      url: `${UPLOAD_ENDPOINT}/:id`,
      schema: { tags: ['uploads'], summary: 'Continue, inspect or cancel an upload (tus)' },
      handler: handle,
    });
    app.get(
      `${UPLOAD_ENDPOINT}/config`,
      { schema: { tags: ['uploads'], summary: 'Upload options of this installation' } },
      async (request) => {
        await requireSession(sessions, request);
        return { companionUrl: deps.companionUrl };
      },
    );
  };
}
