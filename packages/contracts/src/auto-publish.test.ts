import { describe, expect, it } from 'vitest';
import { AUTO_PUBLISH_MAX_SCORE, autoPublishDecision, clockTime, spansText, type AnalysisFindings } from './auto-publish.js';

const clean: AnalysisFindings = {
  proposed: [],
  proposedMasks: [],
  faceMasks: [],
  track: [0, 1, 2, 3, 4, 5].map((time) => ({ time, score: 0.01 })),
};
const both = { byVideo: true, byInstance: true };

describe('publication without review', () => {
  it('publishes a clean analysis when the video and the instance allow it', () => {
    expect(autoPublishDecision(clean, both)).toEqual({ publish: true });
    // The limit itself is still certain.
    expect(autoPublishDecision({ ...clean, track: [{ time: 0, score: AUTO_PUBLISH_MAX_SCORE }] }, both)).toEqual({ publish: true });
  });

  it('needs no explanation when the provider did not ask for it', () => {
    expect(autoPublishDecision(clean, { byVideo: false, byInstance: true })).toEqual({ publish: false, wait: null });
    expect(autoPublishDecision(clean, { byVideo: false, byInstance: false })).toEqual({ publish: false, wait: null });
  });

  it('waits when the instance does not allow it, however clean the analysis', () => {
    expect(autoPublishDecision(clean, { byVideo: true, byInstance: false })).toEqual({ publish: false, wait: { reason: 'auto_publish_off', spans: [] } });
  });

  it('waits on one frame above the limit, naming its seconds; consecutive ones make one span', () => {
    const track = clean.track.map((p) => (p.time === 2 ? { ...p, score: 0.06 } : p));
    expect(autoPublishDecision({ ...clean, track }, both)).toEqual({ publish: false, wait: { reason: 'uncertain', spans: [{ start: 2, end: 2 }] } });
    const two = [
      { time: 12, score: 0.1 },
      { time: 13, score: 0.02 },
      { time: 14, score: 0.08 },
      { time: 15, score: 0.19 },
      { time: 11, score: 0.0 },
    ];
    expect(autoPublishDecision({ ...clean, track: two }, both)).toMatchObject({
      wait: {
        reason: 'uncertain',
        spans: [
          { start: 12, end: 12 },
          { start: 14, end: 15 },
        ],
      },
    });
  });

  it('waits on a proposed range, a proposed text mask, a face mask or a withdrawal transition', () => {
    expect(autoPublishDecision({ ...clean, proposed: [{ start: 12, end: 15 }] }, both)).toEqual({
      publish: false,
      wait: { reason: 'proposed', spans: [{ start: 12, end: 15 }] },
    });
    expect(autoPublishDecision({ ...clean, proposedMasks: [{}] }, both)).toMatchObject({ wait: { reason: 'masks' } });
    expect(autoPublishDecision({ ...clean, faceMasks: [{}] }, both)).toMatchObject({ wait: { reason: 'masks' } });
    expect(autoPublishDecision({ ...clean, transitions: [{ time: 7 }] }, both)).toEqual({
      publish: false,
      wait: { reason: 'withdrawal', spans: [{ start: 7, end: 7 }] },
    });
    // An analysis that does not record transitions is judged by the rest.
    expect(autoPublishDecision({ ...clean, transitions: [] }, both)).toEqual({ publish: true });
  });

  it('does not take an analysis that examined nothing for a clean one', () => {
    expect(autoPublishDecision({ ...clean, track: [] }, both)).toMatchObject({ wait: { reason: 'not_examined' } });
  });
});

describe('the seconds as the provider reads them', () => {
  it('writes minutes and seconds, hours past an hour, ranges with a dash', () => {
    expect(clockTime(12.7)).toBe('0:12');
    expect(clockTime(3723)).toBe('1:02:03');
    expect(
      spansText([
        { start: 12, end: 15 },
        { start: 63, end: 63 },
      ]),
    ).toBe('0:12–0:15, 1:03');
    expect(
      spansText(
        [1, 2, 3].map((s) => ({ start: s, end: s })),
        2,
      ),
    ).toBe('0:01, 0:02, …');
  });
});
