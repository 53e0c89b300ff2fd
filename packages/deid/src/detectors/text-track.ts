// Burned-in text over time: which text boxes are a tower overlay (the same place for seconds or the
// whole video: masked, not cut), which are printing on a moving instrument (nothing to hide) and
// which are short-lived text (still cut). Pure: per-frame boxes in, tracks, masks and the text score
// that is left for the cut decision out. The detector sees a frame every few seconds and densely
// around changes (analyse.ts), so "the same place across frames" is judged on those observations.

/** A box in frame coordinates normalised to [0, 1] (x, y = top-left corner). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
  /** Read as a maker's print on an instrument: it may still be tracked and masked, but never cuts. */
  instrumentPrint?: boolean;
}

/** Every frame the detector looked at, with what it found (an empty list is evidence too). */
export interface BoxObservation {
  time: number;
  boxes: readonly Box[];
}

export type TrackKind = 'persistent' | 'moving' | 'transient';

export interface BoxTrack {
  kind: TrackKind;
  sightings: { time: number; box: Box }[];
  first: number;
  last: number;
}

/** A region to cover from `start` to `end` (seconds), normalised like the boxes. */
export interface MaskRect {
  x: number;
  y: number;
  width: number;
  height: number;
  start: number;
  end: number;
  /** Highest box score of the track(s) behind it. */
  confidence: number;
}

export interface TrackOptions {
  durationSeconds: number;
  /** A track seen at one place for at least this long is an overlay (default 3 s). */
  minPersistSeconds?: number;
  /** ... and at least this many times (default 3). */
  minSightings?: number;
  /**
   * ... in at least this share of the frames looked at between its first and last sighting (default
   * 0.6): an overlay is there whenever one looks, while a print swinging back and forth only passes by.
   */
  minPresence?: number;
  /** Sightings further apart than this are not joined into one track (default 25 s: two periodic samples missed). */
  maxGapSeconds?: number;
  /** Two boxes are at the same place when their overlap covers this share of the smaller one (default 0.6). */
  sameOverlap?: number;
  /** A box in a neighbouring frame at most this far (seconds) away can be the same print having moved (default 1.5 s). */
  linkSeconds?: number;
  /** ... with its centre at most this far (fraction of the frame) away (default 0.4). */
  linkDistance?: number;
  /** Added around a mask on every side, as a fraction of the frame (default 0.01) plus a fifth of the line height. */
  padding?: number;
}

export interface TrackResult {
  tracks: BoxTrack[];
  masks: MaskRect[];
  /** Per observation time (ms key, Math.round(time × 1000)): the strongest transient box, 0 without any. */
  transientScores: Map<number, number>;
}

const area = (b: Pick<Box, 'width' | 'height'>) => Math.max(0, b.width) * Math.max(0, b.height);
const intersection = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
/** Overlap over the smaller box: a name that grows or shrinks at a fixed corner stays "the same place". */
export const overlapOfSmaller = (a: Box, b: Box) => intersection(a, b) / Math.max(1e-9, Math.min(area(a), area(b)));
const ratio = (a: number, b: number) => Math.max(a, b) / Math.max(1e-9, Math.min(a, b));
const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

const samePlace = (a: Box, b: Box, overlap: number) => overlapOfSmaller(a, b) >= overlap && ratio(a.height, b.height) <= 1.6;

/** The same print (similar size) seen elsewhere: a moved instrument, not a new line of text. */
const movedCopy = (a: Box, b: Box, overlap: number, distance: number) => {
  if (samePlace(a, b, overlap)) return false;
  if (ratio(a.height, b.height) > 1.6 || ratio(a.width, b.width) > 2) return false;
  const ca = centre(a);
  const cb = centre(b);
  return Math.hypot(ca.x - cb.x, ca.y - cb.y) <= distance;
};

const ms = (t: number) => Math.round(t * 1000);
const round = (v: number) => Math.round(v * 10000) / 10000;

/**
 * Joins boxes at the same place into tracks, classifies them, and turns persistent tracks into
 * masks. A mask's time range runs from the last observation before its first sighting to the
 * first observation after its last one (privacy first: the frames in between were not seen).
 */
