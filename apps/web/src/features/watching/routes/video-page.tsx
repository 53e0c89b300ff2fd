// /video/:videoId (spec sections 2 and 4 "Video opening"): loading (a skeleton), accessible (the
// player, segments, Surgery Details, Notes, Download, Watch Later, playlists), no access (401: the
// 'Message' box with Ok and 'Request access') or an error ('internal server error'). ?t=SECONDS
// starts there; ?playlist=&item= plays a playlist, moving on at the end of each clip.
import { Alert, Box, Button, Grid, Group, Modal, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconClockHour4, IconDownload, IconListDetails, IconNotes, IconPlayerPlay } from '@tabler/icons-react';
import type { MediaPlayerInstance } from '@vidstack/react';
import { startTransition, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { PlaylistItem, WatchPage, WatchSegment } from '@ipsv/contracts/watching';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { ApiError } from '../../../lib/api-client';
import { useWatchPage } from '../api/get-watch-page';
import { usePlayingItem } from '../api/playlists';
import { useDownload, useRequestAccess, useWatchLaterToggle } from '../api/video-actions';
import { AddToPlaylist } from '../components/add-to-playlist';
import { NotesPanel } from '../components/notes-panel';
import { SegmentList } from '../components/segment-list';
import { SurgeryDetails } from '../components/surgery-details';
import { LicencePanel } from '../components/licence-panel';
import { useSessionUser } from '../../../api/get-session';
import { VideoPlayer } from '../components/video-player';
import { seekTo } from '../player-seek';
import { usePlaybackReports } from '../hooks/use-playback-reports';
import { clock, currentSegmentIndex, deepLinkStart } from '../watch-math';
import { earlyPlaybackOf, type EarlyPlayback } from '../early-playback';
import earlyPlayback from '../components/early-playback.module.css';

function NoAccess({ videoId }: { videoId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const request = useRequestAccess(videoId);
  return (
    <Modal
      opened
      onClose={() => navigate('/')}
      title={t('common.message')}
      centered
      size="sm"
      data-testid="message-box"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <Text>{t('errors.NO_ACCESS')}</Text>
        {request.isSuccess && (
          <Text size="sm" c="green.8" role="status">
            {t('watching.access.requested')}
          </Text>
        )}
        <ErrorAlert error={request.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => request.mutate()} loading={request.isPending} disabled={request.isSuccess}>
            {t('watching.access.request')}
          </Button>
          <Button onClick={() => navigate('/')} data-autofocus>
            {t('common.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The early start's first frame (early-playback.ts) in the player's place while the page renders;
 * the player takes the same element over when it mounts.
 */
function useEarlyFrame(videoId: string) {
  const host = useRef<HTMLDivElement>(null);
  // A layout effect: placed before the loading state is first painted when the frame is there.
  useLayoutEffect(() => {
    const ready = earlyPlaybackOf(videoId);
    if (!ready) return;
    let cancelled = false;
    let early: EarlyPlayback | null = null;
    const place = () => {
      if (!cancelled && early) host.current?.append(early.video);
    };
    void ready.then((started) => {
      early = started;
      if (!early || cancelled) return;
      if (early.fired.has('loadeddata')) place();
      else early.video.addEventListener('loadeddata', place, { once: true });
    });
    return () => {
      cancelled = true;
      early?.video.removeEventListener('loadeddata', place);
    };
  }, [videoId]);
  return host;
}

function LoadingSkeleton({ videoId }: { videoId: string }) {
  const earlyFrameHost = useEarlyFrame(videoId);
  return (
    <Grid data-testid="video-skeleton" aria-busy="true">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Box pos="relative" style={{ aspectRatio: '16 / 9' }}>
          <Skeleton h="100%" radius="md" />
          <div ref={earlyFrameHost} className={earlyPlayback.frame} />
        </Box>
        <Skeleton height={28} mt="md" width="60%" />
        <Skeleton height={16} mt="sm" width="40%" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={48} mb="xs" />
        ))}
      </Grid.Col>
    </Grid>
  );
}

/**
 * The index of the segment playing. The player's time changes on every animation frame while it
 * plays; the page re-renders only when the segment changes, not 60 times a second.
 */
function useCurrentSegment(playerRef: RefObject<MediaPlayerInstance | null>, segments: readonly WatchSegment[]): number {
  const [current, setCurrent] = useState(-1);
  useEffect(() => playerRef.current?.subscribe(({ currentTime }) => setCurrent(currentSegmentIndex(segments, currentTime))), [playerRef, segments]);
  return current;
}

/** Calls `onReach` each time playback reaches `time` from before it (the end of a playlist clip). */
function useOnReach(playerRef: RefObject<MediaPlayerInstance | null>, time: number | null, onReach: () => void) {
  const latest = useRef(onReach);
  useEffect(() => {
    latest.current = onReach;
  });
  useEffect(() => {
    if (time === null) return;
    let past = false;
    return playerRef.current?.subscribe(({ currentTime }) => {
      const now = currentTime >= time;
      if (now && !past) latest.current();
      past = now;
    });
  }, [playerRef, time]);
}

function WatchView({ page, startAt, playing }: { page: WatchPage; startAt: number | null; playing: { item: PlaylistItem; next: PlaylistItem | null } | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const playerRef = useRef<MediaPlayerInstance>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const user = useSessionUser();
  const [tab, setTab] = useState<string | null>('details');
  const [adding, setAdding] = useState<{ start: number; end: number; title: string } | null>(null);
  const watchLater = useWatchLaterToggle(page.video.id);
  const download = useDownload(page.video.id);
  const { video, segments } = page;
  const current = useCurrentSegment(playerRef, segments);
  usePlaybackReports(video.id, playerRef);

  const seek = (time: number, play = true) => {
    const player = playerRef.current;
    if (!player) return;
    seekTo(player, time);
    if (play) void player.play().catch(() => undefined);
    // A segment or note tapped below the player (on a phone, a screen or more below it) brings the
    // player back into view; where it is already in view nothing moves.
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    player.el?.scrollIntoView?.({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
  };
  const playNext = () => {
    if (!playing) return;
    if (playing.next) navigate(`/video/${playing.next.video.id}?playlist=${searchParams.get('playlist')}&item=${playing.next.id}`);
    else playerRef.current?.pause();
  };

  // The end of a clip moves the playlist on.
  useOnReach(playerRef, playing?.item.end ?? null, playNext);

  // 'n' takes a note at the current position (outside text fields).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'n' || event.metaKey || event.ctrlKey || event.altKey) return;
      if ((event.target as HTMLElement | null)?.closest('input, textarea, select, [contenteditable]')) return;
      event.preventDefault();
      setTab('notes');
      setTimeout(() => composerRef.current?.focus(), 0);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // The clip offered is the segment playing when the dialog opens, or from there to the end.
  const openAdding = () => {
    const time = playerRef.current?.currentTime ?? 0;
    const segment: WatchSegment | undefined = segments[currentSegmentIndex(segments, time)];
    setAdding(
      segment ? { start: segment.start, end: segment.end, title: segment.title } : { start: Math.floor(time), end: video.durationSeconds, title: video.title },
    );
  };

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="md">
          <VideoPlayer
            videoId={video.id}
            title={video.title}
            playback={page.playback}
            segments={segments}
            durationSeconds={video.durationSeconds}
            startAt={startAt}
            autoPlay={playing !== null}
            playerRef={playerRef}
            onEnded={playNext}
          />
          {playing && (
            <Alert variant="light" icon={<IconListDetails size={18} />} data-testid="playlist-playing">
              {t('watching.playlists.playingItem', { position: playing.item.position + 1 })}
              {playing.item.end !== null && ` · ${clock(playing.item.start ?? 0)}–${clock(playing.item.end)}`}
            </Alert>
          )}
          <Title order={1} size="h2">
            {video.title}
          </Title>
          <Group gap="sm">
            {page.resumeAt !== null && startAt === null && (
              <Button variant="light" leftSection={<IconPlayerPlay size={16} />} onClick={() => seek(page.resumeAt!)} data-testid="resume">
                {t('watching.resumeAt', { time: clock(page.resumeAt) })}
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconNotes size={16} />}
              onClick={() => {
                setTab('notes');
                setTimeout(() => composerRef.current?.focus(), 0);
              }}
            >
              {t('watching.takeNotes')}
            </Button>
            <Button
              variant={page.watchLater ? 'filled' : 'default'}
              leftSection={<IconClockHour4 size={16} />}
              aria-pressed={page.watchLater}
              onClick={() => watchLater.mutate(!page.watchLater)}
              loading={watchLater.isPending}
            >
              {t('watching.watchLater')}
            </Button>
            <Button variant="default" leftSection={<IconListDetails size={16} />} onClick={openAdding}>
              {t('watching.playlists.addButton')}
            </Button>
            {video.downloadable && (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                loading={download.isPending}
                onClick={() =>
                  download.mutate(undefined, {
                    onSuccess: ({ url }) => {
                      window.location.assign(url);
                    },
                  })
                }
              >
                {t('watching.download')}
              </Button>
            )}
          </Group>
          <ErrorAlert error={watchLater.error ?? download.error} />
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="details">{t('watching.details.title')}</Tabs.Tab>
              <Tabs.Tab value="notes">{t('watching.notes.title')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="details" pt="md">
              <Stack gap="md">
                <SurgeryDetails video={video} />
                <LicencePanel videoId={video.id} isOwner={user?.id === video.ownerId} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="notes" pt="md">
              <NotesPanel
                videoId={video.id}
                title={video.title}
                position={() => Math.min(playerRef.current?.currentTime ?? 0, video.durationSeconds)}
                onSeek={(time) => seek(time, false)}
                onPause={() => playerRef.current?.pause()}
                composerRef={composerRef}
              />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <SegmentList segments={segments} current={current} onJump={(s) => seek(s.start)} />
      </Grid.Col>
      {adding && <AddToPlaylist opened onClose={() => setAdding(null)} videoId={video.id} clip={adding} durationSeconds={video.durationSeconds} />}
    </Grid>
  );
}

export function VideoPage() {
  const { t } = useTranslation();
  const { videoId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const page = useWatchPage(videoId);
  // The page (the player, its layout and the panels) renders after the loading state has been
  // shown, in a transition of its own: the early start's first frame shows in the loading state
  // (useEarlyFrame) while the rest of the page is built.
  const [shellShown, setShellShown] = useState(false);
  useEffect(() => startTransition(() => setShellShown(true)), []);
  const data = shellShown ? page.data : undefined;
  const playlistId = searchParams.get('playlist');
  const itemId = searchParams.get('item');
  const playing = usePlayingItem(playlistId, itemId);
  const startAt = playing.data?.item.start ?? deepLinkStart(searchParams);

  const title = page.data?.video.title ?? t('pages.video.title');
  const noAccess = page.error instanceof ApiError && page.error.code === 'NO_ACCESS';
  return (
    <Page title={title} hideHeading>
      {(page.isPending || (page.data && !data)) && <LoadingSkeleton videoId={videoId} />}
      {noAccess && <NoAccess videoId={videoId} />}
      {page.error && !noAccess && (
        <ErrorAlert
          error={page.error}
          title={t('common.error')}
          // The spec's words for a server that failed; a server that could not be reached says so.
          text={page.error instanceof ApiError && page.error.code === 'NETWORK' ? undefined : t('errors.INTERNAL')}
          onRetry={() => page.refetch()}
        />
      )}
      {data && (!playlistId || !playing.isPending) && (
        <WatchView key={`${videoId}-${itemId ?? ''}`} page={data} startAt={startAt} playing={playing.data ?? null} />
      )}
    </Page>
  );
}
