// Reports what was actually played (the media element's played ranges) and where the viewer is,
// every ~10 s while the page is open, when it is hidden (a beacon) and when the viewer leaves it.
// One session per page visit; reports carry increasing sequence numbers, so repeats count once.
import type { MediaPlayerInstance } from '@vidstack/react';
import { useEffect, type RefObject } from 'react';
import { PLAYBACK_RANGES_MAX, PLAYBACK_REPORT_SECONDS } from '@ipsv/contracts/watching';
import { sendReport } from '../api/playback-reports';

function playedRanges(player: MediaPlayerInstance): [number, number][] {
  const played = player.state.played;
  const ranges: [number, number][] = [];
  for (let i = 0; i < played.length && ranges.length < PLAYBACK_RANGES_MAX; i += 1) ranges.push([played.start(i), played.end(i)]);
  return ranges;
}

export function usePlaybackReports(videoId: string, playerRef: RefObject<MediaPlayerInstance | null>) {
  useEffect(() => {
    const sessionId = crypto.randomUUID();
    let seq = 0;
    let lastSent = '';
    const report = (beacon: boolean) => {
      const player = playerRef.current;
      if (!player) return;
      const ranges = playedRanges(player);
      if (ranges.length === 0) return; // nothing played yet: no view, no history
      const body = { seq, position: player.currentTime, ranges };
      const fingerprint = JSON.stringify([body.position, ranges]);
      if (fingerprint === lastSent) return;
      lastSent = fingerprint;
      sendReport(videoId, sessionId, body, beacon);
      seq += 1;
    };
    const interval = setInterval(() => report(false), PLAYBACK_REPORT_SECONDS * 1000);
    const onHide = () => report(true);
    const onVisibility = () => document.visibilityState === 'hidden' && report(true);
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(interval);
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      report(false);
    };
  }, [videoId, playerRef]);
}
