// /analytics/versioncontrol: the rendered versions of a video (each privacy confirmation renders
// one; earlier ones' files are kept), rolling back to an earlier one and deleting an old one. The
// owner and administrators see and delete them; only the owner publishes one again, with a reason
// (an administrator who disagrees with what is online takes the video down instead: an
// administrator's rollback once republished a version the owner had replaced, credited to the
// owner). Every change is written to the audit table.
import { keptRanges } from '@ipsv/media/ranges';
import type { RollbackInput, VersionsOverview, VideoVersion, VideoVersions } from '@ipsv/contracts/versions';
import { AppError } from '../../platform/app-error.js';
import type { Storage } from '../../platform/storage/storage.js';
import { mediaKeys } from '../videos/media-keys.js';
import { moderatedVideo, ownedVideo, type VideoActor } from '../videos/video-access.js';
import { canApply, rolledBack, type Lifecycle } from '../videos/video-lifecycle.js';
import type { VersionRow, VideoRow, VideosRepository } from '../videos/videos.repository.js';
import type { DashboardRepository } from './dashboard.repository.js';

/** A newer confirmation is still rendering (or failed): the versions wait until it is online. */
export function renderInFlight(video: VideoRow, rows: readonly VersionRow[]): boolean {
  if (video.status !== 'published' || !video.rendition?.complete) return true;
  if (video.renderingVersion === null) return false;
  return !rows.some((r) => r.version === video.renderingVersion && (r.rendition.complete || r.deletedAt));
}

export function createVersionsService(deps: {
  videos: Pick<VideosRepository, 'find' | 'listByOwner' | 'versions' | 'versionMasks'>;
  dashboard: Pick<DashboardRepository, 'recordAudit' | 'markVersionDeleted' | 'userNames' | 'rollbacksOf'>;
  lifecycle: Lifecycle;
  storage: Pick<Storage, 'deletePrefix' | 'delete'>;
}) {
  const { videos, dashboard, lifecycle, storage } = deps;

  const describe = async (list: VideoRow[], rows: VersionRow[]): Promise<VideoVersions[]> => {
    const ids = list.map((v) => v.id);
    const [names, masks, rollbacks] = await Promise.all([
      dashboard.userNames([...new Set(rows.map((r) => r.confirmedBy).filter((id) => id !== 'auto'))]),
      videos.versionMasks(ids),
      dashboard.rollbacksOf(ids),
    ]);
    // The last rollback to each version (oldest first, so later ones win).
    const republished = new Map(rollbacks.map((r) => [`${r.videoId}/${r.version}`, { at: r.at.toISOString(), reason: r.reason }]));
    return list.map((video) => {
      const own = rows.filter((r) => r.videoId === video.id);
      const original = video.probe?.durationSeconds ?? null;
      const versions: VideoVersion[] = own
        .filter((r) => !r.deletedAt)
        .map((r) => {
          const kept = original === null ? r.rendition.durationSeconds : keptRanges(r.ranges, original).reduce((sum, k) => sum + (k.end - k.start), 0);
          return {
            version: r.version,
            confirmedAt: r.confirmedAt.toISOString(),
            confirmedBy: r.confirmedBy === 'auto' ? null : (names.get(r.confirmedBy) ?? null),
            automatic: r.confirmedBy === 'auto',
            ranges: r.ranges,
            masks: masks.get(`${video.id}/${r.version}`) ?? [],
            removedSeconds: original === null ? 0 : Math.max(0, original - kept),
            durationSeconds: r.rendition.durationSeconds,
            renditions: r.rendition.renditions.map(({ name, width, height }) => ({ name, width, height })),
            complete: r.rendition.complete,
            sizeBytes: r.sizeBytes,
            published: r.version === video.publishedVersion,
            republished: republished.get(`${video.id}/${r.version}`) ?? null,
          };
        })
        .reverse();
      return {
        videoId: video.id,
        title: video.title || video.fileName,
        originalSeconds: original,
        publishedVersion: video.publishedVersion,
        rendering: renderInFlight(video, own),
        versions,
      };
    });
  };

  const versionOf = async (video: VideoRow, version: number) => {
    const rows = await videos.versions([video.id]);
    const row = rows.find((r) => r.version === version && !r.deletedAt);
    if (!row) throw new AppError('VERSION_NOT_FOUND');
    return { row, rows };
  };

  return {
    /** The caller's own videos that have at least one rendered version, newest version first. */
    async overview(actor: VideoActor): Promise<VersionsOverview> {
      const own = (await videos.listByOwner(actor.id)).map((r) => r.video);
      const rows = await videos.versions(own.map((v) => v.id));
      const withVersions = own.filter((v) => rows.some((r) => r.videoId === v.id && !r.deletedAt));
      return { videos: await describe(withVersions, rows) };
    },

    async ofVideo(actor: VideoActor, id: string): Promise<VideoVersions> {
      const video = await moderatedVideo(videos, actor, id);
      const [described] = await describe([video], await videos.versions([id]));
      return described!;
    },

    /**
     * Makes an earlier version the published one: the video page and HLS serve its files from now
     * on, and the privacy review shows its ranges and masks. Only the owner (403 for an administrator).
     */
    async rollBack(actor: VideoActor, id: string, version: number, input: RollbackInput): Promise<VideoVersions> {
      const video = await ownedVideo(videos, actor, id);
      const { row, rows } = await versionOf(video, version);
      if (version === video.publishedVersion) throw new AppError('VERSION_ALREADY_PUBLISHED');
      if (!row.rendition.complete || renderInFlight(video, rows) || !canApply('rolledBack', video)) throw new AppError('VERSION_RENDERING');
      const masks = (await videos.versionMasks([id])).get(`${id}/${version}`) ?? [];
      const done = await lifecycle.apply(
        id,
        rolledBack(video, { rendition: row.rendition, ranges: row.ranges, masks, confirmedBy: row.confirmedBy, confirmedAt: row.confirmedAt }),
      );
      if (!done) throw new AppError('VIDEO_CHANGED');
      await dashboard.recordAudit([
        { videoId: id, actorId: actor.id, action: 'version.rolled_back', details: { from: video.publishedVersion, to: version, reason: input.reason } },
      ]);
      return this.ofVideo(actor, id);
    },

    /** Deletes an old version's files (never the published one, nor one still rendering). */
    async deleteVersion(actor: VideoActor, id: string, version: number): Promise<VideoVersions> {
      const video = await moderatedVideo(videos, actor, id);
      const { rows } = await versionOf(video, version);
      if (version === video.publishedVersion) throw new AppError('VERSION_PUBLISHED');
      if (version === video.renderingVersion && renderInFlight(video, rows)) throw new AppError('VERSION_RENDERING');
      const keys = mediaKeys(id);
      await storage.deletePrefix(keys.version(version));
      await storage.delete(`${keys.root}/masters/v${version}.mp4`);
      await dashboard.markVersionDeleted(id, version, actor.id);
      return this.ofVideo(actor, id);
    },
  };
}

export type VersionsService = ReturnType<typeof createVersionsService>;
