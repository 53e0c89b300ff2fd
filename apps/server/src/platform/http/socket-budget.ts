// How many WebSockets this process may hold without running out of file descriptors: every socket
// is one, and HTTP requests, media files, the PostgreSQL pool and ffmpeg pipes need theirs too.
// Past the budget an upgrade is refused (429), so /api/health and the pages keep answering.
import { readFileSync } from 'node:fs';

/** Descriptors kept for everything but WebSockets: at least this many, */
const HEADROOM_MIN = 256;
/** or this share of the limit, whichever is more. */
const HEADROOM_SHARE = 0.25;
/** Anonymous chat visitors may hold at most this share of the sockets (signed-in users keep the rest). */
const ANONYMOUS_SHARE = 0.5;

/** The soft "Max open files" limit of this process, or null where it cannot be read (not Linux). */
export function openFilesLimit(limitsFile = '/proc/self/limits'): number | null {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    if (soft === 'unlimited') return Number.POSITIVE_INFINITY;
    const n = Number(soft);
    return Number.isFinite(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

export interface SocketBudget {
  /** WebSockets (open and pending) in this process. */
  total: number;
  /** Of those, anonymous chat visitors'. */
  anonymous: number;
}

/** The budget under `limit` descriptors, never above `configured` (WS_MAX_CONNECTIONS). */
export function socketBudget(limit: number | null, configured: number): SocketBudget {
  const derived = limit === null || !Number.isFinite(limit) ? configured : Math.floor(limit - Math.max(HEADROOM_MIN, limit * HEADROOM_SHARE));
  const total = Math.max(1, Math.min(configured, derived));
  return { total, anonymous: Math.max(1, Math.floor(total * ANONYMOUS_SHARE)) };
}
