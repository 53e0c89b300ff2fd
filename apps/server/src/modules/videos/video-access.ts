// Who may do what with a video (DESIGN.md section 6), decided here for every entry point. Another
// user's video that the caller may not see is answered exactly like a video that does not exist:
// 401 with the spec's message, never a hint of what exists.
import { sql, type SQL } from 'drizzle-orm';
import type { Role } from '@ipsv/contracts/users';
import { AppError } from '../../platform/app-error.js';
import type { VideoRow, VideosRepository } from './videos.repository.js';

export interface VideoActor {
  id: string;
  email: string;
  role: Role;
}

const UPLOAD_ROLES: ReadonlySet<Role> = new Set(['provider', 'admin']);

export function canUpload(role: Role): boolean {
  return UPLOAD_ROLES.has(role);
}

/** What the watch rule reads of a video. */
export type WatchFacts = Pick<VideoRow, 'ownerId' | 'visibility' | 'whitelist' | 'listEntries' | 'accessGrants' | 'publishedVersion' | 'takenDownAt'>;

/**
 * Whether `actor` may watch a published video (spec section 6: decided per user email). A whitelisted
 * video lets in its own list, the named lists it uses (kept on the row in step with the lists) and
 * viewers whose access request was granted, until the end the owner set.
 */
export function canWatch(video: WatchFacts, actor: VideoActor, now: Date = new Date()): boolean {
  return watcher(actor, now)(video);
}

/** `canWatch` for one actor, to ask of many videos (the search checks a whole catalogue with it). */
export function watcher(actor: VideoActor, now: Date = new Date()): (video: WatchFacts) => boolean {
  const email = actor.email.toLowerCase();
  const domain = `@${email.split('@')[1] ?? ''}`;
  const listed = (entries: readonly string[]) => entries.includes(email) || entries.includes(domain);
  const time = now.getTime();
  return (video) => {
    if (video.publishedVersion < 1) return false;
    if (actor.id === video.ownerId || actor.role === 'admin') return true;
    if (video.takenDownAt) return false;
    if (video.visibility === 'signed_in') return true;
    if (video.visibility === 'whitelist') {
      if (listed(video.whitelist) || listed(video.listEntries)) return true;
      return video.accessGrants.some((grant) => grant.email === email && (grant.until === null || Date.parse(grant.until) > time));
    }
    return false;
  };
}

/**
 * `canWatch` as a SQL condition on the videos row aliased `v`, so lists (search results, their
 * counts and facets) are filtered inside the query, before paging. Keep the two in step: the
 * search integration tests compare them case by case.
 */
export function watchableSql(actor: VideoActor): SQL {
  if (actor.role === 'admin') return sql`v.published_version >= 1`;
  const email = actor.email.toLowerCase();
  const domain = `@${email.split('@')[1] ?? ''}`;
  return sql`(v.published_version >= 1 AND (v.owner_id = ${actor.id} OR (v.taken_down_at IS NULL AND (v.visibility = 'signed_in'
    OR (v.visibility = 'whitelist' AND (v.whitelist && ARRAY[${email}, ${domain}]::text[]
      OR v.list_entries && ARRAY[${email}, ${domain}]::text[]
      OR EXISTS (SELECT 1 FROM jsonb_array_elements(v.access_grants) AS g
                 WHERE g->>'email' = ${email} AND (g->>'until' IS NULL OR (g->>'until')::timestamptz > now()))))))))`;
}

/**
 * An owner who is no longer a provider (demoted to viewer or support) keeps seeing and may delete
 * their videos, but no longer reviews, edits, publishes or downloads the original (issue 48, M6):
 * the role is read from the session on every request, so a demotion holds from the next one.
 */
export function assertStillProvider<T>(actor: VideoActor, video: T): T {
  if (!canUpload(actor.role)) throw new AppError('NOT_A_PROVIDER');
  return video;
}

/**
 * The video when `actor` owns it (and is still a provider). The privacy review, the original and everything made from it
 * before publication are the owner's alone (DESIGN.md section 5): an administrator may see the
 * metadata, take the video down or delete it, never confirm or edit on the owner's behalf (403).
 */
export async function ownedVideo(videos: Pick<VideosRepository, 'find'>, actor: VideoActor, id: string): Promise<VideoRow> {
  const video = await videos.find(id);
  if (video?.ownerId === actor.id) return assertStillProvider(actor, video);
  if (video && actor.role === 'admin') throw new AppError('OWNER_ONLY');
  throw new AppError('NO_ACCESS');
}

/** The video when `actor` owns it or is an administrator (metadata, take-down, deletion). */
export async function moderatedVideo(videos: Pick<VideosRepository, 'find'>, actor: VideoActor, id: string): Promise<VideoRow> {
  const video = await videos.find(id);
  if (video && (video.ownerId === actor.id || actor.role === 'admin')) return video;
  throw new AppError('NO_ACCESS');
}
