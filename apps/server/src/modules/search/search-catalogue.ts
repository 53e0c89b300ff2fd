// The published catalogue in memory. A search on two cores cannot afford to scan, rank, count and
// facet thousands of rows in PostgreSQL for every request (bench/search-load.mjs: 2.4 s at the
// 95th percentile under 50 clients). The catalogue is loaded once, then kept as current as
// PostgreSQL by the change log of migration 0012: every search first reads the log's version, and
// when a committed change moved it, the videos it names are read again and applied in place, so
// nobody sees data older than what they could read in PostgreSQL. A text's matches come from the
// catalogue's text index (search-text-index.ts: each video's search document), once per text,
// and are kept up to date the same way; their ranks (ts_rank as PostgreSQL computes it) as
// searches need them (`byRank`); access (the same `watcher` as every other entry point), filters,
// facets, sorts and paging are then decided here, per request, over typed columns.
import {
  DURATION_SPAN_MINUTES,
  DURATION_SPANS,
  FRAME_RATE_RANGE,
  FRAME_RATES,
  RESOLUTION_MIN_HEIGHT,
  RESOLUTIONS,
  UPLOAD_DATE_DAYS,
  UPLOAD_DATES,
  type DurationSpan,
  type FrameRate,
  type Resolution,
  type SearchSort,
  type UploadDate,
} from '@ipsv/contracts/search';
import { SURGERY_TYPE_ALL } from '@ipsv/contracts/surgery-types';
import type { WatchFacts } from '../videos/video-access.js';
import type { CatalogueRow, SearchRepository } from './search.repository.js';
import { joinTsqueries, tsqueryText, tsqueryWords } from './search-text.js';
import { bitCount, grow, membersOf, parseTsquery, TextIndex, type QueryNode } from './search-text-index.js';

export interface SearchFilters {
  surgeryType: number;
  resolution: Resolution[];
  duration: DurationSpan[];
  frameRate: FrameRate[];
  gender: string[];
  bmi: string[];
  pgs: number[];
  uploaded?: UploadDate;
  owner?: string;
}

