// The original video under review: where its playhead is, whether it plays, seeking, and
// 'Preview without removed parts', which jumps over every range while playing. The jump runs at
// frame rate: timeupdate fires only a few times a second, which would flash the removed frames.
import { useEffect, useRef, useState } from 'react';
import type { PrivacyRange } from '@ipsv/contracts/privacy-review';
import { skipTarget } from '../range-editing';

export function useReviewPlayer(ranges: readonly PrivacyRange[], duration: number) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playhead, setPlayhead] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [skipRemoved, setSkipRemoved] = useState(false);

  useEffect(() => {
    if (!playing || !skipRemoved) return;
    let frame = 0;
    const tick = () => {
      const video = videoRef.current;
      if (video) {
        const target = skipTarget(ranges, video.currentTime);
        if (target !== null) video.currentTime = Math.min(target, duration);
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, skipRemoved, ranges, duration]);

  const seek = (time: number) => {
    const video = videoRef.current;
    if (video) video.currentTime = time;
    setPlayhead(time);
  };

  /** Props for the <video> element. */
  const videoProps = {
    ref: videoRef,
    onTimeUpdate: (event: { currentTarget: HTMLVideoElement }) => setPlayhead(event.currentTarget.currentTime),
    onSeeked: (event: { currentTarget: HTMLVideoElement }) => setPlayhead(event.currentTarget.currentTime),
    onPlay: () => setPlaying(true),
    onPause: () => setPlaying(false),
    onEnded: () => setPlaying(false),
  };

  return { playhead, seek, skipRemoved, setSkipRemoved, videoProps };
}
