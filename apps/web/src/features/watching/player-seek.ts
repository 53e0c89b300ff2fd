// Seeking the player so that no seek is lost.
import { isHLSProvider, isVideoProvider, type MediaPlayerInstance } from '@vidstack/react';

/** The <video> the player plays (the adopted early one, when the page started one: early-playback.ts). */
export const playerVideo = (player: MediaPlayerInstance): HTMLVideoElement | null => {
  const provider = player.provider;
  if (isHLSProvider(provider) || isVideoProvider(provider)) return provider.video;
  return player.el?.querySelector('video') ?? null;
};

/**
 * Seek on the element itself once it has metadata. Vidstack hears the element's seeks at most every
 * 150 ms and drops a seek to the time its state holds, so during quick seeks its state is stale and a
 * seek back to that time was lost ('l' then 'j' at once, or a click on the segment just left).
 */
export const seekTo = (player: MediaPlayerInstance, time: number) => {
  const video = playerVideo(player);
  if (video && video.readyState >= HTMLMediaElement.HAVE_METADATA) video.currentTime = time;
  else player.currentTime = time;
};