export const FACET_NAMES = ['surgeryType', 'resolution', 'duration', 'frameRate', 'gender', 'bmi', 'pgs', 'uploaded'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

/** The filters that compare one value of the video (`uploaded` compares its date instead). */
const VALUE_FACETS = ['surgeryType', 'resolution', 'duration', 'frameRate', 'gender', 'bmi', 'pgs'] as const;
type ValueFacet = (typeof VALUE_FACETS)[number];

// Every (filter, value) pair met so far, numbered, so a search counts its facets in one typed array
// and checks a filter with one array read. Values come from stored videos only (a filter value no
// video has is looked up, never numbered), so the table stays as small as the values in use.
const codes = new Map<string, number>();
const pairs: { facet: FacetName; value: string }[] = [];
const pairKey = (facet: FacetName, value: string) => `${facet}\u0000${value}`;
const codeOf = (facet: FacetName, value: string): number => {
  let code = codes.get(pairKey(facet, value));
  if (code === undefined) {
    code = pairs.length;
    codes.set(pairKey(facet, value), code);
    pairs.push({ facet, value });
  }
  return code;
};
const UPLOADED_CODES = UPLOAD_DATES.map((option) => codeOf('uploaded', option));

/** Each resolution class from its minimum height; a video without a height counts as the lowest. */
const resolutionOf = (height: number | null): Resolution =>
  RESOLUTIONS.findLast((resolution) => height !== null && height >= RESOLUTION_MIN_HEIGHT[resolution]) ?? RESOLUTIONS[0];

const durationOf = (seconds: number | null): DurationSpan | null => {
  if (seconds === null) return null;
  return DURATION_SPANS.find((span) => DURATION_SPAN_MINUTES[span][1] !== null && seconds < DURATION_SPAN_MINUTES[span][1]! * 60) ?? DURATION_SPANS.at(-1)!;
};

const frameRateOf = (fps: number | null): FrameRate | null => (fps === null ? null : (FRAME_RATES.find((rate) => fps < FRAME_RATE_RANGE[rate][1]) ?? null));

const text = (value: string | number | null) => (value === null ? null : String(value));

/** The value of each filter of VALUE_FACETS for one video (null: none, as SQL's NULL). */
export function facetValues(row: CatalogueRow): Record<ValueFacet, string | null> {
  return {
    surgeryType: text(row.surgery_type_id),
    resolution: resolutionOf(row.height),
    duration: durationOf(row.duration_seconds),
    frameRate: frameRateOf(row.fps),
    gender: row.patient_gender,
    bmi: row.weight_class,
    pgs: text(row.pgs_grade),
  };
}

const FACETS = VALUE_FACETS.length;
/** At most this many of a catalogue's `bits` are kept: each filter value in use, open, upload dates. */
const MAX_BIT_SETS = 64;

/** The segment a result shows: the one of its video that holds most of the search's words. */
export type ShownSegment = { title: string; startTime: number };

/** What a change to a video did besides its card (see `Catalogue.update`). */
const REORDER = 1;
const REFILTER = 2;

/**
 * The published videos, column by column: a search reads a few numbers per video from typed
 * arrays (a whole catalogue pass is memory-bound; objects scattered over the heap made it ten
 * times slower), and the row itself only for the page it shows or a video not open to everyone.
 */
export class Catalogue {
  readonly byId = new Map<string, number>();
  /** The rows by place; a place is never reused (a video gone from the catalogue leaves a hole). */
  readonly rows: CatalogueRow[] = [];
  /** 1 when every signed-in user may watch the video (published to all, not taken down). */
  open = new Uint8Array(0);
  /** 1 where the video left the catalogue (unpublished or deleted) since it was loaded. */
  gone = new Uint8Array(0);
  /** Each video's VALUE_FACETS value numbers, FACETS per video (-1: none). */
  codes = new Int32Array(0);
  created = new Float64Array(0);
  /** NaN where PostgreSQL had NULL. */
  published = new Float64Array(0);
  views = new Float64Array(0);
  /**
   * Each video's access class (-1: open): videos whose visibility, lists, grants and take-down are
   * the same share one, so a search asks `watcher` once per class, not once per video.
   */
  accessClass = new Int32Array(0);
  /** Each video's owner as a number (see `ownerCode`). */
  owner = new Int32Array(0);
  /** What `watcher` reads, per access class (with no owner: the owner is compared apart). */
  readonly classes: WatchFacts[] = [];
  private readonly classIds = new Map<string, number>();
  private readonly ownerCodes = new Map<string, number>();
  /** Each video's search document (taken from its row, which then drops it). */
  readonly text = new TextIndex();
  /**
   * Each video's segments (taken from its row too): per video the first of its places in
   * `segmentText` and how many, in time order; per segment place its title and start. A result
   * shows the segment its text matched best (`bestSegments`): asking PostgreSQL for that at every
   * new text halved how many new texts a second 50 clients got (bench/RESULTS.md).
   */
  private segmentFrom = new Int32Array(0);
  private segmentCount = new Int32Array(0);
  private segmentStart = new Float64Array(0);
  /** Segment places in use (those of `segmentStart`, `titleFrom` and `titleLength`). */
  private segmentPlaces = 0;
  /**
   * Each segment place's title, as UTF-16 code units in `titleChars` from `titleFrom` on, for
   * `titleLength`: half a million title strings (100,000 videos) were over half of what every
   * full collection of a search thread's heap marked for its catalogue (bench/RESULTS.md).
   */
  private titleChars = new Uint16Array(0);
  private titleCharsUsed = 0;
  private titleFrom = new Int32Array(0);
  private titleLength = new Int32Array(0);
  /** Only a page's segments are ever matched: no postings (see `TextIndex`). */
  readonly segmentText = new TextIndex(false);
  /**
   * Sets of places (bits, see `membersOf`) that pass one filter, or are open to everyone, by a key
   * naming what they hold: a search ANDs a few of them instead of checking each of its matches.
   * Forgotten whenever a video is written or leaves.
   */
  private readonly bitSets = new Map<string, Int32Array>();

  constructor(rows: readonly CatalogueRow[]) {
    this.reserve(rows.length);
    this.text.reserve(rows.map((row) => row.document));
    this.segmentText.reserve(rows.flatMap((row) => row.segments?.map((segment) => segment[2]) ?? []));
    let segments = 0;
    let chars = 0;
    for (const row of rows) {
      for (const [title] of row.segments ?? []) {
        segments += 1;
        chars += title.length;
      }
    }
    this.reserveSegments(segments, chars);
    for (const row of rows) this.add(row);
  }

  get size(): number {
    return this.rows.length;
  }

  /**
   * The number standing for a user id in `owner` (-1 for one who owns no video here): a scan
   * compares numbers in a column instead of reading each video's row, which for a whole
   * catalogue pass costs a memory access per video.
   */
  ownerCode(userId: string): number {
    return this.ownerCodes.get(userId) ?? -1;
  }

  /** Room for `count` videos in every column. */
  private reserve(count: number): void {
    if (count <= this.open.length) return;
    const capacity = Math.max(count, Math.ceil(this.open.length * 1.5) + 64);
    const grow = <T extends Uint8Array | Int32Array | Float64Array>(old: T, make: (length: number) => T, width = 1): T => {
      const next = make(capacity * width);
      next.set(old);
      return next;
    };
    this.open = grow(this.open, (length) => new Uint8Array(length));
    this.gone = grow(this.gone, (length) => new Uint8Array(length));
    this.codes = grow(this.codes, (length) => new Int32Array(length), FACETS);
    this.created = grow(this.created, (length) => new Float64Array(length));
    this.published = grow(this.published, (length) => new Float64Array(length));
    this.views = grow(this.views, (length) => new Float64Array(length));
    this.accessClass = grow(this.accessClass, (length) => new Int32Array(length));
    this.owner = grow(this.owner, (length) => new Int32Array(length));
    this.segmentFrom = grow(this.segmentFrom, (length) => new Int32Array(length));
    this.segmentCount = grow(this.segmentCount, (length) => new Int32Array(length));
  }

  /** Adds a video at the next place. */
  add(row: CatalogueRow): number {
    const place = this.rows.length;
    this.reserve(place + 1);
    this.rows.push(row);
    this.byId.set(row.id, place);
    this.write(place, row);
    return place;
  }

  /**
   * Puts a new state of the video at `place`, and says what it changed besides the card: REORDER
   * (a sort key: dates, views), REFILTER (who may watch it, its owner, a filter value, its upload
   * date), both or neither (0).
   */
  update(place: number, row: CatalogueRow): number {
    const old = this.rows[place]!;
    // Who may watch it is part of a search's kept parts too (see `evaluate`).
    const facts = () => [this.open[place], this.accessClass[place], this.owner[place], ...this.codes.subarray(place * FACETS, (place + 1) * FACETS)];
    const before = facts();
    this.rows[place] = row;
    this.write(place, row);
    const after = facts();
    const reorder = old.created_ms !== row.created_ms || old.published_ms !== row.published_ms || old.views !== row.views;
    const refilter = old.created_ms !== row.created_ms || before.some((value, i) => value !== after[i]);
    return (reorder ? REORDER : 0) | (refilter ? REFILTER : 0);
  }

  /**
   * The places that `pick` picks (as bits, see `membersOf`), kept under `key` until a video
   * changes: at most MAX_BIT_SETS of them, the oldest out first.
   */
  bits(key: string, pick: (place: number) => boolean): Int32Array {
    let bits = this.bitSets.get(key);
    if (!bits) {
      bits = new Int32Array((this.size + 31) >> 5);
      for (let place = 0; place < this.size; place += 1) if (pick(place)) bits[place >> 5]! |= 1 << (place & 31);
      if (this.bitSets.size >= MAX_BIT_SETS) this.bitSets.delete(this.bitSets.keys().next().value!);
      this.bitSets.set(key, bits);
    }
    return bits;
  }

  /** The video left the catalogue: nobody finds it any more. */
  remove(place: number): void {
    this.bitSets.clear();
    this.byId.delete(this.rows[place]!.id);
    this.text.clear(place);
    this.writeSegments(place, []);
    this.gone[place] = 1;
    this.open[place] = 0;
    this.accessClass[place] = -1;
  }

  private write(place: number, row: CatalogueRow): void {
    this.bitSets.clear();
    if (row.document !== undefined) {
      this.text.set(place, row.document);
      // The index holds it now; undefined (not deleted) keeps every row the same shape.
      row.document = undefined;
    }
    if (row.segments !== undefined) {
      this.writeSegments(place, row.segments ?? []);
      row.segments = undefined;
    }
    const values = facetValues(row);
    VALUE_FACETS.forEach((facet, f) => {
      const value = values[facet];
      this.codes[place * FACETS + f] = value === null ? -1 : codeOf(facet, value);
    });
    this.created[place] = row.created_ms;
    this.published[place] = row.published_ms ?? NaN;
    this.views[place] = row.views ?? NaN;
    const open = row.visibility === 'signed_in' && !row.taken_down && row.published_version >= 1;
    // Empty lists (most videos') become one shared array, not three per video for every full
    // collection to mark; a class's lists are shared the same way (`classOf`).
    if (row.whitelist.length === 0) row.whitelist = NO_ENTRIES;
    if (row.list_entries.length === 0) row.list_entries = NO_ENTRIES;
    if (row.access_grants.length === 0) row.access_grants = NO_ENTRIES;
    this.open[place] = open ? 1 : 0;
    this.accessClass[place] = open ? -1 : this.classOf(row);
    let owner = this.ownerCodes.get(row.owner_id);
    if (owner === undefined) {
      owner = this.ownerCodes.size;
      this.ownerCodes.set(row.owner_id, owner);
    }
    this.owner[place] = owner;
  }

  /**
   * The video at `place` now has `segments`: in the places it had when they are no more (a
   * segment the same as before changes nothing there), else in new places at the end. The places
   * left behind then (a few per edit that adds segments) are not used again before a whole load.
   */
  private writeSegments(place: number, segments: readonly [string, number, string | null][]): void {
    const had = this.segmentCount[place]!;
    let from = this.segmentFrom[place]!;
    const keep = segments.length <= had ? segments.length : 0;
    for (let k = keep; k < had; k += 1) {
      this.segmentText.clear(from + k);
      this.setTitle(from + k, '');
    }
    if (segments.length > had) {
      from = this.segmentPlaces;
      this.reserveSegments(from + segments.length, 0);
      this.segmentPlaces = from + segments.length;
    }
    segments.forEach(([title, start, document], k) => {
      this.setTitle(from + k, title);
      this.segmentStart[from + k] = Number(start);
      this.segmentText.set(from + k, document);
    });
    this.segmentFrom[place] = from;
    this.segmentCount[place] = segments.length;
  }

  /** Room for `places` segment places in all, and for `chars` more title characters. */
  private reserveSegments(places: number, chars: number): void {
    this.segmentStart = grow(this.segmentStart, places, Float64Array);
    this.titleFrom = grow(this.titleFrom, places, Int32Array);
    this.titleLength = grow(this.titleLength, places, Int32Array);
    this.titleChars = grow(this.titleChars, this.titleCharsUsed + chars, Uint16Array);
  }

  /**
   * Segment place `segment`'s title is now `title`: where the one before was when it is no longer
   * (an edit), else after every other (the characters left behind are not used again before a
   * whole load, as the places are not).
   */
  private setTitle(segment: number, title: string): void {
    let at = this.titleFrom[segment]!;
    if (title.length > this.titleLength[segment]!) {
      this.reserveSegments(0, title.length);
      at = this.titleCharsUsed;
      this.titleCharsUsed += title.length;
    }
    for (let i = 0; i < title.length; i += 1) this.titleChars[at + i] = title.charCodeAt(i);
    this.titleFrom[segment] = at;
    this.titleLength[segment] = title.length;
  }

  /** Segment place `segment`'s title (see `setTitle`). */
  private titleOf(segment: number): string {
    const from = this.titleFrom[segment]!;
    return String.fromCharCode(...this.titleChars.subarray(from, from + this.titleLength[segment]!));
  }

  /**
   * For each of `places` that has one, its segment that holds the most of `parts` (each word's
   * query, see `TextIndex.matchParts`), then the best ranked for any of them, then the earliest:
   * what `segmentMatches` asks PostgreSQL. Null when the parts are more than the index evaluates.
   */
  bestSegments(parts: readonly (QueryNode | null)[], places: readonly number[]): Map<number, ShownSegment> | null {
    const videoOf = new Map<number, number>();
    for (const place of places) {
      for (let k = 0; k < this.segmentCount[place]!; k += 1) videoOf.set(this.segmentFrom[place]! + k, place);
    }
    const found = this.segmentText.matchParts(parts, videoOf.keys());
    if (!found) return null;
    const best = new Map<number, number>();
    for (let i = 0; i < found.places.length; i += 1) {
      const video = videoOf.get(found.places[i]!)!;
      const other = best.get(video);
      // A video's places are in time order, and `found` ascending: the first of equals is the earliest.
      if (other === undefined || found.held[i]! > found.held[other]! || (found.held[i] === found.held[other] && found.ranks[i]! > found.ranks[other]!)) {
        best.set(video, i);
      }
    }
    const segments = new Map<number, ShownSegment>();
    for (const [video, i] of best) {
      const segment = found.places[i]!;
      segments.set(video, { title: this.titleOf(segment), startTime: this.segmentStart[segment]! });
    }
    return segments;
  }

  private classOf(row: CatalogueRow): number {
    const facts: WatchFacts = {
      ownerId: '',
      visibility: row.visibility,
      whitelist: row.whitelist,
      listEntries: row.list_entries,
      accessGrants: row.access_grants,
      publishedVersion: row.published_version,
      takenDownAt: row.taken_down ? new Date(0) : null,
    };
    const key = JSON.stringify([facts.visibility, facts.whitelist, facts.listEntries, facts.accessGrants, facts.publishedVersion, row.taken_down]);
    let id = this.classIds.get(key);
    if (id === undefined) {
      id = this.classes.push(facts) - 1;
      this.classIds.set(key, id);
    }
    // The row's lists become its class's (equal, and never changed).
    const shared = this.classes[id]!;
    row.whitelist = shared.whitelist;
    row.list_entries = shared.listEntries;
    row.access_grants = shared.accessGrants;
    return id;
  }
}

// ---- Sorts, as the SQL they replace ordered (PostgreSQL puts NULL first in DESC, last in ASC),
// as two ascending numeric keys per hit and the id: a descending key is negated, and a NULL
// (NaN) becomes -Infinity where it comes first, +Infinity where it comes last.
const first = (value: number) => (Number.isNaN(value) ? -Infinity : value);
const last = (value: number) => (Number.isNaN(value) ? Infinity : value);
/** The two keys of the hit at `place` of `set` for each sort. */
const KEYS: Record<SearchSort, (set: HitSet, place: number, video: number) => [number, number]> = {
  RELEVANCE: (set, place, video) => [-set.ranks[place]!, first(-set.catalogue.published[video]!)],
  POPULAR: (set, _place, video) => [last(-set.catalogue.views[video]!), last(-set.catalogue.published[video]!)],
  DATE_ADDED_NEW: (set, _place, video) => [-set.catalogue.created[video]!, 0],
  DATE_ADDED_OLD: (set, _place, video) => [set.catalogue.created[video]!, 0],
  DATE_PUBLISH_NEW: (set, _place, video) => [first(-set.catalogue.published[video]!), 0],
  DATE_PUBLISH_OLD: (set, _place, video) => [last(set.catalogue.published[video]!), 0],
};

// A relevance sort key: a rank's 32 bits, then an index below 2^21, exact in a double's 53 bits.
const INDEX_LIMIT = 2 ** 21;
const RANK_FLOAT = new Float32Array(1);
const RANK_BITS = new Uint32Array(RANK_FLOAT.buffer);

/** The empty list every row with an empty list holds (see `Catalogue.write`); frozen, as rows are never changed. */
const NO_ENTRIES: never[] = [];
Object.freeze(NO_ENTRIES);

/** Where a text's hits are made into bits (`HitSet.bits`), and counted word by word (`HitSet.indexer`). */
let hitScratch = new Int32Array(0);
let countScratch = new Int32Array(0);

/** The filters as a key (not the page, its size or the sort: one part serves every page). */
const filterKey = (f: SearchFilters) => JSON.stringify([f.surgeryType, f.resolution, f.duration, f.frameRate, f.gender, f.bmi, f.pgs, f.uploaded, f.owner]);

// The parts of recent searches (see `evaluate`), least recently used first, for all hit sets
// together: at most this many places in all, and none older than its ten seconds.
const MAX_PART_PLACES = 4_000_000;
const parts = new Map<string, { at: number; scan: Scan }>();
let partsSize = 0;
let nextSetKey = 0;

/** A set of hits (the whole catalogue, or one text's matches) with each sort worked out once. */
export class HitSet {
  private readonly sorted = new Map<SearchSort, Int32Array>();
  private readonly split = new Map<string, Int32Array>();
  /** Names this set's parts (see `part`); a new one whenever what the set holds changes. */
  private key = (nextSetKey += 1);
  /** Best-matching segment of a hit, per video id (null: none matches), asked of PostgreSQL as pages need them (without `parts`). */
  readonly segments = new Map<string, ShownSegment | null>();

  /** Per sort, each catalogue place's index in `in(sort)` (for the whole catalogue only). */
  private readonly indexes = new Map<SearchSort, Int32Array>();
  /** `videos` as bits (see `bits`), until they change. */
  private hitBits: Int32Array | null = null;

  /**
   * @param videos each hit's place in the catalogue, ascending
   * @param ranks each hit's relevance (all 0 without text; NaN where not worked out yet from `query`):
   *   single precision, as ts_rank's are (a text's set is kept after its search, and half the size
   *   is less for the collector)
   * @param whole the whole catalogue's set, whose orders a text's set reads (none for that set itself)
   * @param query the text as the catalogue's text index evaluates it, which ranks hits as searches need them
   * @param parts each word's own query (null: stop words only), which picks the segment a result shows
   */
  constructor(
    readonly catalogue: Catalogue,
    readonly text: string,
    public videos: Int32Array,
    public ranks: Float32Array,
    private readonly whole: HitSet | null = null,
    private readonly query: QueryNode | null = null,
    readonly parts: readonly (QueryNode | null)[] | null = null,
  ) {}

  /**
   * The rank of each of `videos` (catalogue places of hits), from the text index for those not
   * ranked yet: document by document for a few, from the postings when they are many.
   */
  ranksOf(videos: ArrayLike<number>): Float64Array {
    const indexOf = this.indexer(videos.length);
    const at = new Int32Array(videos.length);
    const missing: number[] = [];
    for (let i = 0; i < videos.length; i += 1) {
      at[i] = indexOf(videos[i]!);
      if (at[i]! >= 0 && Number.isNaN(this.ranks[at[i]!])) missing.push(videos[i]!);
    }
    if (missing.length && this.query) {
      const found = this.catalogue.text.match(this.query, missing.length * 4 > this.videos.length ? undefined : missing);
      for (let i = 0; i < (found?.places.length ?? 0); i += 1) {
        const index = indexOf(found!.places[i]!);
        if (index >= 0) this.ranks[index] = found!.ranks[i]!;
      }
    }
    // A hit the index no longer holds (a set a change has since replaced) ranks last.
    const ranks = new Float64Array(at.length);
    for (let i = 0; i < at.length; i += 1) ranks[i] = at[i]! < 0 || Number.isNaN(this.ranks[at[i]!]) ? 0 : this.ranks[at[i]!]!;
    return ranks;
  }

  /**
   * The hits as a set of catalogue places (bits, see `membersOf`): kept by the whole catalogue's
   * set; a text's are made again in `hitScratch` (a few microseconds), valid until the next call,
   * rather than kept with each text searched.
   */
  bits(): Int32Array {
    if (this.hitBits) return this.hitBits;
    const words = (this.catalogue.size + 31) >> 5;
    let bits: Int32Array;
    if (this.whole) {
      if (hitScratch.length < words) hitScratch = new Int32Array(words);
      bits = hitScratch.subarray(0, words).fill(0);
    } else bits = this.hitBits = new Int32Array(words);
    for (let i = 0; i < this.videos.length; i += 1) bits[this.videos[i]! >> 5]! |= 1 << (this.videos[i]! & 31);
    return bits;
  }

  /**
   * A lookup of a catalogue place's index in `videos` (-1: not a hit), for `n` lookups: by halving
   * when they are few; else from the hits' bits and the hits before each word of them (made in
   * `countScratch`: valid until the next call), two reads and a count each. Halving took a third
   * of ranking a never-searched text's results.
   */
  private indexer(n: number): (video: number) => number {
    const words = (this.catalogue.size + 31) >> 5;
    if (n * 32 < words) return (video) => this.indexOf(video);
    const bits = this.bits();
    const used = Math.min(words, bits.length);
    if (countScratch.length < used) countScratch = new Int32Array(used);
    const before = countScratch;
    for (let word = 0, count = 0; word < used; word += 1) {
      before[word] = count;
      count += bitCount(bits[word]!);
    }
    return (video) => {
      const word = video >> 5;
      if (video < 0 || word >= used || ((bits[word]! >>> (video & 31)) & 1) === 0) return -1;
      // The bits below this one: (1 << 31) - 1 is 2^31 - 1 as the & reads it.
      return before[word]! + bitCount(bits[word]! & ((1 << (video & 31)) - 1));
    };
  }

  /** The index of catalogue place `video` in `videos` (ascending), or -1. */
  private indexOf(video: number): number {
    const { videos } = this;
    let low = 0;
    let high = videos.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (videos[middle]! < video) low = middle + 1;
      else high = middle;
    }
    return low < videos.length && videos[low] === video ? low : -1;
  }

  static all(catalogue: Catalogue): HitSet {
    const set = new HitSet(catalogue, '', new Int32Array(0), new Float32Array(0));
    set.refill();
    return set;
  }

  /** The whole catalogue again (after videos were added to it). */
  refill(): void {
    this.changed(Int32Array.from(this.catalogue.rows.keys()), new Float32Array(this.catalogue.size));
  }

  get size(): number {
    return this.videos.length;
  }

  /**
   * The videos it holds changed: their facts (`videos` absent, the orders stay unless `reorder`),
   * or which videos and ranks. What was worked out from the old state is forgotten.
   */
  changed(videos?: Int32Array, ranks?: Float32Array, reorder = videos !== undefined): void {
    if (videos && ranks) {
      this.videos = videos;
      this.ranks = ranks;
      this.hitBits = null;
    }
    if (reorder) {
      this.sorted.clear();
      this.indexes.clear();
      this.orders = nextSetKey += 1;
    }
    this.split.clear();
    this.key = nextSetKey += 1;
  }

  /** Names this set's orders (see `wholeOrder`); a new one whenever they change. */
  private orders = (nextSetKey += 1);

  /**
   * The whole catalogue's order for `sort`, each place's index in it, and a name for both (a new
   * one when they change); null while the whole catalogue's set does not hold every place.
   */
  wholeOrder(sort: SearchSort): { order: Int32Array; index: Int32Array; name: number } | null {
    const whole = this.whole ?? this;
    if (whole.size !== this.catalogue.size) return null;
    return { order: whole.in(sort), index: whole.indexIn(sort), name: whole.orders };
  }

  /** The indexes in `videos` of the videos open to every signed-in user (or of the others, gone ones included). */
  held(open: boolean): Int32Array {
    return this.openIn(`held:${open}`, this.videos, open);
  }

  /** The places in `in(sort)` of the videos open to every signed-in user (or of the others, gone ones included). */
  places(sort: SearchSort, open: boolean): Int32Array {
    return this.openIn(`${sort}:${open}`, this.in(sort), open);
  }

  /** The indexes in `videos` of the open videos (or of the others), kept under `key` until the set changes. */
  private openIn(key: string, videos: Int32Array, open: boolean): Int32Array {
    let found = this.split.get(key);
    if (!found) {
      const wanted = open ? 1 : 0;
      const isOpen = this.catalogue.open;
      let n = 0;
      for (let i = 0; i < videos.length; i += 1) if (isOpen[videos[i]!] === wanted) n += 1;
      found = new Int32Array(n);
      for (let i = 0, j = 0; i < videos.length; i += 1) if (isOpen[videos[i]!] === wanted) found[j++] = i;
      this.split.set(key, found);
    }
    return found;
  }

  /**
   * What `make` found for these filters at `now` over the videos `who` names (the open ones, or
   * the others as one kind of viewer may watch them), kept while `now` stays the same.
   */
  part(who: string, sort: SearchSort, filters: SearchFilters, now: number, make: () => Scan): Scan {
    const key = `${this.key}:${who}:${sort}:${filterKey(filters)}`;
    const kept = parts.get(key);
    if (kept?.at === now) {
      parts.delete(key);
      parts.set(key, kept);
      return kept.scan;
    }
    const scan = make();
    if (kept) parts.delete(key);
    parts.set(key, { at: now, scan });
    partsSize += scan.passing.length - (kept?.scan.passing.length ?? 0);
    // Least recently used first: out with what is from another ten seconds (the parts of a set
    // that has changed since go this way), or over the budget.
    for (const [oldest, part] of parts) {
      if (oldest === key || (part.at === now && partsSize <= MAX_PART_PLACES)) break;
      parts.delete(oldest);
      partsSize -= part.scan.passing.length;
    }
    return scan;
  }

  /** Each catalogue place's index in `in(sort)` (a set of the whole catalogue holds every place). */
  private indexIn(sort: SearchSort): Int32Array {
    let index = this.indexes.get(sort);
    if (!index) {
      const order = this.in(sort);
      index = new Int32Array(this.catalogue.size);
      order.forEach((place, i) => {
        index![place] = i;
      });
      this.indexes.set(sort, index);
    }
    return index;
  }

  /** The catalogue places of the hits in `sort` order. */
  in(sort: SearchSort): Int32Array {
    let order = this.sorted.get(sort);
    if (!order && sort === 'RELEVANCE') this.ranksOf(this.videos);
    if (!order && this.whole && this.whole.size === this.catalogue.size) {
      order = this.whole.sortedPart(sort, this.videos, this.ranks) ?? undefined;
      if (order) this.sorted.set(sort, order);
    }
    if (!order) {
      const { videos } = this;
      const { rows } = this.catalogue;
      const major = new Float64Array(videos.length);
      const minor = new Float64Array(videos.length);
      videos.forEach((video, place) => {
        [major[place], minor[place]] = KEYS[sort](this, place, video);
      });
      // Infinity - Infinity is NaN, which sorts on like 0 (equal) to the next key.
      const places = Array.from(videos.keys()).sort((a, b) => {
        const order = major[a]! - major[b]! || minor[a]! - minor[b]!;
        if (order) return order;
        const x = rows[videos[a]!]!.id;
        const y = rows[videos[b]!]!.id;
        return x < y ? -1 : x > y ? 1 : 0;
      });
      order = Int32Array.from(places, (place) => videos[place]!);
      this.sorted.set(sort, order);
    }
    return order;
  }

  /**
   * `videos` (with `ranks`) in `sort` order, from this whole catalogue's orders, without comparing
   * hits one by one (a text's first search sorted thousands of hits with a comparator, the larger
   * part of its cost): a sort that does not read the rank is this set's order with the others left
   * out; relevance orders by rank, then as 'published, newest' does (this set's index in it), as
   * one number per hit sorted natively. Null when the catalogue is too large for that number.
   */
  sortedPart(sort: SearchSort, videos: Int32Array, ranks: Float32Array): Int32Array | null {
    const order = this.in(sort === 'RELEVANCE' ? 'DATE_PUBLISH_NEW' : sort);
    if (sort !== 'RELEVANCE') {
      const at = indexesIn(this.indexIn(sort), videos, order.length);
      for (let i = 0; i < at.length; i += 1) at[i] = order[at[i]!]!;
      return at;
    }
    if (order.length > INDEX_LIMIT) return null;
    const index = this.indexIn('DATE_PUBLISH_NEW');
    // A rank is a non-negative single-precision number: its bits order as it does. Higher first.
    const keys = new Float64Array(videos.length);
    for (let i = 0; i < videos.length; i += 1) {
      RANK_FLOAT[0] = ranks[i]!;
      keys[i] = (0xffffffff - RANK_BITS[0]!) * INDEX_LIMIT + index[videos[i]!]!;
    }
    keys.sort();
    const part = new Int32Array(keys.length);
    for (let i = 0; i < keys.length; i += 1) part[i] = order[keys[i]! % INDEX_LIMIT]!;
    return part;
  }
}

