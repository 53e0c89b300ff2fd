import { describe, expect, it } from 'vitest';
import { fitLogistic, predict } from './logistic.js';

describe('fitLogistic', () => {
  it('separates two clouds and scores new points on the right side', () => {
    const rows = [];
    for (let i = 0; i < 40; i += 1) {
      rows.push({ x: [1 + (i % 7) * 0.1, 5 + (i % 3)], y: 1 as const });
      rows.push({ x: [-1 - (i % 5) * 0.1, 5 + (i % 4)], y: 0 as const });
    }
    const model = fitLogistic(rows, 1);
    expect(predict(model, [1.2, 6])).toBeGreaterThan(0.9);
    expect(predict(model, [-1.2, 6])).toBeLessThan(0.1);
    // The second feature carries no information and gets (almost) no weight.
    expect(Math.abs(model.weights[1]!)).toBeLessThan(0.2 * Math.abs(model.weights[0]!));
  });

  it('is deterministic and regularised: stronger λ, smaller weights', () => {
    const rows = [0, 1, 2, 3, 4, 5].map((v) => ({ x: [v], y: (v > 2 ? 1 : 0) as 0 | 1 }));
    expect(fitLogistic(rows, 1)).toEqual(fitLogistic(rows, 1));
    expect(Math.abs(fitLogistic(rows, 10).weights[0]!)).toBeLessThan(Math.abs(fitLogistic(rows, 1).weights[0]!));
  });

  it('row weights count like repeated rows', () => {
    const rows = [
      { x: [0], y: 0 as const },
      { x: [1], y: 1 as const },
      { x: [0.6], y: 0 as const },
    ];
    const weighted = fitLogistic([...rows.slice(0, 2), { ...rows[2]!, weight: 3 }], 0.5);
    const repeated = fitLogistic([...rows, rows[2]!, rows[2]!], 0.5);
    expect(predict(weighted, [0.6])).toBeCloseTo(predict(repeated, [0.6]), 6);
  });
});
