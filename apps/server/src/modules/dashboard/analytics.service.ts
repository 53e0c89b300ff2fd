// /analytics/analytics: viewing figures of all the caller's videos or of one, over a period. Viewers
// are only ever counted, never listed (the rule); retention and segment plays are all-time.
import { analyticsQuerySchema, type Analytics, type AnalyticsQuery } from '@ipsv/contracts/dashboard';
import { moderatedVideo, type VideoActor } from '../videos/video-access.js';
import type { VideosRepository } from '../videos/videos.repository.js';
import type { DashboardRepository } from './dashboard.repository.js';

const DAY_MS = 86_400_000;
const daysOf = (from: string, to: string) => {
  const out: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};

export function createAnalyticsService(deps: { dashboard: DashboardRepository; videos: Pick<VideosRepository, 'find'> }) {
  const { dashboard, videos } = deps;
  return {
    async analytics(actor: VideoActor, input: AnalyticsQuery): Promise<Analytics> {
      const { videoId, from, to } = analyticsQuerySchema.parse(input);
      const one = videoId ? await moderatedVideo(videos, actor, videoId) : null;
      const mine = one ? [one] : await dashboard.ownerVideos(actor.id);
      const ids = mine.map((v) => v.id);
      const [perDay, perVideo, uniqueViewers, accessRequests, retention, segments] = await Promise.all([
        dashboard.perDay(ids, from, to),
        dashboard.perVideo(ids, from, to),
        dashboard.uniqueViewers(ids, from, to),
        dashboard.accessRequestCount(ids, from, to),
        one ? dashboard.retention(one.id) : Promise.resolve([]),
        one ? dashboard.segmentPlays(one.id) : Promise.resolve([]),
      ]);
      const byDay = new Map(perDay.map((d) => [d.day, d]));
      const days = daysOf(from, to).map((day) => byDay.get(day) ?? { day, views: 0, uniqueViewers: 0, watchSeconds: 0, downloads: 0 });
      const views = days.reduce((n, d) => n + d.views, 0);
      const watchSeconds = days.reduce((n, d) => n + d.watchSeconds, 0);
      const byVideo = new Map(perVideo.map((v) => [v.id, v]));
      return {
        from,
        to,
        totals: {
          views,
          uniqueViewers,
          watchSeconds: Math.round(watchSeconds),
          averageWatchSeconds: views ? Math.round(watchSeconds / views) : 0,
          downloads: days.reduce((n, d) => n + d.downloads, 0),
          accessRequests,
        },
        perDay: days.map((d) => ({ ...d, watchSeconds: Math.round(d.watchSeconds) })),
        retention,
        segments: [...segments].sort((a, b) => b.plays - a.plays || a.start - b.start),
        videos: mine.map((v) => {
          const figures = byVideo.get(v.id);
          return {
            id: v.id,
            title: v.title || v.fileName,
            views: figures?.views ?? 0,
            watchSeconds: Math.round(figures?.watchSeconds ?? 0),
            downloads: figures?.downloads ?? 0,
          };
        }),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