export interface Evaluation {
  page: CatalogueRow[];
  /** Every result's number, or null when it was not asked for. */
  total: number | null;
  facets: { facet: FacetName; value: string; n: number }[] | null;
}

/** Who searches: their id (an owner sees their own videos) and what else they may watch. */
export interface Viewer {
  id: string;
  canSee: (facts: WatchFacts) => boolean;
}

export interface EvaluateOptions {
  viewer: Viewer;
  filters: SearchFilters;
  offset: number;
  limit: number;
  total: boolean;
  facets: boolean;
  now: number;
}

interface Scan {
  /** Places in the sorted order of the videos that pass every filter, ascending (see `byRank`). */
  passing: ArrayLike<number>;
  /** With relevance: each passing video's rank, highest first, `passing` then in that order. */
  ranks?: Float64Array;
  total: number;
  counts: Uint32Array;
}

/**
 * The videos at `places` of `order` (all of them when null) that `viewer` may watch (every one
 * when null) and every filter passes, their number, and for each filter value how many results it
 * gives with every other filter as it is. Stops after `stopAfter` passing videos.
 */
function scan(
  catalogue: Catalogue,
  order: Int32Array,
  places: Int32Array | null,
  options: { viewer: Viewer | null; filters: SearchFilters; now: number; facets: boolean; stopAfter: number; may?: Uint8Array },
): Scan {
  const { filters, now, facets: countFacets, viewer, stopAfter } = options;
  const { open, gone, codes: videoCodes, created: createdAt, accessClass, classes, owner: ownerOf } = catalogue;
  // What `viewer` may do per access class, asked once: 0 not yet asked, 1 may watch, 2 may not.
  const may = options.may ?? new Uint8Array(classes.length);
  const checks = checksOf(filters);
  const checkIndex = Int32Array.from(checks, (check) => check.index);
  const checkPasses = checks.map((check) => check.passes);
  const uploadedSince = filters.uploaded ? now - UPLOAD_DATE_DAYS[filters.uploaded] * 86_400_000 : -Infinity;
  // -1: no owner filter; -2: an owner of no video here (nothing passes).
  const owner = filters.owner === undefined ? -1 : catalogue.ownerCode(filters.owner) === -1 ? -2 : catalogue.ownerCode(filters.owner);
  const self = viewer ? catalogue.ownerCode(viewer.id) : -1;
  const NONE = -1;
  const UPLOADED = -2;
  const SEVERAL = -3;

  const counts = new Uint32Array(pairs.length);
  const countUploaded = uploadCounter(catalogue, now, counts);

  const passing: number[] = [];
  const end = places ? places.length : order.length;
  for (let i = 0; i < end; i += 1) {
    const place = places ? places[i]! : i;
    const video = order[place]!;
    if (gone[video] === 1 || (owner !== -1 && ownerOf[video] !== owner)) continue;
    if (viewer && open[video] === 0 && ownerOf[video] !== self) {
      const kind = accessClass[video]!;
      if (may[kind] === 0) may[kind] = viewer.canSee(classes[kind]!) ? 1 : 2;
      if (may[kind] === 2) continue;
    }
    // The one filter this video fails (it then still counts in that filter's facet).
    let failed = NONE;
    const base = video * FACETS;
    for (let c = 0; c < checkIndex.length; c += 1) {
      const code = videoCodes[base + checkIndex[c]!]!;
      if (code >= 0 && checkPasses[c]![code] === 1) continue;
      failed = failed === NONE ? checkIndex[c]! : SEVERAL;
      if (failed === SEVERAL) break;
    }
    if (failed !== SEVERAL && createdAt[video]! < uploadedSince) failed = failed === NONE ? UPLOADED : SEVERAL;
    if (failed === SEVERAL) continue;
    if (failed !== NONE) {
      if (countFacets) {
        if (failed === UPLOADED) countUploaded(video);
        else if (videoCodes[base + failed]! >= 0) counts[videoCodes[base + failed]!]! += 1;
      }
      continue;
    }
    passing.push(place);
    if (countFacets) {
      for (let f = 0; f < FACETS; f += 1) if (videoCodes[base + f]! >= 0) counts[videoCodes[base + f]!]! += 1;
      countUploaded(video);
    }
    if (passing.length >= stopAfter) break;
  }
  return { passing, total: passing.length, counts };
}

