// The media tools the jobs and services use, behind one port (STYLE.md habit 5): ffmpeg and ffprobe
// through packages/media in production, fakes in the unit tests.
import { cut } from '@ipsv/media/cut';
import { poster, storyboard, thumbnails } from '@ipsv/media/images';
import { packageRendition, renderLadder, writeMasterPlaylist } from '@ipsv/media/ladder';
import { probe, scanPackets } from '@ipsv/media/probe';
import { sceneChanges } from '@ipsv/media/scene-changes';
import { validate } from '@ipsv/media/validate';

export interface MediaTools {
  probe: typeof probe;
  scanPackets: typeof scanPackets;
  validate: typeof validate;
  thumbnails: typeof thumbnails;
  storyboard: typeof storyboard;
  poster: typeof poster;
  renderLadder: typeof renderLadder;
  packageRendition: typeof packageRendition;
  writeMasterPlaylist: typeof writeMasterPlaylist;
  cut: typeof cut;
  /** 'AI Analysis' of the segment editor: segment boundaries from scene changes. */
  sceneChanges: typeof sceneChanges;
}

export const ffmpegMediaTools: MediaTools = {
  probe,
  scanPackets,
  validate,
  thumbnails,
  storyboard,
  poster,
  renderLadder,
  packageRendition,
  writeMasterPlaylist,
  cut,
  sceneChanges,
};
