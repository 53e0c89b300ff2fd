// A page about one thing (a video, by the id in its address) that does not exist shows the
// not-found page, as an unknown path does. Pages throw NotFoundError while rendering (or a route
// loader throws it before); the route's error element shows the not-found page for it.
import { ApiError } from './api-client';

export class NotFoundError extends Error {
  constructor() {
    super('Not found');
    this.name = 'NotFoundError';
  }
}

/** Video ids are UUIDs; anything else in /edit-pii/:id (and the like) cannot name a video. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isVideoId = (id: string | undefined): boolean => id !== undefined && UUID.test(id);

/** The server answers 404 for an unknown id and 400 for a malformed one: both mean "no such page". */
export const isMissing = (error: unknown): boolean => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** Call while rendering a page whose main query failed: a missing thing shows the not-found page. */
export function notFoundWhenMissing(error: unknown): void {
  if (isMissing(error)) throw new NotFoundError();
}
