// The tus endpoint (resumable uploads, protocol 1.0.0) under /api/uploads. Fastify authenticates
// and checks each request first (only providers create uploads, only the owner continues one, a
// declared size over the limit is refused before any byte); then tus handles the raw request and
// streams the body to the store, so memory stays flat whatever the file size.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Server, EVENTS } from '@tus/server';
import { UPLOAD_ENDPOINT } from '@ipsv/contracts/upload';
import { AppError } from '../../platform/app-error.js';
import type { UploadStore } from '../../platform/upload-store.js';
import { requireSession } from '../session/session.http.js';
import type { SessionService } from '../session/session.service.js';
import type { VideosService } from '../videos/videos.service.js';

// Set by us after authentication, never trusted from the client (overwritten on every request).
const OWNER_HEADER = 'x-ipsv-upload-owner';
const ID_HEADER = 'x-ipsv-upload-id';
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function uploadsRoutes(deps: {
  sessions: SessionService;
  videos: VideosService;
  store: UploadStore;
  trustProxy: boolean;
  companionUrl: string | null;
}): FastifyPluginAsync {
  const { sessions, videos, store } = deps;
  const tus = new Server({
    path: UPLOAD_ENDPOINT,
    datastore: store.datastore,
    respectForwardedHeaders: deps.trustProxy,
    relativeLocation: true,
    namingFunction: (req) => req.headers.get(ID_HEADER) ?? randomUUID(),
    async onUploadCreate(req, upload) {
      const ownerId = req.headers.get(OWNER_HEADER);
      if (!ownerId) throw { status_code: 401, body: 'You are not signed in.' };
      await videos.createUpload(
        { id: ownerId, email: '', role: 'provider' },
        {
          id: upload.id,
          fileName: upload.metadata?.filename ?? upload.metadata?.name ?? 'video',
          sizeBytes: upload.size ?? null,
          privacyAnswer: upload.metadata?.privacyAnswer ?? null,
          originalKey: store.keyOf(upload.id),
        },
      );
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

    const handle = async (request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => {
      const { user } = await requireSession(sessions, request);
      const actor = { id: user.id, email: user.email, role: user.role };
      const raw = request.raw;
      // tus reads headers from both views of the request: keep them in step.
      delete raw.headers[OWNER_HEADER];
      delete raw.headers[ID_HEADER];
      const kept: string[] = [];
      for (let i = 0; i < raw.rawHeaders.length; i += 2) {
        const name = raw.rawHeaders[i]!.toLowerCase();
        if (name !== OWNER_HEADER && name !== ID_HEADER) kept.push(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
      }
      raw.rawHeaders.splice(0, raw.rawHeaders.length, ...kept);
      const setHeader = (name: string, value: string) => {
        raw.headers[name] = value;
        raw.rawHeaders.push(name, value);
      };
      if (request.method === 'POST') {
        const declared = request.headers['upload-length'];
        videos.assertCanUpload(actor, declared === undefined ? null : Number(declared));
        setHeader(OWNER_HEADER, user.id);
        setHeader(ID_HEADER, randomUUID());
      } else {
        const id = request.params.id ?? '';
        if (!ID_PATTERN.test(id)) throw new AppError('NOT_FOUND', 'No such upload.');
        await videos.assertUploadOwner(actor, id);
      }
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
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