/** The value filters in use: each one's place in VALUE_FACETS, which value numbers pass it, and a key naming both. */
function checksOf(filters: SearchFilters): { index: number; passes: Uint8Array; key: string }[] {
  const wanted: Record<ValueFacet, readonly (string | number)[]> = {
    surgeryType: filters.surgeryType === SURGERY_TYPE_ALL ? [] : [filters.surgeryType],
    resolution: filters.resolution,
    duration: filters.duration,
    frameRate: filters.frameRate,
    gender: filters.gender,
    bmi: filters.bmi,
    pgs: filters.pgs,
  };
  return VALUE_FACETS.flatMap((facet, index) => {
    if (wanted[facet].length === 0) return [];
    const passes = new Uint8Array(pairs.length);
    const passing: number[] = [];
    for (const value of wanted[facet]) {
      const code = codes.get(pairKey(facet, String(value)));
      if (code !== undefined && passes[code] === 0) {
        passes[code] = 1;
        passing.push(code);
      }
    }
    return [{ index, passes, key: `${index}:${passing.sort((a, b) => a - b).join(',')}` }];
  });
}

/** Counts a video in each upload-date facet value its upload date passes at `now`, into `counts`. */
function uploadCounter(catalogue: Catalogue, now: number, counts: Uint32Array): (video: number) => void {
  const { created } = catalogue;
  const uploadedFrom = Float64Array.from(UPLOAD_DATES, (option) => now - UPLOAD_DATE_DAYS[option] * 86_400_000);
  return (video) => {
    for (let option = 0; option < uploadedFrom.length; option += 1) if (created[video]! >= uploadedFrom[option]!) counts[UPLOADED_CODES[option]!]! += 1;
  };
}

