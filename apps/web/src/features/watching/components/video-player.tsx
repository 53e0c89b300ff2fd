// The player of the video page (DESIGN.md: Vidstack with hls.js): adaptive HLS of the published
// ladder with its quality menu, speeds 0.25x to 2x, full screen, picture-in-picture, the storyboard
// on the seek bar, segments as chapters, and the keyboard shortcuts of the issue. Signed links are
// renewed before they expire: every request hls.js makes is rewritten to the newest signature, so
// a two-hour procedure plays on past the links' lifetime without a pause.
import '@vidstack/react/player/styles/default/theme.css';
import '@vidstack/react/player/styles/default/layouts/video.css';
import {
  isHLSProvider,
  MediaPlayer,
  MediaProvider,
  Poster,
  Track,
  type HLSProvider,
  type MediaKeyShortcuts,
  type MediaPlayerInstance,
  type MediaProviderAdapter,
} from '@vidstack/react';
import { DefaultVideoLayout, defaultLayoutIcons, type DefaultLayoutWord } from '@vidstack/react/player/layouts/default';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { PLAYBACK_RATES, type WatchSegment } from '@ipsv/contracts/watching';
import type { Playback } from '@ipsv/contracts/videos';
import { getPlayback } from '../api/get-watch-page';
import { refreshDelayMs, withToken, tokenOf } from '../signed-links';
import { playerVideo, seekTo } from '../player-seek';
import earlyPlayback from './early-playback.module.css';
import { holdPlayerOf, settledEarlyPlayback, takeEarlyPlayback } from '../early-playback';
import { adoptedPlayback, adoptingConstructor, installPlayerAdoption, offerEarlyPlayback, withdrawEarlyPlayback } from '../player-adoption';

installPlayerAdoption();

/** One frame at the ladder's 25 fps, for ',' and '.' while paused. */
const FRAME_SECONDS = 1 / 25;

/** Every word of Vidstack's layout (the compiler says when a new version adds one), from our locales. */
const LAYOUT_WORDS = Object.keys({
  Announcements: true,
  Accessibility: true,
  AirPlay: true,
  Audio: true,
  Auto: true,
  Boost: true,
  Captions: true,
  'Caption Styles': true,
  'Captions look like this': true,
  Chapters: true,
  'Closed-Captions Off': true,
  'Closed-Captions On': true,
  Connected: true,
  Continue: true,
  Connecting: true,
  Default: true,
  Disabled: true,
  Disconnected: true,
  'Display Background': true,
  Download: true,
  'Enter Fullscreen': true,
  'Enter PiP': true,
  'Exit Fullscreen': true,
  'Exit PiP': true,
  Font: true,
  Family: true,
  Fullscreen: true,
  'Google Cast': true,
  'Keyboard Animations': true,
  LIVE: true,
  Loop: true,
  Mute: true,
  Normal: true,
  Off: true,
  Pause: true,
  Play: true,
  Playback: true,
  PiP: true,
  Quality: true,
  Replay: true,
  Reset: true,
  'Seek Backward': true,
  'Seek Forward': true,
  Seek: true,
  Settings: true,
  'Skip To Live': true,
  Speed: true,
  Size: true,
  Color: true,
  Opacity: true,
  Shadow: true,
  Text: true,
  'Text Background': true,
  Track: true,
  Unmute: true,
  Volume: true,
} satisfies Record<DefaultLayoutWord, true>) as DefaultLayoutWord[];

const seekBy = (player: MediaPlayerInstance, delta: number) => {
  // From the video element's position: while a seek is under way it already holds the target, where
  // the player's state still has the old time (pressing 'l' twice quickly must go 20 s on).
  const from = playerVideo(player)?.currentTime ?? player.currentTime;
  seekTo(player, Math.max(0, Math.min(player.state.duration || Infinity, from + delta)));
};

/**
 * The full layout (with its seek bar, chapters and storyboard) down to a phone's width. Vidstack's
 * default also switches to the small layout below 380 px of height, which a desktop page's player
 * column often is: a surgeon at a laptop would lose the seek bar.
 */
const SMALL_LAYOUT_WHEN = ({ width }: { width: number }) => width > 0 && width < 480;

