// The player adopts the <video> and hls.js instance that the route's loader started
// (early-playback.ts), so the first frame does not wait for the page to render before the media
// requests begin. Vidstack has no door for this: its HLS loader builds the provider on the <video>
// its React component rendered, and its HLS provider builds its own hls.js and reads the stream's
// duration, type and rungs only from events it hears (LEVEL_LOADED), which have fired by then.
// So, within Vidstack's public classes:
// - its HLS loader's load() is wrapped: when the page offered an early start for this source, the
//   early <video> goes in before the rendered one (which is hidden) and the provider is built on it;
// - the provider's hls.js "constructor" returns the running instance; attaching it to its own
//   element again and loading the same source do nothing, and in their place the player is told
//   what it missed: the element's media events and hls.js's LEVEL_LOADED and LEVEL_SWITCHED.
// Anything unexpected (no early start, a fatal error, another source) takes Vidstack's own path.
import { HLSProviderLoader, type HLSConstructor, type MediaContext } from '@vidstack/react';
import type Hls from 'hls.js/light';
import { dropEarlyPlayback, MEDIA_EVENTS, releaseEarlyBuffer, type EarlyPlayback } from './early-playback';

/** Offered by the player at mount, by source; taken by the loader that builds its provider. */
const offered = new Map<string, Promise<EarlyPlayback | null>>();
/** The adopted start behind each <video> a provider was built on. */
const adoptedBy = new WeakMap<HTMLVideoElement, EarlyPlayback>();
/** The early <video> put in before each rendered one (early-playback.module.css hides the rendered one). */
const insertedFor = new WeakMap<HTMLVideoElement, HTMLVideoElement>();

export function offerEarlyPlayback(src: string, ready: Promise<EarlyPlayback | null>) {
  offered.set(src, ready);
}

/** Taken back by a player that unmounts before its provider was built. */
export function withdrawEarlyPlayback(src: string, ready: Promise<EarlyPlayback | null>) {
  if (offered.get(src) !== ready) return;
  offered.delete(src);
  void ready.then(dropEarlyPlayback);
}

export const adoptedPlayback = (video: HTMLVideoElement | null | undefined) => (video ? adoptedBy.get(video) : undefined);

function restoreRendered(rendered: HTMLVideoElement) {
  insertedFor.get(rendered)?.remove();
  insertedFor.delete(rendered);
}

let installed = false;

/** Wraps Vidstack's HLS loader once (every player's loader is an instance of the exported class). */
export function installPlayerAdoption() {
  if (installed) return;
  installed = true;
  const load = HLSProviderLoader.prototype.load;
  HLSProviderLoader.prototype.load = async function adoptingLoad(this: HLSProviderLoader, ctx: MediaContext) {
    const rendered = this.target;
    const src = ctx.$state.source().src;
    const ready = typeof src === 'string' ? offered.get(src) : undefined;
    if (rendered) restoreRendered(rendered);
    if (!ready || !rendered || typeof src !== 'string') return load.call(this, ctx);
    offered.delete(src);
    const early = await ready;
    if (!early || early.failed || early.hls.media !== early.video || this.target !== rendered) {
      dropEarlyPlayback(early);
      return load.call(this, ctx);
    }
    rendered.before(early.video);
    insertedFor.set(rendered, early.video);
    adoptedBy.set(early.video, early);
    this.target = early.video;
    try {
      return await load.call(this, ctx);
    } finally {
      // Vidstack compares its target with the rendered element to know the provider is current.
      this.target = rendered;
    }
  };
}

type Listener = (event: string, data: unknown) => void;

/**
 * What the provider is given as hls.js: `new` returns the running instance. Until the provider has
 * set it up, the instance notes the listeners it adds; attaching to the same element is skipped, and
 * loading the same source replays to those listeners what they missed.
 */
export function adoptingConstructor(early: EarlyPlayback): HLSConstructor {
  const { hls, video } = early;
  const Class = hls.constructor as typeof Hls;
  const added: { event: string; listener: Listener; context: unknown }[] = [];
  let firedBefore = new Set<string>();

  function Adopted() {
    firedBefore = new Set(early.fired);
    hls.on = ((event: string, listener: Listener, context?: unknown) => {
      added.push({ event, listener, context });
      return Class.prototype.on.call(hls, event as never, listener as never, context);
    }) as Hls['on'];
    hls.attachMedia = ((media: HTMLMediaElement) => {
      if (media !== video) Class.prototype.attachMedia.call(hls, media);
    }) as Hls['attachMedia'];
    hls.loadSource = (url: string) => {
      // From here on the instance is the provider's, as if it had built it.
      delete (hls as Partial<Hls>).on;
      delete (hls as Partial<Hls>).attachMedia;
      delete (hls as Partial<Hls>).loadSource;
      if (url !== early.src) return hls.loadSource(url);
      releaseEarlyBuffer(early);
      replay();
    };
    return hls;
  }

  const tell = (event: string, data: unknown) => {
    for (const { listener, context } of added.filter((a) => a.event === event)) listener.call(context ?? hls, event, data);
  };

  function replay() {
    const fired = (type: string) => firedBefore.has(type);
    if (fired('loadstart')) video.dispatchEvent(new Event('loadstart'));
    if (early.levelLoaded) {
      // The provider takes 'auto' from the level hls.js is on when the playlist arrives, which is
      // -1 (none yet) on its own path; by now hls.js is on a level, chosen by its automatic rule.
      const auto = hls.autoLevelEnabled;
      if (auto) Object.defineProperty(hls, 'currentLevel', { configurable: true, get: () => -1 });
      try {
        tell(Class.Events.LEVEL_LOADED, early.levelLoaded);
      } finally {
        if (auto) delete (hls as Partial<Hls>).currentLevel;
      }
    }
    if (early.levelSwitched) tell(Class.Events.LEVEL_SWITCHED, early.levelSwitched);
    for (const type of MEDIA_EVENTS) if (type !== 'loadstart' && fired(type)) video.dispatchEvent(new Event(type));
    // Where the element is (a ?t= start was a seek before the provider listened): a paused player
    // reads its time from 'timeupdate'.
    video.dispatchEvent(new Event('timeupdate'));
  }

  Object.assign(Adopted, { Events: Class.Events, isSupported: () => true, DefaultConfig: Class.DefaultConfig });
  Adopted.prototype = Class.prototype;
  return Adopted as unknown as HLSConstructor;
}
