// Reading a detected line: the dictionary's classes, the crop's tensor, and CTC's greedy decoding.
import { describe, expect, it } from 'vitest';
import { ctcDecode, parseCharset, READ_HEIGHT, readInputWidth, toReaderInput, turnHalf } from './text-read.js';

describe('parseCharset', () => {
  it('puts the blank first and the space last, around one class per dictionary line', () => {
    expect(parseCharset('a\nb\nc')).toEqual(['', 'a', 'b', 'c', ' ']);
    expect(parseCharset('a\r\nb\n')).toEqual(['', 'a', 'b', ' ']);
  });
});

describe('readInputWidth', () => {
  it('keeps the line’s aspect at 48 pixels high, in multiples of 8, within bounds', () => {
    expect(readInputWidth(100, 12)).toBe(400);
    expect(readInputWidth(10, 12)).toBe(40);
    expect(readInputWidth(2, 40)).toBe(16);
    expect(readInputWidth(1000, 10)).toBe(640);
  });
});

describe('toReaderInput', () => {
  it('crops the box, scales it to 48 rows and writes B, G, R planes in [-1, 1]', () => {
    // 4×2 frame: left half red, right half blue; the box is the right half.
    const data = new Uint8Array(4 * 2 * 3);
    for (let y = 0; y < 2; y++)
      for (let x = 0; x < 4; x++) {
        const i = (y * 4 + x) * 3;
        if (x < 2) data[i] = 255;
        else data[i + 2] = 255;
      }
    const { data: out, width } = toReaderInput({ time: 0, width: 4, height: 2, data, keyframe: true }, { x: 0.5, y: 0, width: 0.5, height: 1 });
    expect(width).toBe(48);
    const plane = width * READ_HEIGHT;
    expect(out.length).toBe(3 * plane);
    // Away from the crop's left edge (interpolation reaches one source pixel back), pure blue.
    const at = (channel: number) => out[channel * plane + 20 * width + 40]!;
    expect(at(0)).toBeCloseTo(1, 5); // blue plane first
    expect(at(1)).toBeCloseTo(-1, 5);
    expect(at(2)).toBeCloseTo(-1, 5);
  });
});

describe('turnHalf', () => {
  it('turns each plane half a turn: the last pixel first, planes kept apart', () => {
    // Two planes of 2 × 3.
    const input = Float32Array.from([1, 2, 3, 4, 5, 6, 10, 20, 30, 40, 50, 60]);
    expect(Array.from(turnHalf(input, 2))).toEqual([6, 5, 4, 3, 2, 1, 60, 50, 40, 30, 20, 10]);
    expect(Array.from(turnHalf(turnHalf(input, 2), 2))).toEqual(Array.from(input));
  });
});

describe('ctcDecode', () => {
  const charset = ['', 'A', 'B', ' '];
  const steps = (...best: number[]) => best.flatMap((k) => charset.map((_, c) => (c === k ? 0.9 : 0.1 / 3)));

  it('collapses repeats, drops blanks, and keeps a letter repeated across a blank', () => {
    expect(ctcDecode(steps(1, 1, 0, 1, 2, 2, 3, 2), 8, charset)).toEqual({ text: 'AAB B', confidence: expect.closeTo(0.9, 5) });
  });

  it('reads nothing from blanks only, with confidence 0', () => {
    expect(ctcDecode(steps(0, 0, 0), 3, charset)).toEqual({ text: '', confidence: 0 });
  });

  it('refuses an output whose size does not match the dictionary', () => {
    expect(() => ctcDecode(new Float32Array(10), 3, charset)).toThrow(/expected 3×4/);
  });
});
