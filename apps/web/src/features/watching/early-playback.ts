// The video page's first frame, started before the page. The route's loader has the signed master
// link as soon as the page's API answers; from there it starts hls.js on a <video> of its own while
// React, Mantine and Vidstack build the page (about six sevenths of the wait, bench/RESULTS.md).
// The player then adopts that element and instance (player-adoption.ts) instead of starting from
// nothing. Nothing here imports Vidstack: this module is part of the app's first script.
import type Hls from 'hls.js/light';
import type { LevelLoadedData, LevelSwitchedData } from 'hls.js/light';
import { tokenOf, withToken } from './signed-links';
import { warmPlayback } from './api/warm-playback';

/** Media events the player must hear, in the order the element fires them. */
export const MEDIA_EVENTS = ['loadstart', 'durationchange', 'loadedmetadata', 'loadeddata', 'canplay', 'canplaythrough'] as const;
export type MediaEventType = (typeof MEDIA_EVENTS)[number];

export interface EarlyPlayback {
  /** The signed master link exactly as the page's answer gives it (what the player is given). */
  readonly src: string;
  readonly video: HTMLVideoElement;
  readonly hls: Hls;
  /** hls.js events that fired before the player listened: replayed to it on adoption. */
  levelLoaded?: LevelLoadedData;
  levelSwitched?: LevelSwitchedData;
  /** Media events the element fired so far. */
  readonly fired: Set<MediaEventType>;
  failed: boolean;
}

interface Pending {
  videoId: string;
  src: string;
  startAt: number | null;
  token: { current: string };
  ready: Promise<EarlyPlayback | null>;
  timer: ReturnType<typeof setTimeout>;
  dropped: boolean;
}

/** Unclaimed for this long (the page failed, or the user left), the early start is dropped. */
const UNCLAIMED_MS = 30_000;
/** Until the player adopts it, hls.js buffers only what the first frame needs (its first segment). */
const EARLY_BUFFER_SECONDS = 1;

let pending: Pending | null = null;

/** Videos whose player is on the page: a new address for one of them (?t=) is the player's to seek. */
const mounted = new Map<string, number>();

/** Held by a mounted player for its video; the returned function lets go at unmount. */
export function holdPlayerOf(videoId: string): () => void {
  mounted.set(videoId, (mounted.get(videoId) ?? 0) + 1);
  return () => {
    const count = (mounted.get(videoId) ?? 1) - 1;
    if (count > 0) mounted.set(videoId, count);
    else mounted.delete(videoId);
  };
}

/** What each start came to, once it has (for a synchronous look at mount). */
const settled = new WeakMap<Promise<EarlyPlayback | null>, EarlyPlayback | null>();

export const settledEarlyPlayback = (ready: Promise<EarlyPlayback | null>) => settled.get(ready);

export function dropEarlyPlayback(early: EarlyPlayback | null) {
  if (!early) return;
  early.hls.destroy();
  early.video.remove();
  early.video.removeAttribute('src');
  early.video.load();
}

function drop(entry: Pending) {
  entry.dropped = true;
  clearTimeout(entry.timer);
  void entry.ready.then(dropEarlyPlayback);
}

async function start(entry: Pending): Promise<EarlyPlayback | null> {
  const { default: HlsClass } = await import('hls.js/light');
  if (!HlsClass.isSupported()) {
    // Safari on iOS plays HLS natively: the player starts it; warming the cache still helps.
    await warmPlayback(entry.src, entry.startAt);
    return null;
  }
  // Dropped while hls.js loaded (another page's start); a player may have claimed it meanwhile.
  if (entry.dropped) return null;
  const video = document.createElement('video');
  video.preload = 'auto';
  video.playsInline = true;
  video.setAttribute('aria-hidden', 'true');
  const early: EarlyPlayback = {
    src: entry.src,
    video,
    hls: new HlsClass({
      renderTextTracksNatively: false,
      maxBufferLength: EARLY_BUFFER_SECONDS,
      ...(entry.startAt !== null && { startPosition: entry.startAt }),
      // Read at each request: once the player has claimed this start, its renewed signature applies.
      xhrSetup(xhr: XMLHttpRequest, url: string) {
        const fresh = withToken(url, entry.token.current);
        if (fresh !== url) xhr.open('GET', fresh, true);
      },
    }),
    fired: new Set(),
    failed: false,
  };
  for (const type of MEDIA_EVENTS) video.addEventListener(type, () => early.fired.add(type));
  // As the player does: the start is a seek of the element once it knows its duration.
  if (entry.startAt !== null) {
    const startAt = entry.startAt;
    video.addEventListener('loadedmetadata', () => Math.abs(video.currentTime - startAt) > 0.05 && (video.currentTime = startAt), { once: true });
  }
  early.hls.on(HlsClass.Events.LEVEL_LOADED, (_event, data) => (early.levelLoaded = data));
  early.hls.on(HlsClass.Events.LEVEL_SWITCHED, (_event, data) => (early.levelSwitched = data));
  early.hls.on(HlsClass.Events.ERROR, (_event, data) => data.fatal && (early.failed = true));
  early.hls.attachMedia(video);
  early.hls.loadSource(entry.src);
  return early;
}

/**
 * Starts hls.js for the page's master link (from the route's loader). A start already under way for
 * another link is dropped. Nothing starts for a video whose player is already on the page (a ?t=
 * link within it: the page stays, and nobody would adopt the start). Best effort: a failure leaves
 * the player to start as it would anyway.
 */
export function startEarlyPlayback(videoId: string, src: string, startAt: number | null) {
  if (mounted.has(videoId)) return;
  if (pending?.src === src && pending.startAt === startAt) return;
  if (pending) drop(pending);
  const entry: Pending = {
    videoId,
    src,
    startAt,
    token: { current: tokenOf(src) },
    ready: Promise.resolve(null),
    dropped: false,
    timer: setTimeout(() => {
      if (pending === entry) pending = null;
      drop(entry);
    }, UNCLAIMED_MS),
  };
  pending = entry;
  entry.ready = start(entry).catch(() => null);
  void entry.ready.then((early) => settled.set(entry.ready, early));
}

/**
 * The start under way for a video, not claimed (the page's loading state shows its first frame in
 * the player's place while the page renders).
 */
export const earlyPlaybackOf = (videoId: string) => (pending?.videoId === videoId ? pending.ready : null);

/**
 * The player's claim (once, at mount): the early start for this link and start position, with the
 * player's own signature from now on; null when there is none. A start for anything else is dropped.
 */
export function takeEarlyPlayback(src: string, startAt: number | null, token: { current: string }): Promise<EarlyPlayback | null> | null {
  const entry = pending;
  if (!entry) return null;
  pending = null;
  if (entry.src !== src || entry.startAt !== startAt) {
    drop(entry);
    return null;
  }
  clearTimeout(entry.timer);
  entry.token = token;
  return entry.ready;
}

/** After adoption the player buffers as hls.js does by default. */
export function releaseEarlyBuffer(early: EarlyPlayback) {
  const defaults = (early.hls.constructor as typeof Hls).DefaultConfig;
  early.hls.config.maxBufferLength = defaults.maxBufferLength;
}
