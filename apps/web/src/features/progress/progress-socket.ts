// Live processing state: the app's live socket pushes one event per change of the caller's videos;
// each one patches the cached list. While the socket is down (or WebSockets are unavailable) the
// page falls back to polling.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { progressEventSchema, type ProgressEvent, type Video } from '@ipsv/contracts/videos';
import { myVideosQuery } from '../../api/get-my-videos';
import { videoKey } from '../../api/get-video';
import { useLiveConnected, useLiveEvents, type LiveMessage } from '../../lib/live-connection';

export function applyProgressEvent(queryClient: QueryClient, event: ProgressEvent) {
  const patch = (video: Video): Video => ({
    ...video,
    status: event.status,
    percent: event.percent,
    failureReason: event.failureReason,
    renditionComplete: event.renditionComplete,
  });
  let known = false;
  queryClient.setQueryData(myVideosQuery.queryKey, (list) => {
    if (!list) return list;
    return {
      videos: list.videos.map((video) => {
        if (video.id !== event.id) return video;
        known = true;
        return patch(video);
      }),
    };
  });
  queryClient.setQueryData<Video>(videoKey(event.id), (video) => (video ? patch(video) : video));
  // A video this list has not seen yet (uploaded in another tab), or a rejection (its violations
  // are not in the event): fetch the list again.
  if (!known || event.status === 'rejected') void queryClient.invalidateQueries({ queryKey: myVideosQuery.queryKey, exact: true });
}

/** Listens to the app's live socket while mounted; returns true while the page should poll instead. */
export function useProgressSocket(): boolean {
  const queryClient = useQueryClient();
  const connected = useLiveConnected();
  const onEvent = useCallback(
    (message: LiveMessage) => {
      const parsed = progressEventSchema.safeParse(message);
      if (parsed.success) applyProgressEvent(queryClient, parsed.data);
    },
    [queryClient],
  );
  useLiveEvents(onEvent);
  // Events sent while the socket was down are lost: catch up whenever it reconnects.
  const connectedBefore = useRef(false);
  useEffect(() => {
    if (!connected) return;
    if (connectedBefore.current) void queryClient.invalidateQueries({ queryKey: myVideosQuery.queryKey, exact: true });
    connectedBefore.current = true;
  }, [connected, queryClient]);
  return !connected;
}
