// hls.js's light build (no in-stream subtitles, alternate audio, DRM or content steering, none of
// which the published ladder has) is the same API with a third less script to load and compile
// before the first frame; the package ships no type declarations of its own for it.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