export function trackBoxes(observations: readonly BoxObservation[], options: TrackOptions): TrackResult {
  const duration = options.durationSeconds;
  const minPersist = options.minPersistSeconds ?? 3;
  const minSightings = options.minSightings ?? 3;
  const minPresence = options.minPresence ?? 0.6;
  const maxGap = options.maxGapSeconds ?? 25;
  const overlap = options.sameOverlap ?? 0.6;
  const linkSeconds = options.linkSeconds ?? 1.5;
  const linkDistance = options.linkDistance ?? 0.4;
  const padding = options.padding ?? 0.01;
  const sorted = [...observations].sort((a, b) => a.time - b.time);

  // 1. Tracks: each box joins the most recent track whose first box is at the same place (one box per
  //    track per frame). Comparing with the first box, not the last, stops a slow drift from chaining.
  const tracks: BoxTrack[] = [];
  for (const { time, boxes } of sorted) {
    const taken = new Set<BoxTrack>();
    for (const box of [...boxes].sort((a, b) => b.score - a.score)) {
      const candidates = tracks.filter((t) => !taken.has(t) && time - t.last <= maxGap && samePlace(t.sightings[0]!.box, box, overlap));
      const track = candidates.sort((a, b) => b.last - a.last)[0];
      if (track) {
        track.sightings.push({ time, box });
        track.last = time;
        taken.add(track);
      } else {
        const created: BoxTrack = { kind: 'transient', sightings: [{ time, box }], first: time, last: time };
        tracks.push(created);
        taken.add(created);
      }
    }
  }

  // 2. Kinds: long at one place → overlay; otherwise, the same-sized print elsewhere in a
  //    neighbouring frame → a moving instrument; otherwise short-lived text.
  const looked = sorted.map((o) => o.time);
  const presence = (t: BoxTrack) => {
    const between = looked.filter((time) => time >= t.first - 1e-6 && time <= t.last + 1e-6).length;
    return new Set(t.sightings.map((s) => s.time)).size / Math.max(1, between);
  };
  for (const track of tracks)
    if (track.last - track.first >= minPersist && track.sightings.length >= minSightings && presence(track) >= minPresence) track.kind = 'persistent';
  const short = tracks.filter((t) => t.kind !== 'persistent');
  for (const track of short) {
    const moved = short.some(
      (other) =>
        other !== track &&
        other.sightings.some((o) =>
          track.sightings.some((s) => o.time !== s.time && Math.abs(o.time - s.time) <= linkSeconds && movedCopy(s.box, o.box, overlap, linkDistance)),
        ),
    );
    if (moved) track.kind = 'moving';
  }
  // A print that moved once is the same instrument in its other sightings too, and text of a
  // similar height beside a moving print at about the same time is part of it (the detector may
  // split or join the words of one print from frame to frame).
  for (const track of short) {
    if (track.kind !== 'transient') continue;
    const near = (a: Box, b: Box) => ratio(a.height, b.height) <= 1.6 && Math.hypot(centre(a).x - centre(b).x, centre(a).y - centre(b).y) <= linkDistance;
    const linked = short.some(
      (other) =>
        other.kind === 'moving' && other.sightings.some((o) => track.sightings.some((s) => Math.abs(o.time - s.time) <= linkSeconds && near(s.box, o.box))),
    );
    if (linked) track.kind = 'moving';
  }

  // 3. Masks from overlays, joined where they touch in space and time (the lines of one overlay).
  const times = sorted.map((o) => o.time);
  const before = (t: number) => [...times].reverse().find((x) => x < t - 1e-6) ?? 0;
  const after = (t: number) => times.find((x) => x > t + 1e-6) ?? duration;
  let masks: MaskRect[] = tracks
    .filter((t) => t.kind === 'persistent')
    .map((t) => {
      const boxes = t.sightings.map((s) => s.box);
      const lineHeight = Math.max(...boxes.map((b) => b.height));
      const pad = padding + lineHeight / 5;
      const x0 = Math.max(0, Math.min(...boxes.map((b) => b.x)) - pad);
      const y0 = Math.max(0, Math.min(...boxes.map((b) => b.y)) - pad);
      const x1 = Math.min(1, Math.max(...boxes.map((b) => b.x + b.width)) + pad);
      const y1 = Math.min(1, Math.max(...boxes.map((b) => b.y + b.height)) + pad);
      return {
        x: x0,
        y: y0,
        width: x1 - x0,
        height: y1 - y0,
        start: before(t.first),
        end: Math.min(duration, after(t.last)),
        confidence: Math.max(...boxes.map((b) => b.score)),
      };
    });
  const touches = (a: MaskRect, b: MaskRect) =>
    a.start <= b.end && b.start <= a.end && a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
  for (let joined = true; joined;) {
    joined = false;
    outer: for (let i = 0; i < masks.length; i++) {
      for (let j = i + 1; j < masks.length; j++) {
        const a = masks[i]!;
        const b = masks[j]!;
        if (!touches(a, b)) continue;
        const x0 = Math.min(a.x, b.x);
        const y0 = Math.min(a.y, b.y);
        masks[i] = {
          x: x0,
          y: y0,
          width: Math.max(a.x + a.width, b.x + b.width) - x0,
          height: Math.max(a.y + a.height, b.y + b.height) - y0,
          start: Math.min(a.start, b.start),
          end: Math.max(a.end, b.end),
          confidence: Math.max(a.confidence, b.confidence),
        };
        masks.splice(j, 1);
        joined = true;
        break outer;
      }
    }
  }
  masks = masks
    .map((m) => ({
      x: round(m.x),
      y: round(m.y),
      width: round(Math.min(m.width, 1 - round(m.x))),
      height: round(Math.min(m.height, 1 - round(m.y))),
      start: Math.round(m.start * 1000) / 1000,
      end: Math.round(m.end * 1000) / 1000,
      confidence: Math.round(m.confidence * 1000) / 1000,
    }))
    .sort((a, b) => a.start - b.start || a.y - b.y || a.x - b.x);

  // 4. What is left for the cut decision: transient text only, and of it not what read as a
  //    maker's print on an instrument.
  const transientScores = new Map<number, number>(sorted.map((o) => [ms(o.time), 0]));
  for (const track of tracks) {
    if (track.kind !== 'transient') continue;
    for (const { time, box } of track.sightings)
      if (!box.instrumentPrint) transientScores.set(ms(time), Math.max(transientScores.get(ms(time)) ?? 0, box.score));
  }
  return { tracks, masks, transientScores };
}
