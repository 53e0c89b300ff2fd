// The whole search state of /video-search lives in the URL (shareable; back, forward and reload
// restore it). Reading is lenient (a hand-edited link drops what it cannot mean); writing leaves
// defaults out, so links stay short.
import {
  DURATION_SPANS,
  FRAME_RATES,
  RESOLUTIONS,
  SEARCH_PAGE_MAX,
  SEARCH_SORTS,
  SEARCH_TEXT_MAX,
  UPLOAD_DATES,
  type DurationSpan,
  type FrameRate,
  type Resolution,
  type SearchSort,
  type UploadDate,
} from '@ipsv/contracts/search';
import { SURGERY_TYPE_ALL, SURGERY_TYPE_SEED } from '@ipsv/contracts/surgery-types';
import { PATIENT_GENDERS, PGS_GRADES, PGS_SURGERY_TYPE, WEIGHT_CLASSES } from '@ipsv/contracts/videos';

export type Gender = (typeof PATIENT_GENDERS)[number];
export type WeightClass = (typeof WEIGHT_CLASSES)[number];

export interface SearchState {
  q: string;
  surgeryType: number;
  resolution: Resolution[];
  duration: DurationSpan[];
  frameRate: FrameRate[];
  gender: Gender[];
  bmi: WeightClass[];
  pgs: number[];
  uploaded: UploadDate | null;
  /** null: relevance with text, else newest published. */
  sort: SearchSort | null;
  page: number;
}

export const LIST_FILTERS = ['resolution', 'duration', 'frameRate', 'gender', 'bmi', 'pgs'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

export const EMPTY_SEARCH: SearchState = {
  q: '',
  surgeryType: SURGERY_TYPE_ALL,
  resolution: [],
  duration: [],
  frameRate: [],
  gender: [],
  bmi: [],
  pgs: [],
  uploaded: null,
  sort: null,
  page: 1,
};

const KNOWN_TYPES = new Set(SURGERY_TYPE_SEED.map((type) => type.id));

function listParam<T extends string | number>(params: URLSearchParams, name: string, allowed: readonly T[]): T[] {
  const values = params.getAll(name).flatMap((value) => value.split(','));
  return allowed.filter((option) => values.includes(String(option)));
}

export function readSearchState(params: URLSearchParams): SearchState {
  const surgeryType = Number(params.get('surgeryType'));
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  const uploaded = params.get('uploaded');
  const state: SearchState = {
    q: (params.get('q') ?? '').slice(0, SEARCH_TEXT_MAX),
    surgeryType: Number.isInteger(surgeryType) && KNOWN_TYPES.has(surgeryType) ? surgeryType : SURGERY_TYPE_ALL,
    resolution: listParam(params, 'resolution', RESOLUTIONS),
    duration: listParam(params, 'duration', DURATION_SPANS),
    frameRate: listParam(params, 'frameRate', FRAME_RATES),
    gender: listParam(params, 'gender', PATIENT_GENDERS),
    bmi: listParam(params, 'bmi', WEIGHT_CLASSES),
    pgs: listParam(params, 'pgs', PGS_GRADES),
    uploaded: (UPLOAD_DATES as readonly string[]).includes(uploaded ?? '') ? (uploaded as UploadDate) : null,
    sort: (SEARCH_SORTS as readonly string[]).includes(sort ?? '') && sort !== 'POPULAR' ? (sort as SearchSort) : null,
    page: Number.isInteger(page) && page >= 1 && page <= SEARCH_PAGE_MAX ? page : 1,
  };
  // The PGS grade applies only to its surgery type.
  if (state.surgeryType !== PGS_SURGERY_TYPE) state.pgs = [];
  return state;
}

/** The URL parameters of `state` (defaults left out). */
export function searchParamsOf(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.surgeryType !== SURGERY_TYPE_ALL) params.set('surgeryType', String(state.surgeryType));
  for (const name of LIST_FILTERS) {
    const values = state[name];
    if (values.length && !(name === 'pgs' && state.surgeryType !== PGS_SURGERY_TYPE)) params.set(name, values.join(','));
  }
  if (state.uploaded) params.set('uploaded', state.uploaded);
  if (state.sort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** A change of any filter, the text or the sort starts again at page 1. */
export function withChange(state: SearchState, change: Partial<SearchState>): SearchState {
  const next = { ...state, page: 1, ...change };
  if (next.surgeryType !== PGS_SURGERY_TYPE) next.pgs = [];
  return next;
}

export const activeFilterCount = (state: SearchState) =>
  LIST_FILTERS.reduce((sum, name) => sum + state[name].length, 0) + (state.uploaded ? 1 : 0) + (state.surgeryType !== SURGERY_TYPE_ALL ? 1 : 0);
