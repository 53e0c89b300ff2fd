// POST /api/videos/:id/playback-sessions/:sessionId: what the player reports (see usePlaybackReports).
// On page hide the report goes as a beacon, which the browser delivers even as the page goes away.
import type { PlaybackReport } from '@ipsv/contracts/watching';
import { apiRequest } from '../../../lib/api-client';

const url = (videoId: string, sessionId: string) => `/api/videos/${encodeURIComponent(videoId)}/playback-sessions/${sessionId}`;

export function sendReport(videoId: string, sessionId: string, report: PlaybackReport, beacon = false): void {
  if (beacon && typeof navigator.sendBeacon === 'function') {
    navigator.sendBeacon(url(videoId, sessionId), new Blob([JSON.stringify(report)], { type: 'application/json' }));
    return;
  }
  // A lost report is made good by the next one (they carry every range of the session).
  apiRequest<void>(url(videoId, sessionId), { method: 'POST', body: report, keepalive: true }).catch(() => undefined);
}
