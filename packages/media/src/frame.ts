// A decoded video frame as the privacy detectors consume it: packed RGB24, small (the sampler
// scales it), with its presentation time in seconds from the start of the file.
export interface Frame {
  /** Presentation time in seconds. */
  time: number;
  width: number;
  height: number;
  /** width × height × 3 bytes, RGB, row-major. */
  data: Uint8Array;
  /** True when the frame is a keyframe of the source (coarse pass). */
  keyframe: boolean;
}