/** A check of `scanOpen` on the upload date rather than a value. */
const UPLOADED_CHECK = -1;

/**
 * `scan` of the videos open to every signed-in user among `hits` (catalogue places as bits, see
 * `membersOf`), for filters without an owner: what passes is the AND of the hits, the open videos
 * and each filter's bit set (`Catalogue.bits`), word by word, so only the videos that pass (and,
 * for the facets, those failing exactly one filter) are read one by one. A text's matches are
 * thousands of videos, of which two filters leave a few percent: checking each match was a sixth
 * of a new text's search. `passing` holds catalogue places, ascending.
 */
function scanOpen(catalogue: Catalogue, hits: Int32Array, filters: SearchFilters, now: number, countFacets: boolean): Scan {
  const { codes: videoCodes, created } = catalogue;
  const checks = checksOf(filters).map(({ index, passes, key }) => ({
    index,
    bits: catalogue.bits(`value:${key}`, (place) => {
      const code = videoCodes[place * FACETS + index]!;
      return code >= 0 && passes[code] === 1;
    }),
  }));
  if (filters.uploaded) {
    const since = now - UPLOAD_DATE_DAYS[filters.uploaded] * 86_400_000;
    checks.push({ index: UPLOADED_CHECK, bits: catalogue.bits(`uploaded:${since}`, (place) => created[place]! >= since) });
  }
  const open = catalogue.bits('open', (place) => catalogue.open[place] === 1);
  // A set made before videos were added is shorter: the words past it hold none of its hits.
  const words = Math.min(hits.length, open.length);
  /** Into `into`, the hits that are open and pass every check but `except` (and fail that one, when given). */
  const select = (into: Int32Array, except: number) => {
    for (let word = 0; word < words; word += 1) {
      let v = hits[word]! & open[word]!;
      if (except >= 0) v &= ~checks[except]!.bits[word]!;
      for (let c = 0; c < checks.length && v !== 0; c += 1) if (c !== except) v &= checks[c]!.bits[word]!;
      into[word] = v;
    }
    return membersOf(into);
  };
  const scratch = scratchBits(open.length);
  const passing = select(scratch, -1);
  const counts = new Uint32Array(pairs.length);
  if (countFacets) {
    const countUploaded = uploadCounter(catalogue, now, counts);
    for (let i = 0; i < passing.length; i += 1) {
      const base = passing[i]! * FACETS;
      for (let f = 0; f < FACETS; f += 1) if (videoCodes[base + f]! >= 0) counts[videoCodes[base + f]!]! += 1;
      countUploaded(passing[i]!);
    }
    // A video failing exactly one filter counts in that filter's facet (as in `scan`).
    checks.forEach(({ index }, c) => {
      const failing = select(scratch, c);
      for (let i = 0; i < failing.length; i += 1) {
        if (index === UPLOADED_CHECK) countUploaded(failing[i]!);
        else if (videoCodes[failing[i]! * FACETS + index]! >= 0) counts[videoCodes[failing[i]! * FACETS + index]!]! += 1;
      }
    });
  }
  return { passing, total: passing.length, counts };
}

