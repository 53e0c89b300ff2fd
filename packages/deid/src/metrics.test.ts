import { describe, expect, it } from 'vitest';
import { atThreshold, rocAuc } from './metrics.js';

const items = (pairs: [number, boolean][]) => pairs.map(([score, revealing]) => ({ score, revealing }));

describe('rocAuc', () => {
  it('is 1 when every revealing frame outscores every endoscopic one, 0 when the reverse', () => {
    expect(
      rocAuc(
        items([
          [0.9, true],
          [0.8, true],
          [0.2, false],
          [0.1, false],
        ]),
      ),
    ).toBe(1);
    expect(
      rocAuc(
        items([
          [0.1, true],
          [0.9, false],
        ]),
      ),
    ).toBe(0);
  });

  it('counts pairs: one of four pairs wrong gives 0.75, ties count half', () => {
    expect(
      rocAuc(
        items([
          [0.9, true],
          [0.3, true],
          [0.5, false],
          [0.1, false],
        ]),
      ),
    ).toBe(0.75);
    expect(
      rocAuc(
        items([
          [0.5, true],
          [0.5, false],
        ]),
      ),
    ).toBe(0.5);
  });

  it('is undefined without both kinds of frames', () => {
    expect(rocAuc(items([[0.5, true]]))).toBeNaN();
  });
});

describe('atThreshold', () => {
  it('reports recall of revealing frames and the share of endoscopic frames removed', () => {
    const point = atThreshold(
      items([
        [0.9, true],
        [0.4, true],
        [0.35, false],
        [0.6, false],
        [0.1, false],
        [0.2, false],
      ]),
      0.4,
    );
    expect(point).toEqual({ threshold: 0.4, recall: 1, insideRemoved: 0.25, missed: 0, falseRemovals: 1 });
    expect(
      atThreshold(
        items([
          [0.9, true],
          [0.3, true],
        ]),
        0.5,
      ),
    ).toMatchObject({ recall: 0.5, missed: 1 });
  });
});
