// The published videos' search documents in memory, so a text nobody searched before costs no scan
// of PostgreSQL. PostgreSQL still builds every document (`ipsv_video_document`: English stemming
// after accent folding, weights A to D) and turns the viewer's words into a tsquery; this index
// holds each document as PostgreSQL printed it (lexemes in its order, positions with weights),
// answers `document @@ query` for every video at once, and ranks each match exactly as `ts_rank`
// does (PostgreSQL's tsrank.c, calc_rank_or and calc_rank_and, in single precision). Asking
// PostgreSQL instead cost 16 ms of its CPU per text at 100,000 videos and queued the searches of
// 50 clients behind it for more than a second (bench/RESULTS.md).

/** A tsquery as PostgreSQL prints it, reduced to what our queries use: prefixes, AND and OR. */
export type QueryNode = Operand | { op: '&' | '|'; left: QueryNode; right: QueryNode };
type Operand = { lexeme: string; prefix: boolean };

/**
 * `text` (a tsquery's output form) as a tree, null for the empty query (only stop words), or
 * undefined when it uses what this index does not evaluate (NOT, phrases, weight labels).
 */
export function parseTsquery(text: string): QueryNode | null | undefined {
  let at = 0;
  const space = () => {
    while (text[at] === ' ') at += 1;
  };
  const unsupported = new Error('unsupported');
  const operand = (): QueryNode => {
    space();
    if (text[at] === '(') {
      at += 1;
      const node = or();
      space();
      if (text[at] !== ')') throw unsupported;
      at += 1;
      return node;
    }
    if (text[at] !== "'") throw unsupported;
    const quoted = unquote(text, at);
    if (!quoted) throw unsupported;
    const { lexeme } = quoted;
    at = quoted.end;
    let prefix = false;
    if (text[at] === ':') {
      // Only a bare prefix mark: a weight label (':A', ':*B') restricts the match, not evaluated here.
      if (text[at + 1] !== '*' || /[A-Da-d*]/.test(text[at + 2] ?? '')) throw unsupported;
      prefix = true;
      at += 2;
    }
    return { lexeme, prefix };
  };
  /** `next` one or more times, joined by `op` from the left (AND binds closer than OR). */
  const joined = (op: '&' | '|', next: () => QueryNode) => (): QueryNode => {
    let node = next();
    for (space(); text[at] === op; space()) {
      at += 1;
      node = { op, left: node, right: next() };
    }
    return node;
  };
  const and = joined('&', operand);
  const or = joined('|', and);
  if (text.trim() === '') return null;
  try {
    const node = or();
    space();
    return at === text.length ? node : undefined;
  } catch (error) {
    if (error === unsupported) return undefined;
    throw error;
  }
}

/**
 * The lexeme quoted at `at` of a tsvector's or tsquery's output form (a quote or a backslash inside
 * is escaped by one before it) and where its closing quote ends; null when it is not closed.
 */
function unquote(text: string, at: number): { lexeme: string; end: number } | null {
  let lexeme = '';
  for (let i = at + 1; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '\\') lexeme += text[(i += 1)] ?? '';
    else if (char === "'" && text[i + 1] === "'") lexeme += text[(i += 1)];
    else if (char === "'") return { lexeme, end: i + 1 };
    else lexeme += char;
  }
  return null;
}