/**
 * `found` (places in `order`, 'published, newest') in relevance order: rank, highest first, then
 * as in `order`, as `in('RELEVANCE')` orders. Only these are ranked: a text's first search
 * otherwise ranks every match, most of which its filters leave out.
 */
function byRank(set: HitSet, order: Int32Array, found: Scan): Scan {
  const { passing } = found;
  const videos = new Int32Array(passing.length);
  for (let i = 0; i < passing.length; i += 1) videos[i] = order[passing[i]!]!;
  const ranks = set.ranksOf(videos);
  let sorted: number[];
  if (passing.length <= INDEX_LIMIT) {
    // One number per video, sorted natively: the rank's bits (higher first), then its index here.
    const keys = new Float64Array(passing.length);
    for (let i = 0; i < passing.length; i += 1) {
      RANK_FLOAT[0] = ranks[i]!;
      keys[i] = (0xffffffff - RANK_BITS[0]!) * INDEX_LIMIT + i;
    }
    keys.sort();
    sorted = new Array<number>(keys.length);
    for (let i = 0; i < keys.length; i += 1) sorted[i] = keys[i]! % INDEX_LIMIT;
  } else sorted = Array.from({ length: passing.length }, (_, i) => i).sort((a, b) => ranks[b]! - ranks[a]! || a - b);
  const byRanks = new Float64Array(sorted.length);
  const places = new Array<number>(sorted.length);
  for (let i = 0; i < sorted.length; i += 1) {
    places[i] = passing[sorted[i]!]!;
    byRanks[i] = ranks[sorted[i]!]!;
  }
  return { ...found, passing: places, ranks: byRanks };
}

/**
 * Words of bits a search works in and drops before it ends (`scanOpen`, `indexesIn`; a search
 * runs to its end without waiting, so one uses it at a time): made anew each time, they were a
 * few of the 12 kB sets every search left to collect at 100,000 videos.
 */
let workBits = new Int32Array(0);

/** `words` zeroed words of `workBits` (see there). */
function scratchBits(words: number): Int32Array {
  if (workBits.length < words) workBits = new Int32Array(words);
  return workBits.subarray(0, words).fill(0);
}

/** Each of `videos`' index in an order of `size` places (`index`: each place's), ascending, through a bit set. */
function indexesIn(index: Int32Array, videos: ArrayLike<number>, size: number): Int32Array {
  const bits = scratchBits((size + 31) >> 5);
  for (let i = 0; i < videos.length; i += 1) bits[index[videos[i]!]! >> 5]! |= 1 << (index[videos[i]!]! & 31);
  return membersOf(bits);
}

/** The rows at `passing[from]` to `passing[to - 1]` (places in `order`). */
function pageOf(catalogue: Catalogue, order: Int32Array, passing: ArrayLike<number>, from: number, to: number): CatalogueRow[] {
  const page: CatalogueRow[] = [];
  for (let i = from; i < Math.min(to, passing.length); i += 1) page.push(catalogue.rows[order[passing[i]!]!]!);
  return page;
}

/** A part of a search (see `evaluate`) is kept per set, sort and filters for this long. */
const PART_MS = 10_000;

/**
 * Up to this many access classes, a viewer's decisions on all of them are asked before a search,
 * and viewers who decide alike (the same hospital's staff) share the part of the search they
 * decide. Beyond it (a catalogue of many different lists), each search asks only the classes it
 * meets, as the scan does.
 */
const MAX_SHARED_CLASSES = 64;

/**
 * What sets `viewer` apart for the videos not open to everyone: its decision on every access
 * class, and which owner it is, as a key with those decisions; null when there are too many classes.
 */
function accessKey(catalogue: Catalogue, viewer: Viewer): { key: string; may: Uint8Array } | null {
  const { classes } = catalogue;
  if (classes.length > MAX_SHARED_CLASSES) return null;
  const may = Uint8Array.from(classes, (facts) => (viewer.canSee(facts) ? 1 : 2));
  return { key: `${may.join('')}:${catalogue.ownerCode(viewer.id)}`, may };
}

/**
 * One page of `set` in `sort` order that `viewer` may watch and every filter passes, the
 * result's total and, when asked, for each filter value how many results it gives with every
 * other filter as it is.
 *
 * Most videos are open to every signed-in user, and what the filters make of those is the same
 * for every viewer: it is worked out once per set, sort, filters and ten seconds (upload-date
 * filters and facets move with the clock by at most that much). The other videos' part is shared
 * the same way by the viewers who may watch the same of them and own none of them (or the same
 * ones). The two are then merged in order. A page without total or facets (the landing grid) just
 * reads the order until the page is full.
 */
export function evaluate(set: HitSet, sort: SearchSort, options: EvaluateOptions): Evaluation {
  const { catalogue } = set;
  // Relevance filters in 'published, newest' order (its order among equal ranks) and then ranks
  // what passed (`byRank`).
  const relevance = sort === 'RELEVANCE';
  const base = relevance ? 'DATE_PUBLISH_NEW' : sort;
  const wanted = options.offset + options.limit;
  let order: Int32Array;
  let passing: ArrayLike<number>;
  let total: number;
  let counts: Uint32Array;
  if (!options.total && !options.facets && !relevance) {
    order = set.in(base);
    ({ passing, total, counts } = scan(catalogue, order, null, { ...options, stopAfter: wanted }));
  } else {
    const now = Math.floor(options.now / PART_MS) * PART_MS;
    // The set's videos are read in catalogue order (memory in order, not a random place per video),
    // and what passes is named by its index in the whole catalogue's order, then put in that order.
    const whole = set.wholeOrder(base);
    order = whole?.order ?? set.in(base);
    const part = (open: boolean, viewer: Viewer | null, may?: Uint8Array): Scan => {
      const scanned = { viewer, filters: options.filters, now, facets: options.facets, stopAfter: Infinity, may };
      if (!whole) return scan(catalogue, order, set.places(base, open), scanned);
      if (open && options.filters.owner === undefined) {
        const found = scanOpen(catalogue, set.bits(), options.filters, now, options.facets);
        return { ...found, passing: indexesIn(whole.index, found.passing, order.length) };
      }
      const found = scan(catalogue, set.videos, set.held(open), scanned);
      const videos = new Int32Array(found.passing.length);
      for (let i = 0; i < videos.length; i += 1) videos[i] = set.videos[found.passing[i]!]!;
      return { ...found, passing: indexesIn(whole.index, videos, order.length) };
    };
    const ranked = (found: Scan) => (relevance ? byRank(set, order, found) : found);
    // Parts name the whole catalogue's order they index (or the set's own), and whether they counted the facets.
    const orders = `${whole ? whole.name : 'own'}:${options.facets ? 'counted' : 'uncounted'}`;
    const open = set.part(`open:${orders}`, sort, options.filters, now, () => ranked(part(true, null)));
    const access = accessKey(catalogue, options.viewer);
    const others = () => ranked(part(false, options.viewer, access?.may));
    const closed = access ? set.part(`${access.key}:${orders}`, sort, options.filters, now, others) : others();
    // Both lists are in the same order (ascending places, or by rank and then place): the page is
    // the start of their merge.
    const first = (a: number, b: number) =>
      relevance
        ? open.ranks![a]! > closed.ranks![b]! || (open.ranks![a] === closed.ranks![b] && open.passing[a]! < closed.passing[b]!)
        : open.passing[a]! < closed.passing[b]!;
    const merged: number[] = [];
    for (let a = 0, b = 0; merged.length < wanted && (a < open.passing.length || b < closed.passing.length);) {
      merged.push(b >= closed.passing.length || (a < open.passing.length && first(a, b)) ? open.passing[a++]! : closed.passing[b++]!);
    }
    passing = merged;
    total = open.total + closed.total;
    counts = new Uint32Array(pairs.length);
    for (let code = 0; code < open.counts.length; code += 1) counts[code] = open.counts[code]!;
    for (let code = 0; code < closed.counts.length; code += 1) counts[code]! += closed.counts[code]!;
  }
  let facets: Evaluation['facets'] = null;
  if (options.facets) {
    facets = [];
    for (let code = 0; code < counts.length; code += 1) if (counts[code]! > 0) facets.push({ ...pairs[code]!, n: counts[code]! });
  }
  return {
    page: pageOf(catalogue, order, passing, options.offset, wanted),
    total: options.total ? total : null,
    facets,
  };
}

