// When a read text line counts as a maker's print on an instrument, and when it stays text to hide.
import { describe, expect, it } from 'vitest';
import { allowedErrors, instrumentPrintErrors, isInstrumentPrint, normaliseLine } from './instrument-print.js';

const read = (text: string, confidence = 0.9) => isInstrumentPrint({ text, confidence });

describe('isInstrumentPrint', () => {
  it('accepts makers’ and product names as printed on shafts, whatever the case, spacing and marks', () => {
    for (const text of [
      'Harmonic',
      'HARMONIC ACE',
      'COVIDIEN LigaSure',
      'LigaSure™ Maryland',
      'KARL STORZ',
      'ETHICON',
      'EnSeal® PTC',
      'THUNDERBEAT',
      'da Vinci',
    ])
      expect(read(text), text).toBe(true);
  });

  it('accepts a print cut short by the edge of the picture at either end of the line', () => {
    for (const text of ['Harm', 'ETHI', 'Ense', 'COVIDIEN Liga', 'rmonic', 'monic ACE']) expect(read(text), text).toBe(true);
  });

  it('forgives a reading error in a longer line, none in a short one', () => {
    expect(read('THUNOERBE')).toBe(true); // THUNDERBE(AT), one letter misread
    expect(read('EnSeat PTC')).toBe(true);
    expect(read('ETHAN')).toBe(false); // a first name one letter away from ETHI(CON)
    expect(read('Harn')).toBe(false);
  });

  it('keeps patient text: names, ids, dates and times, alone or beside a maker’s name', () => {
    for (const text of ['DOE JOHN 1957-03-02', 'PID 0048-3920  2024-11-05', '14:32:07  SMITH A.', 'HARMON JOHN', 'KARL STORZ 1957', 'Harmonic DOE'])
      expect(read(text), text).toBe(false);
  });

  it('keeps a people’s name that is also a maker’s name or its beginning, unless it reads upside down', () => {
    // HARMONY is one letter from HARMONI(C): a first name, not a cut print.
    for (const text of ['KARL', 'Harmon', 'STRYKER', 'Storz', 'HARMONY', 'Harmoni']) {
      expect(read(text), text).toBe(false);
      expect(isInstrumentPrint({ text, confidence: 0.9 }, true), `${text} upside down`).toBe(true);
    }
    expect(isInstrumentPrint({ text: 'DOE JOHN', confidence: 0.9 }, true)).toBe(false);
  });

  it('keeps a word cut at both ends, too short a line, another script and an unsure read', () => {
    expect(read('RMONI')).toBe(false); // inside HARMONIC: both ends cut
    expect(read('ACE')).toBe(false); // under 4 characters
    expect(read('古保')).toBe(false);
    expect(read('Harmonic', 0.4)).toBe(false);
    expect(read('', 1)).toBe(false);
  });

  it('takes no bare number as print, even beside one (a number may be an age or an id)', () => {
    expect(read('5 mm')).toBe(false);
    expect(read('LigaSure 37')).toBe(false);
  });
});

describe('instrumentPrintErrors', () => {
  it('counts the fewest reading errors over a run of words, each within its own allowance', () => {
    expect(instrumentPrintErrors('COVIDIENLIGASURE')).toBe(0);
    expect(instrumentPrintErrors('COVIDENLIGASURE')).toBe(1);
    expect(instrumentPrintErrors('HARM')).toBe(0);
    expect(instrumentPrintErrors('HARMONICDOE')).toBe(Infinity); // DOE is two letters from ACE, too many for 3
    expect(instrumentPrintErrors('XYZ')).toBe(Infinity);
    expect(instrumentPrintErrors('')).toBe(Infinity);
  });

  it('allows more errors in longer words, none up to 5 characters', () => {
    expect([4, 5, 6, 8, 9, 12, 13, 30].map(allowedErrors)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it('normalises accents, case and marks, and refuses other scripts', () => {
    expect(normaliseLine('Ligasüre® 5-mm')).toBe('LIGASURE5MM');
    expect(normaliseLine('光店')).toBeUndefined();
  });
});
