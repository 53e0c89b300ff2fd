// Seeking the player so that no seek is lost.
import type { MediaPlayerInstance } from '@vidstack/react';

/**
 * Seek on the element itself once it has metadata. Vidstack hears the element's seeks at most every
 * 150 ms and drops a seek to the time its state holds, so during quick seeks its state is stale and a
 * seek back to that time was lost ('l' then 'j' at once, or a click on the segment just left).
 */
export const seekTo = (player: MediaPlayerInstance, time: number) => {
  const video = player.el?.querySelector('video');
  if (video && video.readyState >= HTMLMediaElement.HAVE_METADATA) video.currentTime = time;
  else player.currentTime = time;
};
