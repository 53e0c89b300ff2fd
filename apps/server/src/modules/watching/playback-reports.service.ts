// Playback sessions reported by the player every ~10 s and when the page is hidden: the watched
// ranges and the position reached. Reports are idempotent (a sequence number already seen changes
// nothing, and ranges only count once however often they are sent), so a retried beacon never
// counts twice. They feed the history (unless the viewer paused it), one view per viewer and
// session, the day's watch time and the per-second retention curve. First-party and essential to
// the features the viewer uses (history, resume), so not subject to the analytics consent.
import type { PlaybackReport } from '@ipsv/contracts/watching';
import { AppError } from '../../platform/app-error.js';
import type { VideoActor } from '../videos/video-access.js';
import { watchable } from './library-view.js';
import type { WatchingRepository } from './watching.repository.js';

type Range = [number, number];

/** Sorted, non-overlapping ranges within [0, duration]. */
export function mergeRanges(ranges: readonly Range[], duration: number): Range[] {
  const clamped = ranges
    .map(([a, b]): Range => [Math.max(0, Math.min(a, b, duration)), Math.min(duration, Math.max(a, b))])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const out: Range[] = [];
  for (const [a, b] of clamped) {
    const last = out.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

const covered = (ranges: readonly Range[]) => ranges.reduce((sum, [a, b]) => sum + (b - a), 0);
const contains = (ranges: readonly Range[], t: number) => ranges.some(([a, b]) => t >= a && t < b);

/** What a report adds to a session: the merged ranges, seconds never counted before, and whole seconds newly played. */
export function mergeReport(previous: readonly Range[], reported: readonly Range[], duration: number) {
  const ranges = mergeRanges([...previous, ...reported], duration);
  const newSeconds = Math.max(0, covered(ranges) - covered(previous));
  const newWholeSeconds: number[] = [];
  for (const [a, b] of ranges) {
    for (let s = Math.floor(a); s < Math.ceil(b); s += 1) {
      const mid = s + 0.5;
      if (contains([[a, b]], mid) && !contains(previous, mid)) newWholeSeconds.push(s);
    }
  }
  return { ranges, newSeconds, newWholeSeconds };
}

export function createPlaybackReportsService(deps: { watching: WatchingRepository; clock?: () => Date }) {
  const { watching } = deps;
  const now = deps.clock ?? (() => new Date());
  return {
    async report(actor: VideoActor, videoId: string, sessionId: string, report: Required<PlaybackReport>): Promise<void> {
      const found = watchable(actor, (await watching.videosWithOwners([videoId])).get(videoId));
      if (!found) throw new AppError('NO_ACCESS');
      const duration = found.rendition.durationSeconds;
      const paused = await watching.historyPaused(actor.id);
      // A session id belonging to someone else's playback is answered like a duplicate: nothing changes.
      await watching.applyReport({
        sessionId,
        userId: actor.id,
        videoId,
        day: now().toISOString().slice(0, 10),
        seq: report.seq,
        position: Math.min(report.position, duration),
        merge: (previous) => mergeReport(previous, report.ranges, duration),
        history: !paused,
      });
    },
  };
}
export type PlaybackReportsService = ReturnType<typeof createPlaybackReportsService>;
