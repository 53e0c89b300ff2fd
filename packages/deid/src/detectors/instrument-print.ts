// Instrument print: what the makers of laparoscopic and robotic instruments print on their shafts
// ("Harmonic", "COVIDIEN LigaSure", "ETHICON", "KARL STORZ", "EnSeal"). The text detector is right
// that it is text, but it names a product, never a patient, so a line that reads as nothing but
// these words is not burned-in patient text and does not cut the frame. Pure: text in, verdict out.
//
// It decides cuts only: text that stays at one place is masked whatever it reads (text-track.ts),
// so a name that happens to read like a maker's word is still covered when it is an overlay.
// Privacy first, the rule is narrow:
// - every character of the line must be accounted for by the words below, each word with few
//   reading errors (none in a word of 5 characters or fewer), so "DOE JOHN", "Harmonic DOE" or
//   "ETHAN" is still text to hide;
// - only the line's ends may be cut short (a shaft leaving the picture shows "Harm" or "ENSE"), and
//   what is left of a cut word keeps at least 4 of its letters;
// - a line with a digit is text (no "5 mm": a number could be an age, a date or an id);
// - a read the model is unsure of (mean character probability under 0.6) is not believed;
// - names that are also makers' names or close to their beginnings (Karl, Harmon, Harmony,
//   Stryker; Wolf, Braun, Cook and Johnson are not listed as words at all) are never print on their
//   own: KARL STORZ counts as one word, and a line that reads as such a name is text, unless it
//   reads upside down (a tower never writes upside down: such a line is on something in the
//   picture, turned with it).
// The frame's other lines are judged on their own: a patient's name beside the print still cuts.

/** Makers' and product names as printed on instrument shafts, in capitals, without spaces or marks. */
export const INSTRUMENT_WORDS: readonly string[] = [
  // Ethicon (Johnson & Johnson)
  'ETHICON',
  'HARMONIC',
  'ACE',
  'FOCUS',
  'SYNERGY',
  'ENSEAL',
  'PTC',
  'ENDOPATH',
  'ECHELON',
  'XCEL',
  'ENDOSURGERY',
  // Covidien / Medtronic
  'COVIDIEN',
  'MEDTRONIC',
  'LIGASURE',
  'MARYLAND',
  'ATLAS',
  'IMPACT',
  'VALLEYLAB',
  'SONICISION',
  'AUTOSUTURE',
  'ENDOGIA',
  'GIA',
  'TRISTAPLE',
  'VERSAPORT',
  'ENDOCLIP',
  'ENDOCATCH',
  'SURGIWAND',
  // Olympus
  'OLYMPUS',
  'THUNDERBEAT',
  'SONOSURG',
  'POWERSEAL',
  // Others
  'KARLSTORZ',
  'STORZ',
  'AESCULAP',
  'CAIMAN',
  'STRYKER',
  'CONMED',
  'APPLIED',
  'MEDICAL',
  'KII',
  'INTUITIVE',
  'SURGICAL',
  'DAVINCI',
  'ENDOWRIST',
  'SUREFORM',
  'SYNCHROSEAL',
  'VESSEL',
  'SEALER',
  'TELEFLEX',
  'WECK',
  'HEMOLOK',
  'ERBE',
  'BICISION',
  'MICROLINE',
  'GYRUS',
  'ACMI',
  'ULTRACISION',
  'LAPROCLIP',
];

/** What a cut word must keep (letters of the word, not of the read line). */
const MIN_KEPT = 4;
/** A line shorter than this is not told from anything (two or three letters match too much). */
const MIN_LENGTH = 4;
/** Below this mean character probability a read is not believed. */
export const MIN_READ_CONFIDENCE = 0.6;

/** Reading errors allowed in a word (and in the whole line) of `length` characters. */
export const allowedErrors = (length: number): number => (length <= 5 ? 0 : length <= 8 ? 1 : length <= 12 ? 2 : 3);

