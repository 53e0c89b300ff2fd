// The tus endpoint (resumable uploads, protocol 1.0.0) around @tus/server: the plumbing between an
// authenticated Fastify request and tus. The id of a new upload is chosen by the caller (after its
// own checks) and handed to tus's naming function through a header that is first removed from
// every request, so a client can never choose it. The body streams straight to the store.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EVENTS, Server, type Upload } from '@tus/server';
import { AppError } from '../app-error.js';
import { toHttpError } from '../http/http-errors.js';
import type { UploadStore } from './upload-store.js';

const ID_HEADER = 'x-ipsv-upload-id';

export interface TusCallbacks {
  /** Every chunk stored (for progress). */
  onProgress(id: string, offset: number, size: number): void;
  /** The last byte arrived. */
  onFinish(id: string, size: number): Promise<void>;
  /** An unfinished upload was cancelled by its client. */
  onTerminate(id: string): void;
}

export interface TusEndpoint {
  /**
   * Hands the request to tus. For a creation, `create` gives the new upload's id and what to do
   * before tus accepts it (records the video; throwing refuses the upload).
   */
  handle(request: IncomingMessage, response: ServerResponse, create?: { id: string; accept: (upload: Upload) => Promise<void> }): Promise<void>;
}

export function createTusEndpoint(options: { path: string; store: UploadStore; trustProxy: boolean; maxSize: number; callbacks: TusCallbacks }): TusEndpoint {
  const pending = new Map<string, (upload: Upload) => Promise<void>>();
  const tus = new Server({
    path: options.path,
    datastore: options.store.datastore,
    respectForwardedHeaders: options.trustProxy,
    relativeLocation: true,
    // Enforced by tus on every request too (a later PATCH cannot declare a larger size).
    maxSize: options.maxSize,
    // A finished upload is the video's original: it goes with the video, not through tus.
    disableTerminationForFinishedUploads: true,
    namingFunction: (req) => req.headers.get(ID_HEADER) ?? randomUUID(),
    async onUploadCreate(_req, upload) {
      const accept = pending.get(upload.id);
      if (!accept) throw { status_code: 401, body: 'You are not signed in.' };
      try {
        await accept(upload);
      } catch (error) {
        // A refusal of ours (the disk, the user's open uploads) answered as the API answers it.
        if (!(error instanceof AppError)) throw error;
        const { status, body } = toHttpError(error);
        throw { status_code: status, body: JSON.stringify(body) };
      }
      return {};
    },
    async onUploadFinish(_req, upload) {
      await options.callbacks.onFinish(upload.id, upload.size ?? upload.offset);
      return {};
    },
  });
  tus.on(EVENTS.POST_RECEIVE, (_req, upload) => {
    if (upload.size) options.callbacks.onProgress(upload.id, upload.offset, upload.size);
  });
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id) => options.callbacks.onTerminate(id));

  return {
    async handle(request, response, create) {
      // tus reads headers from both views of the request: keep them in step.
      delete request.headers[ID_HEADER];
      const kept: string[] = [];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        if (request.rawHeaders[i]!.toLowerCase() !== ID_HEADER) kept.push(request.rawHeaders[i]!, request.rawHeaders[i + 1]!);
      }
      request.rawHeaders.splice(0, request.rawHeaders.length, ...kept);
      if (create) {
        pending.set(create.id, create.accept);
        request.headers[ID_HEADER] = create.id;
        request.rawHeaders.push(ID_HEADER, create.id);
      }
      try {
        await tus.handle(request, response);
      } finally {
        if (create) pending.delete(create.id);
      }
    },
  };
}
