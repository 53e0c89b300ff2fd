// The tus endpoint under /api/uploads. Fastify authenticates and checks each request first (only
// providers create uploads, only the owner continues, inspects or cancels one, a declared size over
// the limit or a nearly full disk is refused before any byte); then tus takes the raw request
// (platform/storage/tus-endpoint.ts), so memory stays flat whatever the file size.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES, UPLOAD_ENDPOINT } from '@ipsv/contracts/upload';
import { videoIdSchema } from '@ipsv/contracts/videos';
import { AppError } from '../../platform/app-error.js';
import { createTusEndpoint } from '../../platform/storage/tus-endpoint.js';
import type { UploadStore } from '../../platform/storage/upload-store.js';
import { signedIn } from '../session/actor.js';
import type { SessionService } from '../session/session.service.js';
import type { VideoUploadsService } from '../videos/video-uploads.service.js';

export function uploadsRoutes(deps: {
  sessions: SessionService;
  uploads: VideoUploadsService;
  store: UploadStore;
  trustProxy: boolean;
  companionUrl: string | null;
}): FastifyPluginAsync {
  const { uploads, store } = deps;
  const tus = createTusEndpoint({
    path: UPLOAD_ENDPOINT,
    store,
    trustProxy: deps.trustProxy,
    maxSize: MAX_UPLOAD_BYTES,
    callbacks: {
      onProgress: (id, offset, size) => void uploads.uploadProgress(id, offset, size).catch(() => undefined),
      onFinish: (id, size) => uploads.uploadFinished(id, size),
      onTerminate: (id) => void uploads.uploadCancelled(id).catch(() => undefined),
    },
  });

  return async (app) => {
    app.addHook('onRequest', signedIn(deps.sessions));
    // The body of PATCH is the file itself: leave the stream to tus.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

    const create = async (request: FastifyRequest, reply: FastifyReply) => {
      // The size limit is checked before any byte arrives, so the size must be declared now.
      if (request.headers['upload-defer-length'] !== undefined) throw new AppError('UPLOAD_LENGTH_REQUIRED');
      const declared = request.headers['upload-length'];
      uploads.assertCanUpload(request.actor, declared === undefined ? null : Number(declared));
      // A quick refusal before tus; the row's creation checks again under a lock (parallel starts).
      await uploads.assertRoomForUpload(request.actor, Number(declared ?? 0));
      const actor = request.actor;
      reply.hijack();
      await tus.handle(request.raw, reply.raw, {
        id: randomUUID(),
        accept: (upload) =>
          uploads.createUpload(actor, {
            id: upload.id,
            fileName: upload.metadata?.filename ?? upload.metadata?.name ?? 'video',
            sizeBytes: upload.size ?? null,
            privacyAnswer: upload.metadata?.privacyAnswer ?? null,
            originalKey: store.keyOf(upload.id),
          }),
      });
    };

    const continueUpload = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const id = request.params.id;
      if (!videoIdSchema.safeParse(id).success) throw new AppError('UPLOAD_NOT_FOUND');
      const state = await uploads.assertUploadOwner(request.actor, id, request.method === 'DELETE');
      if (request.method === 'DELETE' && state !== 'uploading') throw new AppError('UPLOAD_FINISHED');
      if (request.method === 'PATCH') await uploads.assertRoomToContinue(request.actor);
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    };

    app.route({ method: 'POST', url: UPLOAD_ENDPOINT, schema: { tags: ['uploads'], summary: 'Create a resumable upload (tus)' }, handler: create });
    app.route({
      method: ['PATCH', 'HEAD', 'DELETE'],
      url: `${UPLOAD_ENDPOINT}/:id`,
      schema: { tags: ['uploads'], summary: 'Continue, inspect or cancel an upload (tus)' },
      handler: continueUpload,
    });
    app.get(`${UPLOAD_ENDPOINT}/config`, { schema: { tags: ['uploads'], summary: 'Upload options of this installation' } }, async () => ({
      companionUrl: deps.companionUrl,
    }));
  };
}