/** Separators and marks printed between or beside the words; anything else is a character to explain. */
const SEPARATORS = /[\s\-_.,:;&/()'"’®™+|·•°]/gu;

/**
 * The line in the form the words are listed in: accents folded, capitals, separators dropped.
 * Returns undefined when it holds a character that is neither a Latin letter nor a digit (a read of
 * another script is not print we know).
 */
export const normaliseLine = (text: string): string | undefined => {
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase().replace(SEPARATORS, '');
  return /^[A-Z0-9]*$/.test(folded) ? folded : undefined;
};

/**
 * Edit distances between `word` (from letter `from` on) and every prefix of `line` from `start`:
 * rows[j][k] = distance between word[from, from + j) and line[start, start + k).
 */
const distances = (word: string, from: number, line: string, start: number): number[][] => {
  const m = word.length - from;
  const n = line.length - start;
  const rows: number[][] = [Array.from({ length: n + 1 }, (_, k) => k)];
  for (let j = 1; j <= m; j++) {
    const row = [j];
    for (let k = 1; k <= n; k++) {
      const same = word[from + j - 1] === line[start + k - 1] ? 0 : 1;
      row.push(Math.min(rows[j - 1]![k]! + 1, row[k - 1]! + 1, rows[j - 1]![k - 1]! + same));
    }
    rows.push(row);
  }
  return rows;
};

/** People's names that are makers' names or the beginning of one: alone, they are text. */
const NAMES: readonly string[] = ['KARL', 'HARMON', 'HARMONY', 'STRYKER', 'STORZ', 'ERBE', 'WECK', 'ATLAS'];

/** Whether the line is one of those names, read with no more errors than its length allows. */
const isName = (line: string) => NAMES.some((name) => distances(name, 0, line, 0)[name.length]![line.length]! <= allowedErrors(line.length));

/**
 * The fewest reading errors that explain `line` (normalised) as instrument words one after another,
 * the first possibly cut at its start and the last at its end, each word read with no more errors
 * than its own length allows (so errors cannot stand in for a short word such as a name's
 * initials); Infinity when nothing does.
 */
export const instrumentPrintErrors = (line: string, words: readonly string[] = INSTRUMENT_WORDS): number => {
  const n = line.length;
  if (n === 0) return Infinity;
  // best[b]: fewest errors explaining line[0, b) as whole words (the first possibly cut at its start).
  const best = new Array<number>(n + 1).fill(Infinity);
  best[0] = 0;
  let result = Infinity;
  for (let a = 0; a < n; a++) {
    if (best[a] === Infinity) continue;
    for (const word of words) {
      // A word cut at its start only opens the line; a word cut at its end only closes it.
      const froms = a === 0 ? Array.from({ length: Math.max(1, word.length - MIN_KEPT + 1) }, (_, s) => s) : [0];
      for (const from of froms) {
        const rows = distances(word, from, line, a);
        const whole = rows[word.length - from]!;
        for (let k = 1; a + k <= n; k++) {
          if (whole[k]! > allowedErrors(k)) continue;
          const errors = best[a]! + whole[k]!;
          if (errors < best[a + k]!) best[a + k] = errors;
        }
        // Cut at its end (the line's last piece), keeping at least MIN_KEPT letters; a word cut at
        // both ends would let any short run of letters inside a long name pass.
        if (from === 0)
          for (let j = MIN_KEPT; j < word.length; j++) {
            if (rows[j]![n - a]! > allowedErrors(n - a)) continue;
            const errors = best[a]! + rows[j]![n - a]!;
            if (errors < result) result = errors;
          }
      }
    }
  }
  return Math.min(result, best[n]!);
};

/**
 * Whether a read text line is nothing but instrument print (see the rules at the top); `upsideDown`:
 * it was read turned half a turn.
 */
export const isInstrumentPrint = ({ text, confidence }: { text: string; confidence: number }, upsideDown = false): boolean => {
  if (confidence < MIN_READ_CONFIDENCE) return false;
  const line = normaliseLine(text);
  if (line === undefined || line.length < MIN_LENGTH || /[0-9]/.test(line) || (!upsideDown && isName(line))) return false;
  return instrumentPrintErrors(line) <= allowedErrors(line.length);
};