/** Hits and their ranks by ascending place, as a set keeps them (`ranksOf` finds a hit by halving or through its bits). */
function ascending(videos: readonly number[], ranks: readonly number[]): [Int32Array, Float32Array] {
  const order = Array.from(videos.keys()).sort((a, b) => videos[a]! - videos[b]!);
  return [Int32Array.from(order, (i) => videos[i]!), Float32Array.from(order, (i) => ranks[i]!)];
}

/** At most this many texts' matches are kept (least recently used first out), and this many hits in all. */
const MAX_TEXTS = 500;
const MAX_TEXT_HITS = 1_000_000;
/** At most this many words' tsqueries and spelling corrections are kept (least recently used first out). */
const MAX_TERMS = 20_000;
/** The change log keeps an hour (the popularity job prunes it); a catalogue that has not read it for half that loads whole. */
export const CATALOGUE_CHANGES_KEPT_MINUTES = 60;
const RELOAD_AFTER_MS = (CATALOGUE_CHANGES_KEPT_MINUTES / 2) * 60_000;
/**
 * How often a server brings its catalogue up to date with no search asking (see `warm`): a search
 * after a quiet half hour would otherwise wait for a whole load (about 7 s at 100,000 videos).
 */
export const CATALOGUE_WARM_EVERY_MS = RELOAD_AFTER_MS / 6;

interface TextEntry {
  promise: Promise<HitSet>;
  /** The matches once they arrived. */
  set: HitSet | null;
  /** A word matched no known word: a new video may bring it, so a change forgets this text. */
  unknown: boolean;
  /** The tsquery as the text index evaluates it (null: PostgreSQL matched it, a change forgets it). */
  query: QueryNode | null;
}

/** What PostgreSQL makes of one word of a search's text. */
interface Term {
  /** Known words close to it when no known word starts with it (maybe none); null when one does. */
  corrections: string[] | null;
  /** `tsqueryText` of the word alone, as PostgreSQL's tsquery prints it ('' for a stop word). */
  tsquery: string;
}

interface TermEntry {
  promise: Promise<Term>;
  /** Once it arrived. */
  term: Term | null;
}

interface State {
  /** The change log's version this state has read up to (or past). */
  version: string;
  /** Changes by transactions from this id on may not be in this state yet. */
  horizon: string;
  /** The database's clock when the log was last read. */
  readAt: number;
  /** The number of the last read of the database this state is as new as (see `issued`). */
  freshAsOf: number;
  catalogue: Catalogue;
  /** Every published video. */
  all: HitSet;
  texts: Map<string, TextEntry>;
  textHits: number;
  /** Per word searched: its spelling corrections and tsquery (see `termsOf`). */
  terms: Map<string, TermEntry>;
}

type Source = Pick<SearchRepository, 'catalogueVersion' | 'catalogueChanges' | 'catalogue' | 'tsqueries' | 'matches' | 'corrections' | 'segmentMatches'>;

/**
 * The catalogue as of the change log's version, and the matches of each text searched since.
 * Every search reads the version (concurrent searches share one read that started after they
 * did); when it moved, the videos changed since are read again and applied in place (the whole
 * catalogue when too much changed). Loads and updates run one at a time; one that fails is not kept.
 */