// ---- Byte order: PostgreSQL sorts lexemes by their UTF-8 bytes, which is code point order; a JS
// string comparison is UTF-16 code unit order, the same except around surrogate pairs.
const SURROGATE = /[\uD800-\uDFFF]/;
export function compareLexemes(a: string, b: string): number {
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  const x = [...a].map((char) => char.codePointAt(0)!);
  const y = [...b].map((char) => char.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

// ---- ts_rank's constants (tsrank.c): weights D, C, B, A; the position PostgreSQL gives a lexeme
// stored without positions; the sum of 1/i² it normalises by.
const WEIGHTS = Float32Array.of(0.1, 0.2, 0.4, 1.0);
const MAXENTRYPOS = 1 << 14;
const NO_POSITION = MAXENTRYPOS - 1; // weight D
const PI2_6 = 1.64493406685;
/** What ts_rank gives a match it found no score for. */
const TINY = Math.fround(1e-20);

/**
 * Up to this many operands, `matchAmong` decides whether a document matches by one read of a truth
 * table (at most 4,096 entries, made once per call) instead of walking the query for each document.
 */
const TABLE_OPERANDS = 12;

/** For every mask of `operands` bits, whether `holds` holds (1) or not (0). */
function truthTable(holds: (mask: number) => boolean, operands: number): Uint8Array {
  const table = new Uint8Array(1 << operands);
  for (let mask = 0; mask < table.length; mask += 1) table[mask] = holds(mask) ? 1 : 0;
  return table;
}
const f = Math.fround;
const weightOf = (wordPos: number) => WEIGHTS[wordPos >> 14]!;
const wordDistance = (distance: number) => (distance > 100 ? f(1e-30) : f(1.0 / (1.005 + 0.05 * Math.exp(f(distance) / 1.5 - 2))));
/**
 * calc_rank_and's weight of a pair of positions, by their two weights and distance (1 to 100, and
 * 101 for any farther: ts_rank gives all of those the same), worked out once.
 */
const PAIR_WEIGHT = Float32Array.from({ length: 4 * 4 * 102 }, (_, i) => {
  const distance = i % 102;
  const pair = Math.floor(i / 102);
  return f(Math.sqrt(f(f(WEIGHTS[pair >> 2]! * WEIGHTS[pair & 3]!) * wordDistance(distance))));
});

/** A lexeme in at least one place in this many is kept as bits too (see `TextIndex.dense`): no larger than its list of places. */
const DENSE_SHARE = 32;

/**
 * One document: its lexemes (as numbered by the parser's `intern`) in PostgreSQL's order, how many
 * positions each has, and all their positions (weight << 14 | position) one after another.
 */
export interface ParsedDocument {
  lexemes: number[];
  counts: number[];
  positions: number[];
}

/** The number of the lexeme `text.slice(from, to)`, without making that string when it is known. */
export type Intern = (text: string, from: number, to: number) => number;

/**
 * A tsvector's output form ("'word':1A,5 'other'") as lexemes in PostgreSQL's order, written
 * into `into` (emptied first: a catalogue load parses 100,000 documents into the same arrays).
 */
export function parseTsvector(text: string, intern: Intern, into: ParsedDocument = { lexemes: [], counts: [], positions: [] }): ParsedDocument {
  const { lexemes, counts, positions } = into;
  lexemes.length = 0;
  counts.length = 0;
  positions.length = 0;
  // No backslash anywhere: a lexeme ends at the next quote unless it is doubled.
  const plain = !text.includes('\\');
  let at = 0;
  while (at < text.length) {
    while (text[at] === ' ') at += 1;
    if (at >= text.length) break;
    if (text[at] !== "'") throw new Error(`not a tsvector at ${at}: ${text.slice(at, at + 20)}`);
    let lexeme: number;
    const close = text.indexOf("'", at + 1);
    if (plain && close > at && text[close + 1] !== "'") {
      // The usual lexeme: no quote or backslash inside.
      lexeme = intern(text, at + 1, close);
      at = close + 1;
    } else {
      const quoted = unquote(text, at);
      if (!quoted) throw new Error('unterminated lexeme in a tsvector');
      lexeme = intern(quoted.lexeme, 0, quoted.lexeme.length);
      at = quoted.end;
    }
    const before = positions.length;
    if (text[at] === ':') {
      do {
        at += 1;
        let position = 0;
        while (text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) position = position * 10 + text.charCodeAt(at++) - 48;
        const label = text[at];
        const weight = label === 'A' ? 3 : label === 'B' ? 2 : label === 'C' ? 1 : 0;
        if (label === 'A' || label === 'B' || label === 'C' || label === 'D') at += 1;
        positions.push((weight << 14) | position);
      } while (text[at] === ',');
    }
    lexemes.push(lexeme);
    counts.push(positions.length - before);
  }
  return into;
}

// Sets of places as bits, 32 places a word: a search at 100,000 videos combines and counts a few
// thousand words, and leaves 12 kB per operand to collect instead of 100 kB.
/** Whether `place` is in the set `bits`. */
const has = (bits: Int32Array, place: number) => ((bits[place >> 5]! >>> (place & 31)) & 1) === 1;

/** `left` AND (or OR) `right`, word by word, into `left`. */
function combine(op: '&' | '|', left: Int32Array, right: Int32Array): Int32Array {
  if (op === '&') for (let word = 0; word < left.length; word += 1) left[word]! &= right[word]!;
  else for (let word = 0; word < left.length; word += 1) left[word]! |= right[word]!;
  return left;
}

/** How many bits of the 32-bit word `word` are set (a population count). */
export function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * The members of the set `bits` (see `has`), ascending: also a sort of distinct numbers below a
 * known bound, faster than a typed array's `sort()` for a few thousand of them.
 */
export function membersOf(bits: Int32Array): Int32Array {
  let n = 0;
  for (let word = 0; word < bits.length; word += 1) n += bitCount(bits[word]!);
  const places = new Int32Array(n);
  for (let word = 0, i = 0; i < n; word += 1) {
    for (let v = bits[word]!; v !== 0; v &= v - 1) places[i++] = (word << 5) | (31 - Math.clz32(v & -v));
  }
  return places;
}

/**
 * `among` below `size`, ascending, each once: sorted when they are few (a page's segments among
 * 400,000), through a bit set of every place otherwise.
 */
function ascendingIn(among: Iterable<number>, size: number): Int32Array {
  const list = Int32Array.from(among);
  if (list.length * 64 < size) {
    list.sort();
    let n = 0;
    for (let i = 0; i < list.length; i += 1) if (list[i]! >= 0 && list[i]! < size && (n === 0 || list[i] !== list[n - 1])) list[n++] = list[i]!;
    return list.subarray(0, n);
  }
  const wanted = new Int32Array((size + 31) >> 5);
  for (let i = 0; i < list.length; i += 1) if (list[i]! >= 0 && list[i]! < size) wanted[list[i]! >> 5]! |= 1 << (list[i]! & 31);
  return membersOf(wanted);
}

/** A query as `match` reads it (see `prepare`). */
interface Prepared {
  query: QueryNode;
  operands: Operand[];
  lexemeIds: number[][];
  items: number[];
  and: boolean;
  /**
   * The operands' lexemes as ranges of places in PostgreSQL's order (`sorted`), ascending and
   * apart, two numbers each (from, to): a prefix's lexemes are one range.
   */
  ranges: Int32Array;
}

/** What a search found: catalogue places, ascending, and each one's rank. */
export interface TextMatches {
  places: Int32Array;
  ranks: Float64Array;
}

export function grow<T extends Int32Array | Uint16Array | Float32Array | Float64Array>(array: T, needed: number, Make: new (length: number) => T): T {
  if (needed <= array.length) return array;
  const next = new Make(Math.max(needed, array.length * 2 + 1024));
  next.set(array);
  return next;
}

/** The 32-bit FNV-1a hash of `text.slice(from, to)`'s UTF-16 code units. */
function fnv1a(text: string, from = 0, to = text.length): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
}

/** Two independent 32-bit hashes of a document's text (FNV-1a and a multiply-rotate hash). */
function documentHashes(text: string): [number, number] {
  let second = 0x9e3779b9;
  for (let i = 0; i < text.length; i += 1) second = Math.imul((second << 5) | (second >>> 27), 0x85ebca6b) ^ text.charCodeAt(i);
  return [fnv1a(text), second];
}

/** calc_rank_or's share of an entry with `count` positions from `from` on, before it is divided by pi²/6. */
function orTerm(positions: ArrayLike<number>, from: number, count: number): number {
  if (count === 0) return f(f(WEIGHTS[0]! + WEIGHTS[0]!) - WEIGHTS[0]!);
  let sum = 0;
  let maxWeight = -1;
  let maxAt = 0;
  for (let j = 0; j < count; j += 1) {
    const weight = weightOf(positions[from + j]!);
    sum = f(sum + f(weight / ((j + 1) * (j + 1))));
    if (weight > maxWeight) {
      maxWeight = weight;
      maxAt = j;
    }
  }
  return f(f(maxWeight + sum) - f(maxWeight / ((maxAt + 1) * (maxAt + 1))));
}

/**
 * The documents of the catalogue's places. Each place's entries (lexeme id and positions) sit in
 * shared typed arrays, so 100,000 documents are a handful of objects; a changed document is
 * written again at the end, and the space it left is reclaimed when it passes half of the whole.
 */
export class TextIndex {
  /**
   * @param withPostings whether each lexeme keeps the entries that hold it, so `match` and
   * `matching` can answer for every place; without them (the catalogue's segments, where only a
   * page's documents are ever asked), only `match` with `among` and `matchParts` answer, and no
   * two lists hold every entry again.
   */
  constructor(private readonly withPostings = true) {}

  /** Lexeme by id. */
  private readonly lexemes: string[] = [];
  /**
   * Id by lexeme, through a hash of its characters (open addressing, -1: free), so a document is
   * read without making a string of each of its lexemes: only a new lexeme becomes one.
   */
  private table = new Int32Array(1024).fill(-1);
  private readonly hashes: number[] = [];
  /** Each lexeme's entries (one per document that holds it), in no particular order. */
  private readonly postings: number[][] = [];
  /**
   * Each posting's places, entry by entry: a search reads which documents hold a lexeme from here
   * in one sweep. Read through each entry instead (an array of 2.8 million entries at 100,000
   * videos), finding a new text's matches took 3.7 ms on the slow machine instead of 0.7 ms, most
   * of it waiting for memory. An entry whose document changed or left stays until the next
   * compaction (see `live`).
   */
  private readonly postingPlaces: number[][] = [];
  /**
   * Per lexeme that at least one place in DENSE_SHARE holds, the places holding it as bits (see
   * `has`), made when a search first needs it and kept current by `write` and `clear`: a short
   * prefix stands for lexemes in tens of thousands of documents, whose places read one by one (with
   * the check that each entry is still live) were a tenth of a new text's search; the bits are
   * ORed a word at a time, and take no more room than those places.
   */
  private dense: (Int32Array | undefined)[] = [];
  /** Lexeme ids in PostgreSQL's order (null: to be sorted again, a new lexeme came). */
  private order: Int32Array | null = null;
  /** Each lexeme's place in `order` (with it). */
  private rankOf = new Int32Array(0);

  /** Per place: where its entries start and how many (0: no document), its text's length and two hashes. */
  private start = new Int32Array(0);
  private count = new Int32Array(0);
  private docLength = new Int32Array(0);
  private docHash = new Int32Array(0);
  /** Per entry: its lexeme, where its positions start, how many, and its calc_rank_or term. */
  private entryLexeme = new Int32Array(0);
  private entryAt = new Int32Array(0);
  private entryPositions = new Uint16Array(0);
  private entryTerm = new Float32Array(0);
  private entries = 0;
  private positions = new Uint16Array(0);
  private used = 0;
  /** Entries and positions no document reads any more. */
  private wasted = 0;
  /** Per lexeme, the operands of the query being answered that it satisfies (0 between queries). */
  private masks = new Int32Array(0);
  /** The arrays every document is parsed into before it is written. */
  private readonly parsed: ParsedDocument = { lexemes: [], counts: [], positions: [] };
  /** Per place, a rank being summed, and per item the last entry of it a document holds (`matchAll`). */
  private scratch = new Float64Array(0);
  private readonly lastEntries: Int32Array[] = [];
  /**
   * Bit sets a query's operands were matched into, free for the next query (see `takeBits`): each
   * search made and dropped a few, 12 kB each at 100,000 videos, which kept the collector working.
   */
  private readonly freeBits: Int32Array[] = [];

  /**
   * Room for `texts` (documents about to be set) in one allocation each: growing by half at a time
   * to 100,000 documents copied the arrays some twenty times, a third of a catalogue load.
   */
  reserve(texts: Iterable<string | null | undefined>): void {
    let entries = this.entries;
    let positions = this.used;
    let places = 0;
    for (const text of texts) {
      places += 1;
      if (!text) continue;
      // At most: a lexeme per two quotes, a position per ':' or ','.
      for (let i = 0; i < text.length; i += 1) {
        const char = text.charCodeAt(i);
        if (char === 39) entries += 0.5;
        else if (char === 58 || char === 44) positions += 1;
      }
    }
    entries = Math.ceil(entries);
    this.reservePlaces(this.start.length + places);
    this.entryLexeme = grow(this.entryLexeme, entries, Int32Array);
    this.entryAt = grow(this.entryAt, entries, Int32Array);
    this.entryPositions = grow(this.entryPositions, entries, Uint16Array);
    this.entryTerm = grow(this.entryTerm, entries, Float32Array);
    this.positions = grow(this.positions, positions, Uint16Array);
  }

  private reservePlaces(places: number): void {
    this.start = grow(this.start, places, Int32Array);
    this.count = grow(this.count, places, Int32Array);
    this.docLength = grow(this.docLength, places, Int32Array);
    this.docHash = grow(this.docHash, 2 * places, Int32Array);
  }

  /**
   * The document at `place` is now `text` (a tsvector's output form; null: none). The same text
   * again (a video read again for its views, say) changes nothing: two hashes and the length of
   * each document are kept to know it (a change missed would need both 32-bit hashes to collide).
   */
  set(place: number, text: string | null): void {
    const [first, second] = text === null ? [0, 0] : documentHashes(text);
    const same =
      text !== null &&
      place < this.start.length &&
      this.count[place]! > 0 &&
      this.docLength[place] === text.length &&
      this.docHash[2 * place] === first &&
      this.docHash[2 * place + 1] === second;
    if (same) return;
    this.clear(place);
    if (text === null) return;
    this.write(place, parseTsvector(text, this.intern, this.parsed));
    this.docLength[place] = text.length;
    this.docHash[2 * place] = first;
    this.docHash[2 * place + 1] = second;
  }

  /** The id of the lexeme `text.slice(from, to)` (hashed `hash`), or -1 when it is not known. */
  private find(text: string, from: number, to: number, hash: number): number {
    const mask = this.table.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = this.table[slot]!;
      if (id < 0) return -1;
      const known = this.lexemes[id]!;
      if (this.hashes[id] === hash && known.length === to - from && text.startsWith(known, from)) return id;
    }
  }

  /** The id of the lexeme `text.slice(from, to)`, a new one when it is new. */
  private readonly intern: Intern = (text, from, to) => {
    const hash = fnv1a(text, from, to);
    const id = this.find(text, from, to, hash);
    return id >= 0 ? id : this.add(text.slice(from, to), hash);
  };

  /** A new lexeme's id. */
  private add(lexeme: string, hash: number): number {
    const id = this.lexemes.push(lexeme) - 1;
    this.hashes.push(hash);
    this.postings.push([]);
    this.postingPlaces.push([]);
    this.order = null;
    if (this.lexemes.length * 2 > this.table.length) {
      this.table = new Int32Array(this.table.length * 2).fill(-1);
      this.hashes.forEach((known, i) => this.place(known, i));
    } else this.place(hash, id);
    return id;
  }

  private place(hash: number, id: number): void {
    const mask = this.table.length - 1;
    let slot = hash & mask;
    while (this.table[slot]! >= 0) slot = (slot + 1) & mask;
    this.table[slot] = id;
  }

  /** The video at `place` has no document any more (it left the catalogue). */
  clear(place: number): void {
    if (place >= this.start.length || this.count[place]! === 0) return;
    const from = this.start[place]!;
    // Its entries stay in their postings until the next compaction (`live` leaves them out):
    // taking each out of a posting of 100,000 entries made a change to thousands of videos take seconds.
    for (let entry = from; entry < from + this.count[place]!; entry += 1) {
      this.wasted += 1 + this.entryPositions[entry]!;
      const bits = this.dense[this.entryLexeme[entry]!];
      if (bits && place >> 5 < bits.length) bits[place >> 5]! &= ~(1 << (place & 31));
    }
    this.count[place] = 0;
  }

  private write(place: number, document: ParsedDocument): void {
    if (place >= this.start.length) this.reservePlaces(place + 1);
    const n = document.lexemes.length;
    const needed = this.entries + n;
    if (needed > this.entryLexeme.length) {
      this.entryLexeme = grow(this.entryLexeme, needed, Int32Array);
      this.entryAt = grow(this.entryAt, needed, Int32Array);
      this.entryPositions = grow(this.entryPositions, needed, Uint16Array);
      this.entryTerm = grow(this.entryTerm, needed, Float32Array);
    }
    if (this.used + document.positions.length > this.positions.length)
      this.positions = grow(this.positions, this.used + document.positions.length, Uint16Array);
    this.start[place] = this.entries;
    this.count[place] = n;
    let at = 0;
    for (let i = 0; i < n; i += 1) {
      const id = document.lexemes[i]!;
      const entry = this.entries + i;
      if (this.withPostings) {
        this.postings[id]!.push(entry);
        this.postingPlaces[id]!.push(place);
        if (this.dense[id]) {
          if (place >> 5 >= this.dense[id].length) this.dense[id] = grow(this.dense[id], (place >> 5) + 1, Int32Array);
          this.dense[id][place >> 5]! |= 1 << (place & 31);
        }
      }
      const count = document.counts[i]!;
      for (let k = 0; k < count; k += 1) this.positions[this.used + k] = document.positions[at + k]!;
      this.entryLexeme[entry] = id;
      this.entryAt[entry] = this.used;
      this.entryPositions[entry] = count;
      this.entryTerm[entry] = orTerm(document.positions, at, count);
      this.used += count;
      at += count;
    }
    this.entries = needed;
    if (this.wasted > 4096 && this.wasted * 2 > this.entries + this.used) this.compact();
  }

  /** Writes every document again from the start, without the space changed ones left behind. */
  private compact(): void {
    const documents: [number, ParsedDocument][] = [];
    for (let place = 0; place < this.start.length; place += 1) {
      const from = this.start[place]!;
      const document: ParsedDocument = { lexemes: [], counts: [], positions: [] };
      for (let entry = from; entry < from + this.count[place]!; entry += 1) {
        document.lexemes.push(this.entryLexeme[entry]!);
        document.counts.push(this.entryPositions[entry]!);
        document.positions.push(...this.positionsOf(entry));
      }
      if (document.lexemes.length) documents.push([place, document]);
    }
    for (const posting of this.postings) posting.length = 0;
    for (const places of this.postingPlaces) places.length = 0;
    this.dense = [];
    this.count.fill(0);
    this.entries = 0;
    this.used = 0;
    this.wasted = 0;
    for (const [place, document] of documents) this.write(place, document);
  }

  /**
   * Whether `entry`, in a posting at `place`, is of the document there now: a document written
   * again takes new entries at the end, one cleared has none.
   */
  private live(entry: number, place: number): boolean {
    return this.wasted === 0 || (entry - this.start[place]!) >>> 0 < this.count[place]!;
  }

  /** An entry's positions. */
  private positionsOf(entry: number): Uint16Array {
    return this.positions.subarray(this.entryAt[entry]!, this.entryAt[entry]! + this.entryPositions[entry]!);
  }

  /** Lexeme ids in PostgreSQL's order. */
  private sorted(): Int32Array {
    if (!this.order) {
      const { lexemes } = this;
      const order = Int32Array.from(lexemes, (_, id) => id).sort((a, b) => compareLexemes(lexemes[a]!, lexemes[b]!));
      this.rankOf = new Int32Array(order.length);
      for (let i = 0; i < order.length; i += 1) this.rankOf[order[i]!] = i;
      this.order = order;
    }
    return this.order;
  }

  /** The ids of the lexemes `operand` matches (every one it starts when a prefix), in PostgreSQL's order. */
  private lexemesOf(operand: Operand): number[] {
    if (!operand.prefix) {
      const id = this.find(operand.lexeme, 0, operand.lexeme.length, fnv1a(operand.lexeme));
      return id < 0 ? [] : [id];
    }
    const order = this.sorted();
    const { lexemes } = this;
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compareLexemes(lexemes[order[middle]!]!, operand.lexeme) < 0) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    for (let i = low; i < order.length && lexemes[order[i]!]!.startsWith(operand.lexeme); i += 1) found.push(order[i]!);
    return found;
  }

  /** `query`'s operands, the lexemes each stands for and ts_rank's items; null past 32 operands. */
  private prepare(query: QueryNode): Prepared | null {
    const operands: Operand[] = [];
    const collect = (node: QueryNode) => {
      if ('lexeme' in node) operands.push(node);
      else {
        // PostgreSQL keeps an operator's right operand first; the order only decides which of
        // two equal lexemes (one a prefix, one not) ts_rank keeps.
        collect(node.right);
        collect(node.left);
      }
    };
    collect(query);
    if (operands.length > 32) return null;
    const lexemeIds = operands.map((operand) => this.lexemesOf(operand));
    this.sorted();
    const spans = lexemeIds
      .filter((ids) => ids.length > 0)
      .map((ids) => [this.rankOf[ids[0]!]!, this.rankOf[ids[ids.length - 1]!]! + 1] as const)
      .sort((a, b) => a[0] - b[0]);
    const ranges: number[] = [];
    for (const [from, to] of spans) {
      if (ranges.length && from <= ranges[ranges.length - 1]!) ranges[ranges.length - 1] = Math.max(ranges[ranges.length - 1]!, to);
      else ranges.push(from, to);
    }
    // ts_rank's items: the operands sorted by lexeme, each lexeme once (the first of equals).
    const items = operands
      .map((_, index) => index)
      .sort((a, b) => compareLexemes(operands[a]!.lexeme, operands[b]!.lexeme) || a - b)
      .filter((index, i, all) => i === 0 || operands[all[i - 1]!]!.lexeme !== operands[index]!.lexeme);
    const and = !('lexeme' in query) && query.op === '&' && items.length >= 2;
    return { query, operands, lexemeIds, items, and, ranges: Int32Array.from(ranges) };
  }

  /**
   * Every place whose document matches `query` (or those of `among` that do), ascending, with its
   * `ts_rank(document, query)`. Null when the query has more operands than this index evaluates.
   */
  match(query: QueryNode, among?: Iterable<number>): TextMatches | null {
    const prepared = this.prepare(query);
    if (!prepared) return null;
    return among ? this.matchAmong(prepared, among) : this.matchAll(prepared);
  }

  /**
   * Of `among`, each place whose document matches any of `parts` (each a word's query), ascending,
   * with how many of `parts` it matches and its `ts_rank(document, parts[0] | parts[1] | …)`: what
   * PostgreSQL gives for `document @@ part` each, and for the OR of them as to_tsquery parses
   * `(a) | (b) | (c)`. A null part (a word of stop words only) matches nothing. Null when the parts
   * have more operands than this index evaluates.
   */
  matchParts(parts: readonly (QueryNode | null)[], among: Iterable<number>): (TextMatches & { held: Int32Array }) | null {
    const words = parts.filter((part): part is QueryNode => part !== null);
    if (words.length === 0) return { places: new Int32Array(0), ranks: new Float64Array(0), held: new Int32Array(0) };
    const prepared = this.prepare(words.reduce((left, right) => ({ op: '|', left, right })));
    return prepared && this.matchAmong(prepared, among, words);
  }

  /**
   * Every place whose document matches `query`, ascending, without ranks (`match` with `among`
   * ranks those a search needs). Null when the query has more operands than this index evaluates.
   */
  matching(query: QueryNode): Int32Array | null {
    this.needPostings();
    const prepared = this.prepare(query);
    if (!prepared) return null;
    const { found, places } = this.found(prepared);
    this.freeBits.push(found);
    return places;
  }

  /**
   * Which places match (as bits, see `has`) and those places, ascending: from the operands'
   * postings. The bits are the caller's until it gives them back to `freeBits`.
   */
  private found({ query, operands, lexemeIds }: Prepared): { found: Int32Array; places: Int32Array } {
    const size = this.start.length;
    const operandOf = new Map(operands.map((operand, i) => [operand, i]));
    const evaluate = (node: QueryNode): Int32Array => {
      if ('lexeme' in node) return this.holding(lexemeIds[operandOf.get(node)!]!, size);
      const right = evaluate(node.right);
      const left = combine(node.op, evaluate(node.left), right);
      this.freeBits.push(right);
      return left;
    };
    const found = evaluate(query);
    return { found, places: membersOf(found) };
  }

  /** An empty set of `size` places (see `has`), from `freeBits` when one is there. */
  private takeBits(size: number): Int32Array {
    const words = (size + 31) >> 5;
    const free = this.freeBits.pop();
    // A set made before places were added is too short (it is left to the collector).
    if (free?.length === words) return free.fill(0);
    return new Int32Array(words);
  }

  private needPostings(): void {
    if (!this.withPostings) throw new Error('this text index keeps no postings: ask for the places to match');
  }

  /** `match` over every place: the postings of each operand's lexemes, and nothing else, are read. */
  private matchAll(prepared: Prepared): TextMatches {
    this.needPostings();
    const { lexemeIds, items, and } = prepared;
    const size = this.start.length;
    const { postings, postingPlaces } = this;
    const { found, places } = this.found(prepared);
    const n = places.length;

    // Ranks, item by item in ts_rank's order, each item's lexemes in PostgreSQL's order: so every
    // document meets its entries in the order ts_rank reads them, and sums in the same order.
    // Scratch space per place, kept between searches (a search at 100,000 videos otherwise leaves
    // megabytes to collect); `match` runs to its end without waiting, so one search uses it at a time.
    // Only the matches' places are read, so only they are set (a few thousand, not every place).
    if (this.scratch.length < size) this.scratch = new Float64Array(size);
    const rank = this.scratch;
    for (let i = 0; i < n; i += 1) rank[places[i]!] = and ? -1 : 0;
    if (!and) {
      for (const item of items) {
        for (const id of lexemeIds[item]!) {
          const entries = postings[id]!;
          const at = postingPlaces[id]!;
          for (let j = 0; j < entries.length; j += 1) {
            const place = at[j]!;
            if (has(found, place) && this.live(entries[j]!, place)) rank[place] = f(rank[place]! + this.entryTerm[entries[j]!]! / PI2_6);
          }
        }
      }
      for (let i = 0; i < n; i += 1) rank[places[i]!] = f(rank[places[i]!]! / items.length);
    } else {
      // Per item already read, the last entry of it each document holds (-1: none).
      const last: Int32Array[] = [];
      for (const item of items) {
        if (this.lastEntries.length <= last.length) this.lastEntries.push(new Int32Array(0));
        if (this.lastEntries[last.length]!.length < size) this.lastEntries[last.length] = new Int32Array(size);
        const mine = this.lastEntries[last.length]!;
        for (let i = 0; i < n; i += 1) mine[places[i]!] = -1;
        for (const id of lexemeIds[item]!) {
          const entries = postings[id]!;
          const at = postingPlaces[id]!;
          for (let j = 0; j < entries.length; j += 1) {
            const place = at[j]!;
            const entry = entries[j]!;
            if (!has(found, place) || !this.live(entry, place)) continue;
            for (const earlier of last) if (earlier[place]! >= 0) rank[place] = this.pairs(rank[place]!, entry, earlier[place]!);
            mine[place] = entry;
          }
        }
        last.push(mine);
      }
    }
    const ranks = new Float64Array(n);
    for (let i = 0; i < n; i += 1) ranks[i] = rank[places[i]!]! < 0 ? TINY : rank[places[i]!]!;
    this.freeBits.push(found);
    return { places, ranks };
  }

  /** The set (see `has`) of places whose document holds one of the lexemes `ids`. */
  private holding(ids: readonly number[], size: number): Int32Array {
    const found = this.takeBits(size);
    for (let i = 0; i < ids.length; i += 1) {
      const dense = this.denseBits(ids[i]!, size);
      if (dense) {
        for (let word = 0; word < Math.min(dense.length, found.length); word += 1) found[word]! |= dense[word]!;
        continue;
      }
      const entries = this.postings[ids[i]!]!;
      const places = this.postingPlaces[ids[i]!]!;
      for (let j = 0; j < places.length; j += 1) {
        const place = places[j]!;
        if (this.wasted === 0 || this.live(entries[j]!, place)) found[place >> 5]! |= 1 << (place & 31);
      }
    }
    return found;
  }

  /** The places holding lexeme `id` as bits (see `dense`), when at least one place in DENSE_SHARE does. */
  private denseBits(id: number, size: number): Int32Array | undefined {
    if (!this.dense[id] && this.postingPlaces[id]!.length * DENSE_SHARE >= size) {
      const bits = new Int32Array((size + 31) >> 5);
      const entries = this.postings[id]!;
      const places = this.postingPlaces[id]!;
      for (let j = 0; j < places.length; j += 1) {
        if (this.live(entries[j]!, places[j]!)) bits[places[j]! >> 5]! |= 1 << (places[j]! & 31);
      }
      this.dense[id] = bits;
    }
    return this.dense[id];
  }

  /**
   * `match` over a few places (a change applied to a kept text, a page's segments): each
   * document's entries are read. With `parts` (subtrees of the query), also how many of them each
   * match holds.
   */
  private matchAmong(
    { query, operands, lexemeIds, items, and, ranges }: Prepared,
    among: Iterable<number>,
    parts: readonly QueryNode[] = [],
  ): TextMatches & { held: Int32Array } {
    if (this.masks.length < this.lexemes.length) this.masks = new Int32Array(Math.ceil(this.lexemes.length * 1.5));
    const { masks } = this;
    const touched: number[] = [];
    lexemeIds.forEach((ids, i) => {
      for (const id of ids) {
        if (masks[id] === 0) touched.push(id);
        masks[id]! |= 1 << i;
      }
    });
    const bit = new Map(operands.map((operand, i) => [operand, 1 << i]));
    const holds = (node: QueryNode, mask: number): boolean =>
      'lexeme' in node
        ? (mask & bit.get(node)!) !== 0
        : node.op === '&'
          ? holds(node.left, mask) && holds(node.right, mask)
          : holds(node.left, mask) || holds(node.right, mask);
    try {
      const places: number[] = [];
      const ranks: number[] = [];
      const held: number[] = [];
      const sorted = ascendingIn(among, this.start.length);
      // Whether the query (and each part) holds, for every combination of operands a document may
      // hold: worked out once, then one read per document instead of walking the query (when that
      // is less work than walking it for each document).
      const tables =
        operands.length <= TABLE_OPERANDS && 1 << operands.length <= sorted.length * (1 + parts.length)
          ? [query, ...parts].map((node) => truthTable((mask) => holds(node, mask), operands.length))
          : null;
      // The document's entries of the query's lexemes, in its own order (a few of dozens). A
      // document's lexemes are in PostgreSQL's order: each range of the query's is found by halving.
      const { rankOf, entryLexeme } = this;
      let mine = new Int32Array(16);
      const last = new Int32Array(items.length);
      for (let i = 0; i < sorted.length; i += 1) {
        const place = sorted[i]!;
        if (this.count[place] === 0) continue;
        let from = this.start[place]!;
        const to = from + this.count[place]!;
        let mask = 0;
        let found = 0;
        for (let r = 0; r < ranges.length; r += 2) {
          const first = ranges[r]!;
          const end = ranges[r + 1]!;
          let high = to;
          while (from < high) {
            const middle = (from + high) >> 1;
            if (rankOf[entryLexeme[middle]!]! < first) from = middle + 1;
            else high = middle;
          }
          for (; from < to && rankOf[entryLexeme[from]!]! < end; from += 1) {
            mask |= masks[entryLexeme[from]!]!;
            if (found === mine.length) mine = grow(mine, found * 2, Int32Array);
            mine[found++] = from;
          }
        }
        if (tables ? tables[0]![mask] === 0 : !holds(query, mask)) continue;
        let n = 0;
        for (let p = 0; p < parts.length; p += 1) if (tables ? tables[p + 1]![mask] === 1 : holds(parts[p]!, mask)) n += 1;
        held.push(n);
        // Item by item, each item's entries in the document's order.
        let rank = and ? -1 : 0;
        for (let t = 0; t < items.length; t += 1) {
          const itemBit = 1 << items[t]!;
          let latest = -1;
          for (let k = 0; k < found; k += 1) {
            const entry = mine[k]!;
            if ((masks[entryLexeme[entry]!]! & itemBit) === 0) continue;
            if (!and) rank = f(rank + this.entryTerm[entry]! / PI2_6);
            else {
              for (let e = 0; e < t; e += 1) if (last[e]! >= 0) rank = this.pairs(rank, entry, last[e]!);
            }
            latest = entry;
          }
          last[t] = latest;
        }
        if (!and) rank = f(rank / items.length);
        places.push(place);
        ranks.push(rank < 0 ? TINY : rank);
      }
      return { places: Int32Array.from(places), ranks: Float64Array.from(ranks), held: Int32Array.from(held) };
    } finally {
      for (const id of touched) masks[id] = 0;
    }
  }

  /**
   * calc_rank_and's step: `result` with every pair of positions of `entry` and of `earlier` (an
   * entry of an item before its own) added, a pair closer in the text adding more. Reads the
   * positions in place (this runs for every matching document of a search).
   */
  private pairs(result: number, entry: number, earlier: number): number {
    const { positions } = this;
    const mineCount = this.entryPositions[entry]!;
    const theirCount = this.entryPositions[earlier]!;
    const anyWithout = mineCount === 0 || theirCount === 0;
    const mineAt = this.entryAt[entry]!;
    const theirAt = this.entryAt[earlier]!;
    const mineEnd = mineCount === 0 ? 1 : mineCount;
    const theirEnd = theirCount === 0 ? 1 : theirCount;
    for (let l = 0; l < mineEnd; l += 1) {
      const mine = mineCount === 0 ? NO_POSITION : positions[mineAt + l]!;
      const row = ((mine >> 14) << 2) * 102;
      for (let p = 0; p < theirEnd; p += 1) {
        const theirs = theirCount === 0 ? NO_POSITION : positions[theirAt + p]!;
        let distance = Math.abs((mine & (MAXENTRYPOS - 1)) - (theirs & (MAXENTRYPOS - 1)));
        if (distance === 0) {
          if (!anyWithout) continue;
          distance = MAXENTRYPOS;
        }
        const weight = PAIR_WEIGHT[row + (theirs >> 14) * 102 + (distance > 100 ? 101 : distance)]!;
        result = result < 0 ? weight : f(1.0 - (1.0 - result) * (1.0 - weight));
      }
    }
    return result;
  }
}
