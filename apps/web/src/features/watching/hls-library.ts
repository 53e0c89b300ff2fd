// hls.js for the player, loaded once. Vidstack attaches hls.js to the <video> only once its library
// has loaded; meanwhile it has already put the master playlist into a <source>, and Chromium,
// which plays HLS natively, starts loading it on its own. When that native load reaches 'canplay'
// first, Vidstack skips hls.js's playlist (stream type and quality list stay empty) and the player
// shows a spinner without controls (seen once in three CI runs: the native load had fetched a
// segment and the 720p rung before hls.js's first request). Handed the constructor itself, already
// loaded by the route, Vidstack attaches hls.js at once: the browser's own load then gets no
// further than the playlists (0 to 2 requests, in six loads checked), short of 'canplay'.
import type Hls from 'hls.js/light';

let loaded: typeof Hls | undefined;

/** Loads hls.js (the video route starts this beside the page's data). */
export const loadHls = (): Promise<typeof Hls> => import('hls.js/light').then((module) => (loaded = module.default));

/** What Vidstack's `library` takes: the constructor when it is loaded, else a loader. */
export const hlsLibrary = (): typeof Hls | (() => Promise<{ default: typeof Hls }>) => loaded ?? (() => loadHls().then((ctor) => ({ default: ctor })));
