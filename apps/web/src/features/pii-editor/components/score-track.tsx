// The detector scores over the whole video, one line per reason, with the threshold above which a
// frame is proposed for removal. x is in seconds, y flipped so a score of 1 is at the top.
import { useTranslation } from 'react-i18next';
import { RANGE_REASONS, type PrivacyReview } from '@ipsv/contracts/privacy-review';
import { reasonColor } from './timeline-scale';

/**
 * One polyline per detector, so each reason keeps its colour. A sample's score holds until the
 * next sample, so the last one is carried to the end of the video (the analysis samples keyframes
 * and the video does not end on one).
 */
export function scoreLines(track: PrivacyReview['track'], duration: number) {
  return RANGE_REASONS.map((reason) => {
    const samples = track.filter((p) => p.reason === reason);
    const last = samples.at(-1);
    if (last && last.time < duration) samples.push({ ...last, time: duration });
    return { reason, points: samples.map((p) => `${p.time},${1 - Math.min(1, Math.max(0, p.score))}`).join(' ') };
  }).filter((line) => line.points);
}

export function ScoreTrack({ track, threshold, duration }: { track: PrivacyReview['track']; threshold: number; duration: number }) {
  const { t } = useTranslation();
  return (
    <svg
      role="img"
      aria-label={t('piiEditor.timeline.scoresLabel', { threshold: Math.round(threshold * 100) })}
      viewBox={`0 0 ${Math.max(duration, 0.001)} 1`}
      preserveAspectRatio="none"
      width="100%"
      height={64}
      style={{ display: 'block', background: 'var(--mantine-color-gray-0)' }}
      data-testid="score-track"
    >
      {scoreLines(track, duration).map((line) => (
        <polyline
          key={line.reason}
          points={line.points}
          fill="none"
          stroke={reasonColor(line.reason)}
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
          data-reason={line.reason}
        />
      ))}
      <line
        x1={0}
        x2={duration}
        y1={1 - threshold}
        y2={1 - threshold}
        stroke="var(--mantine-color-dark-4)"
        strokeDasharray="4 3"
        strokeWidth={1}
        vectorEffect="non-scaling-stroke"
        data-testid="threshold-line"
      />
    </svg>
  );
}
