// Live processing state: the WebSocket /api/videos/progress pushes one event per change of the
// caller's videos; each one patches the cached list. While the socket is down (or WebSockets are
// unavailable) the page falls back to polling.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { progressEventSchema, type ProgressEvent, type Video } from '@ipsv/contracts/videos';
import { myVideosQuery } from '../../api/get-my-videos';
import { videoKey } from '../../api/get-video';

export const PROGRESS_SOCKET_PATH = '/api/videos/progress';
const BACKOFF_MAX_MS = 30_000;

export function progressSocketUrl(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${PROGRESS_SOCKET_PATH}`;
}

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

/** Connects while mounted; returns true while the page should poll instead. */
export function useProgressSocket(): boolean {
  const queryClient = useQueryClient();
  // Without WebSocket support the page polls from the start.
  const [polling, setPolling] = useState(() => typeof WebSocket === 'undefined');

  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let connectedBefore = false;
    let stopped = false;

    const connect = () => {
      try {
        socket = new WebSocket(progressSocketUrl());
      } catch {
        setPolling(true);
        return;
      }
      socket.onopen = () => {
        attempt = 0;
        setPolling(false);
        // Events sent while we were away are lost: catch up once.
        if (connectedBefore) void queryClient.invalidateQueries({ queryKey: myVideosQuery.queryKey, exact: true });
        connectedBefore = true;
      };
      socket.onmessage = (message: MessageEvent) => {
        let data: unknown;
        try {
          data = JSON.parse(String(message.data));
        } catch {
          return;
        }
        const parsed = progressEventSchema.safeParse(data);
        if (parsed.success) applyProgressEvent(queryClient, parsed.data);
      };
      socket.onclose = () => {
        if (stopped) return;
        setPolling(true);
        const delay = Math.min(BACKOFF_MAX_MS, 1000 * 2 ** attempt);
        attempt += 1;
        timer = setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (socket) {
        socket.onclose = null;
        socket.close();
      }
    };
  }, [queryClient]);

  return polling;
}