export function createSearchCatalogue(search: Source) {
  let current: Promise<State | null> = Promise.resolve(null);

  /** The last state loaded or brought up to date (its horizon is where version reads start). */
  let latest: State | null = null;

  // Every read of the log is numbered as it starts: a state read from the database after a search
  // began serves that search without another look.
  let issued = 0;

  // ---- The version: one read in flight; who comes during it waits for the next one.
  /** A read of the log's version (`log` null: nothing was loaded yet to read it for). */
  type Read = { seq: number; log: { horizon: string; version: string; now_ms: number } | null };
  let reading: Promise<Read> | null = null;
  let queued: Promise<Read> | null = null;
  const readVersion = (): Promise<Read> => {
    if (!reading) {
      const horizon = latest?.horizon;
      const seq = (issued += 1);
      reading = (
        horizon === undefined ? Promise.resolve({ seq, log: null }) : search.catalogueVersion(horizon).then((read) => ({ seq, log: { horizon, ...read } }))
      ).finally(() => {
        reading = null;
      });
      return reading;
    }
    queued ??= reading
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return readVersion();
      });
    return queued;
  };

  const load = async (): Promise<State> => {
    const freshAsOf = (issued += 1);
    const start = await search.catalogueChanges(null);
    const catalogue = new Catalogue(await search.catalogue());
    return {
      version: start.version,
      horizon: start.horizon,
      readAt: start.now_ms,
      freshAsOf,
      catalogue,
      all: HitSet.all(catalogue),
      texts: new Map(),
      terms: new Map(),
      textHits: 0,
    };
  };

  const refresh = async (state: State): Promise<State> => {
    const freshAsOf = (issued += 1);
    const changes = await search.catalogueChanges(state.horizon);
    if (changes.ids.includes('') || changes.now_ms - state.readAt > RELOAD_AFTER_MS || changes.ids.length > Math.max(1000, state.catalogue.size / 10)) {
      return load();
    }
    const texts = new Map([...state.texts].flatMap(([key, entry]) => (entry.set && !entry.unknown && entry.query ? [[key, entry] as const] : [])));
    const rows = await search.catalogue(changes.ids);
    // From here to the end, nothing waits: no search sees a change half applied.
    if (changes.ids.length) apply(state, changes.ids, rows, texts);
    state.version = changes.version;
    state.horizon = changes.horizon;
    state.readAt = changes.now_ms;
    state.freshAsOf = freshAsOf;
    return state;
  };

  /** The state as of now: as of a version read that started after this call. */
  const now = async (): Promise<State> => {
    const read = await readVersion();
    const next = current
      .catch(() => null)
      .then((state) => {
        if (state === null) return load();
        // Read from the database after this search's read began: new enough.
        if (read.seq <= state.freshAsOf) return state;
        if (read.log && read.log.horizon === state.horizon && read.log.version === state.version) {
          // Nothing new since this state's horizon: it is current as of the read.
          state.readAt = Math.max(state.readAt, read.log.now_ms);
          state.freshAsOf = read.seq;
          return state;
        }
        return refresh(state);
      });
    current = next;
    latest = await next;
    return latest;
  };

  /**
   * What PostgreSQL makes of each of `terms`: asked once per word (a new text of known words asks
   * nothing), again after a change for a word no known word starts with (a video may bring it).
   */
  const termsOf = (state: State, terms: readonly string[]): Promise<Term[]> => {
    const entries = terms.map((term) => {
      const entry = state.terms.get(term);
      // Most recently used last.
      if (entry) {
        state.terms.delete(term);
        state.terms.set(term, entry);
      }
      return entry;
    });
    const missing = terms.filter((_, i) => !entries[i]);
    if (missing.length) {
      const asked = (async () => {
        const corrections = await search.corrections(missing);
        const tsqueries = await search.tsqueries(missing.map((term) => tsqueryText([term], corrections)));
        return missing.map((term, i): Term => ({ corrections: corrections.get(term) ?? null, tsquery: tsqueries[i]! }));
      })();
      missing.forEach((term, i) => {
        const entry: TermEntry = { promise: asked.then((found) => found[i]!), term: null };
        entries[terms.indexOf(term)] = entry;
        state.terms.set(term, entry);
        entry.promise.then(
          (found) => (entry.term = found),
          () => state.terms.get(term) === entry && state.terms.delete(term),
        );
      });
      for (const [oldest] of state.terms) {
        if (state.terms.size <= MAX_TERMS) break;
        state.terms.delete(oldest);
      }
    }
    return Promise.all(entries.map((entry) => entry!.promise));
  };

  const keep = (state: State, key: string, set: HitSet) => {
    state.textHits += set.size;
    for (const [oldest, entry] of state.texts) {
      if (oldest === key || (state.texts.size <= MAX_TEXTS && state.textHits <= MAX_TEXT_HITS)) break;
      state.texts.delete(oldest);
      state.textHits -= entry.set?.size ?? 0;
    }
  };

  return {
    /** Every published video, as of now (a search without text). */
    async all(): Promise<HitSet> {
      return (await now()).all;
    },

    /** The videos matching a search's words (spelling corrections included), as of now. */
    async matching(terms: readonly string[]): Promise<HitSet> {
      const state = await now();
      const key = terms.join(' ');
      const kept = state.texts.get(key);
      if (kept) {
        // Most recently used last: the first key is the one to forget.
        state.texts.delete(key);
        state.texts.set(key, kept);
        return kept.promise;
      }
      const entry: TextEntry = { promise: Promise.resolve(null as never), set: null, unknown: false, query: null };
      entry.promise = (async () => {
        const known = await termsOf(state, terms);
        const corrections = new Map<string, string[]>();
        known.forEach(({ corrections: words }, i) => words && corrections.set(terms[i]!, words));
        entry.unknown = corrections.size > 0;
        const text = tsqueryText(terms, corrections);
        const { catalogue } = state;
        // PostgreSQL stems the words (once per word); the catalogue's index matches and ranks them.
        const query = parseTsquery(joinTsqueries(known.map((term) => term.tsquery)));
        if (query === null) return new HitSet(catalogue, text, new Int32Array(0), new Float32Array(0));
        // Ranks are worked out as searches need them (`HitSet.ranksOf`).
        const found = query === undefined ? null : catalogue.text.matching(query);
        if (found) {
          entry.query = query!;
          const parts = known.map((term) => parseTsquery(term.tsquery));
          return new HitSet(
            catalogue,
            text,
            found,
            new Float32Array(found.length).fill(NaN),
            state.all,
            query,
            parts.includes(undefined) ? null : (parts as (QueryNode | null)[]),
          );
        }
        // A query the index does not evaluate: PostgreSQL matches it. A video published after the
        // catalogue was read is left out: the version has moved on, and the next search adds it.
        const rows = (await search.matches(text)).filter(({ id }) => catalogue.byId.has(id));
        const [places, ranks] = ascending(
          rows.map(({ id }) => catalogue.byId.get(id)!),
          rows.map(({ rank }) => Number(rank)),
        );
        return new HitSet(catalogue, text, places, ranks, state.all);
      })();
      state.texts.set(key, entry);
      entry.promise.then(
        (set) => {
          // Still wanted (no change came while it was read): keep it.
          if (state.texts.get(key) !== entry) return;
          entry.set = set;
          keep(state, key, set);
        },
        () => state.texts.get(key) === entry && state.texts.delete(key),
      );
      return entry.promise;
    },

    /**
     * The segment of each of `ids` that holds most of `set`'s words: from the catalogue, or (a text
     * its index does not evaluate) asked of PostgreSQL once per video and text.
     */
    async segments(set: HitSet, ids: readonly string[]): Promise<Map<string, ShownSegment | null>> {
      const { catalogue } = set;
      const places = ids.map((id) => catalogue.byId.get(id));
      const best =
        set.parts &&
        catalogue.bestSegments(
          set.parts,
          places.filter((place) => place !== undefined),
        );
      if (best) return new Map(ids.map((id, i) => [id, (places[i] !== undefined && best.get(places[i])) || null]));
      const missing = ids.filter((id) => !set.segments.has(id));
      if (missing.length) {
        const found = await search.segmentMatches(tsqueryWords(set.text), missing);
        for (const id of missing) set.segments.set(id, null);
        for (const row of found) set.segments.set(row.video_id, { title: row.title, startTime: Number(row.start_time) });
      }
      return set.segments;
    },
  };
}

/**
 * Applies the new state of the videos `ids` (`rows`: those still published) to the catalogue and
 * to each kept text of `texts` (which of them match it now, from the text index). A text not in
 * `texts` (its matches were being read meanwhile, it has a word of no known spelling, or
 * PostgreSQL matched it) is forgotten.
 */
function apply(state: State, ids: readonly string[], rows: readonly CatalogueRow[], texts: ReadonlyMap<string, TextEntry>): void {
  const { catalogue } = state;
  // A word no known word started with may be one now (and its corrections other words).
  for (const [term, entry] of state.terms) if (entry.term?.corrections !== null) state.terms.delete(term);
  const fetched = new Map(rows.map((row) => [row.id, row]));
  // What each change did at its place: REORDER, REFILTER, or 0 (a card's text, seen at once).
  const changed = new Map<number, number>();
  let added = false;
  for (const id of ids) {
    const place = catalogue.byId.get(id);
    const row = fetched.get(id);
    if (place === undefined) {
      if (row) {
        changed.set(catalogue.add(row), REORDER | REFILTER);
        added = true;
      }
    } else if (row) changed.set(place, catalogue.update(place, row));
    else {
      catalogue.remove(place);
      changed.set(place, REFILTER);
    }
  }
  const effects = (places: Iterable<number>) => {
    let all = 0;
    for (const place of places) all |= changed.get(place) ?? 0;
    return all;
  };
  const everywhere = effects(changed.keys());
  if (added) state.all.refill();
  else if (everywhere) state.all.changed(undefined, undefined, (everywhere & REORDER) !== 0);

  for (const [key, entry] of state.texts) {
    const set = entry.set;
    if (texts.get(key) !== entry || !set || !entry.query) {
      state.texts.delete(key);
      state.textHits -= entry.set?.size ?? 0;
      continue;
    }
    const found = catalogue.text.match(entry.query, changed.keys())!;
    const matches = new Map(Array.from(found.places, (place, i) => [place, found.ranks[i]!]));
    const videos: number[] = [];
    const ranks: number[] = [];
    let touched = matches.size > 0;
    let same = true;
    let before = 0;
    const mine: number[] = [];
    set.videos.forEach((place, i) => {
      if (!changed.has(place)) {
        videos.push(place);
        ranks.push(set.ranks[i]!);
        return;
      }
      touched = true;
      before += 1;
      mine.push(place);
      // A rank not worked out yet is worked out from the index as it is now, when a search needs it.
      if (!matches.has(place) || (!Number.isNaN(set.ranks[i]) && matches.get(place) !== set.ranks[i])) same = false;
    });
    if (!touched) continue;
    if (before !== matches.size) same = false;
    for (const [place, rank] of matches) {
      videos.push(place);
      ranks.push(rank);
    }
    for (const id of ids) set.segments.delete(id);
    if (same) {
      const effect = effects(mine);
      if (effect) set.changed(undefined, undefined, (effect & REORDER) !== 0);
    } else {
      state.textHits += videos.length - set.size;
      set.changed(...ascending(videos, ranks));
    }
  }
}

export type SearchCatalogue = ReturnType<typeof createSearchCatalogue>;