/** The storyboard preview is decorative (the time beside it says where it is): alt="" for screen readers. */
function useDecorativeThumbnails(playerRef: RefObject<MediaPlayerInstance | null>) {
  useEffect(() => {
    const root = playerRef.current?.el;
    if (!root) return;
    const mark = () => root.querySelectorAll('.vds-thumbnail img:not([alt])').forEach((img) => img.setAttribute('alt', ''));
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [playerRef]);
}

/**
 * The shortcuts: space/k, j/l 10 s, arrows 5 s, ',' '.' one frame while paused, f, m, 0-9
 * (built in). The arrows are ours too: Vidstack's own seekBackward/seekForward hand the key to its
 * seek bar, whose step is not 5 s (from 6 s into a 12 s video the left arrow landed on 0).
 */
const KEY_SHORTCUTS: MediaKeyShortcuts = {
  togglePaused: 'k Space',
  toggleMuted: 'm',
  toggleFullscreen: 'f',
  togglePictureInPicture: 'i',
  back5: { keys: 'ArrowLeft', onKeyDown: ({ player }) => seekBy(player, -5) },
  forward5: { keys: 'ArrowRight', onKeyDown: ({ player }) => seekBy(player, 5) },
  volumeUp: 'ArrowUp',
  volumeDown: 'ArrowDown',
  back10: { keys: 'j J', onKeyDown: ({ player }) => seekBy(player, -10) },
  forward10: { keys: 'l L', onKeyDown: ({ player }) => seekBy(player, 10) },
  frameBack: { keys: ',', onKeyDown: ({ player }) => player.paused && seekBy(player, -FRAME_SECONDS) },
  frameForward: { keys: '.', onKeyDown: ({ player }) => player.paused && seekBy(player, FRAME_SECONDS) },
};

/**
 * Vidstack asks its HLS provider to load the source as soon as the provider is set up, which is
 * before hls.js (a chunk of its own) has arrived and attached; the provider then puts the playlist
 * in a <source> of the <video>. Chromium plays HLS by itself, so it started on that <source>: every
 * first segment was fetched twice, and when the browser reached 'canplay' before hls.js attached,
 * Vidstack skipped its own start-up (stream type, quality rungs), which left the page a spinner
 * without controls. Until hls.js is attached the source is held back; the provider loads it itself
 * once hls.js is set up (its setup ends with loadSource of the current source).
 */
function holdSourceUntilHlsAttached(provider: HLSProvider) {
  const loadSource = provider.loadSource.bind(provider);
  provider.loadSource = async (src, preload) => {
    if (!provider.instance) return;
    return loadSource(src, preload);
  };
}

export interface VideoPlayerProps {
  videoId: string;
  title: string;
  playback: Playback;
  segments: WatchSegment[];
  durationSeconds: number;
  /** Where playback starts (?t=, a playlist clip's start), in seconds. */
  startAt: number | null;
  autoPlay?: boolean;
  playerRef: RefObject<MediaPlayerInstance | null>;
  onEnded?: () => void;
}

export function VideoPlayer({ videoId, title, playback, segments, durationSeconds, startAt, autoPlay, playerRef, onEnded }: VideoPlayerProps) {
  const { t } = useTranslation();
  // The newest signature: hls.js asks for every playlist and segment through it.
  const token = useRef(tokenOf(playback.hls));
  const started = useRef(false);
  useDecorativeThumbnails(playerRef);

  // The route's loader may have started hls.js on a <video> of its own for this link and start
  // (early-playback.ts): offered to this player's provider, which adopts it (player-adoption.ts).
  // Before the provider's loader runs (a frame after mount), so a layout effect.
  useLayoutEffect(() => holdPlayerOf(videoId), [videoId]);
  useLayoutEffect(() => {
    const ready = takeEarlyPlayback(playback.hls, startAt, token);
    if (!ready) return;
    // Its frame may be on screen already (the loading state's): kept there, in the player's place.
    const shown = settledEarlyPlayback(ready)?.video;
    if (shown?.readyState) document.querySelector(`.${earlyPlayback.media}`)?.prepend(shown);
    offerEarlyPlayback(playback.hls, ready);
    return () => withdrawEarlyPlayback(playback.hls, ready);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- claimed once, at mount: a later link or start is the player's own
  }, []);

  useEffect(() => {
    token.current = tokenOf(playback.hls);
    let timer: ReturnType<typeof setTimeout>;
    let expiresAt = playback.expiresAt;
    let cancelled = false;
    const schedule = () => {
      timer = setTimeout(
        async () => {
          try {
            const fresh = await getPlayback(videoId);
            if (cancelled) return;
            token.current = tokenOf(fresh.hls);
            expiresAt = fresh.expiresAt;
          } catch {
            // Tried again shortly: the old links still hold until their expiry.
            expiresAt = new Date(Date.now() + 10_000).toISOString();
          }
          if (!cancelled) schedule();
        },
        refreshDelayMs(expiresAt, Date.now()),
      );
    };
    schedule();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [videoId, playback.hls, playback.expiresAt]);

  const chapters = useMemo(
    () => ({
      cues: segments.map((s, i) => ({ startTime: s.start, endTime: Math.min(s.end, segments[i + 1]?.start ?? durationSeconds), text: s.title })),
    }),
    [segments, durationSeconds],
  );
  const translations = useMemo(() => Object.fromEntries(LAYOUT_WORDS.map((word) => [word, t(`watching.player.words.${word}`)])), [t]);

  // Absolute, so the sprite named inside the WebVTT resolves beside it (under the same signature).
  const storyboard = playback.storyboard ? new URL(playback.storyboard, window.location.origin).href : undefined;

  // Given after the first render: Vidstack renders the <video> of its first render with the sources
  // as <source> children (meant for server rendering), and Chromium, which plays HLS by itself,
  // starts on them at once, ahead of hls.js (see holdSourceUntilHlsAttached).
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the second render is the point: it is the first to carry the source
  useEffect(() => setMounted(true), []);
  const source = useMemo(() => (mounted ? { src: playback.hls, type: 'application/x-mpegurl' as const } : undefined), [mounted, playback.hls]);

  const onProviderChange = (provider: MediaProviderAdapter | null) => {
    if (!isHLSProvider(provider)) return;
    holdSourceUntilHlsAttached(provider);
    const early = adoptedPlayback(provider.video);
    if (early) {
      // Already at its start, with its own hls.js (its config below is for a new one).
      started.current = true;
      provider.library = adoptingConstructor(early);
      return;
    }
    provider.library = () => import('hls.js/light');
    provider.config = {
      // hls.js fetches the first segment at the start (?t=, a clip's start) rather than at 0.
      ...(startAt !== null && { startPosition: startAt }),
      // Rewrites each request to the newest signature (the path's token), so no link ever expires mid-play.
      xhrSetup(xhr: XMLHttpRequest, url: string) {
        const fresh = withToken(url, token.current);
        if (fresh !== url) xhr.open('GET', fresh, true);
      },
    };
  };

  return (
    <MediaPlayer
      ref={playerRef}
      title={title}
      src={source}
      crossOrigin={null}
      playsInline
      autoPlay={autoPlay}
      keyTarget="document"
      keyShortcuts={KEY_SHORTCUTS}
      onProviderChange={onProviderChange}
      onLoadedMetadata={() => {
        if (started.current) return;
        started.current = true;
        // On the element: Vidstack holds a seek until 'can-play' and then bounds it by the seekable
        // range its state holds, which could still be empty there; a CI run's ?t=8 started at 0.
        if (startAt !== null && playerRef.current) seekTo(playerRef.current, startAt);
      }}
      onEnded={onEnded}
      aria-label={t('watching.player.label', { title })}
      // Brought into view below the fixed header, not under it.
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-offset, 0px) + 8px)' }}
      data-testid="video-player"
    >
      <MediaProvider className={earlyPlayback.media}>
        {playback.poster && <Poster className="vds-poster" src={playback.poster} alt={title} />}
        {segments.length > 0 && <Track kind="chapters" type="json" content={chapters} default label={t('watching.segments.title')} lang="en-US" />}
      </MediaProvider>
      <DefaultVideoLayout
        icons={defaultLayoutIcons}
        smallLayoutWhen={SMALL_LAYOUT_WHEN}
        thumbnails={storyboard}
        playbackRates={[...PLAYBACK_RATES]}
        translations={translations}
      />
    </MediaPlayer>
  );
}
