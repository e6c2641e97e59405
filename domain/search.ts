import { SEARCH } from './constants';

/** Longest search text accepted; longer terms are refused with 400. */
export const MAX_SEARCH_TERM_LENGTH = 200;

/**
 * The shortest word the spelling dictionary (`search_term`) holds, and so the shortest typed word spelling correction
 * corrects ("bal screw" -> ball screw); shorter ones are left as typed.
 */
export const DICTIONARY_WORD_MIN_LENGTH = 3;

/** Most results one search page may hold. */
export const MAX_SEARCH_PAGE_SIZE = 100;

/** Results per page on the search page and in category listings. */
export const SEARCH_PAGE_SIZE = 24;

/** Search sorts offered on the results page, in menu order. */
/**
 * The most matches a search ranks, counts and facets (decision 041): the best this many in the sort's order (for
 * relevance, the most popular). Past it, the answer's counts are not exact (`exactCounts` false) and the page shows
 * "1,000+". Typeahead shows 8 suggestions and its brands, from fewer.
 */
export const SEARCH_CANDIDATES = { results: 1000, typeahead: 50 } as const;

/**
 * Typeahead answers are computed ahead for every prefix of up to this many characters of a catalogue word or part
 * number (decision 042); longer or other text is searched live, within SEARCH_CANDIDATES.
 */
export const COMPUTED_AHEAD_PREFIX = 8;

export const SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc', 'part_number'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Spec attributes that become facets, in the order the facet panel shows them. */
export const FACET_ATTRIBUTES = [
  'Series',
  'Profile Size',
  'Rail Size',
  'Block Type',
  'Lead',
  'Diameter',
  'Frame Size',
  'Holding Torque',
  'Bore',
  'Thread',
  'Material',
  'Length',
] as const;

/** The text sent to typeahead: leading whitespace stripped, then a leading & removed (spec section 5). */
export function typeaheadText(raw: string): string {
  return raw.replace(/^\s+/, '').replace(/^&+\s*/, '');
}

/** Whether the search text promotes the fixed ball-screw category in the suggestions. */
export function promotesBallScrews(text: string): boolean {
  const lower = text.toLowerCase().replace(/\s+/g, ' ');
  return SEARCH.ballScrewTriggers.some((word) => lower.includes(word));
}

/** What the results page keeps in its URL, so a link reproduces the page. */
export interface SearchPageState {
  q: string;
  brands: string[];
  category: string | null;
  attributes: { name: string; values: string[] }[];
  sort: SearchSort;
  page: number;
}

/** How many filters narrow the page (each chosen brand, attribute value, and the category unless the page is one). */
export function activeFilterCount(state: SearchPageState, categoryIsFixed: boolean): number {
  return (
    state.brands.length +
    state.attributes.reduce((n, a) => n + a.values.length, 0) +
    (!categoryIsFixed && state.category ? 1 : 0)
  );
}

/** Reads the results page state from its query string (unknown values fall back to defaults). */
export function parseSearchParams(params: URLSearchParams): SearchPageState {
  const sort = params.get('sort') as SearchSort | null;
  const page = Number(params.get('page'));
  const byName = new Map<string, string[]>();
  for (const raw of params.getAll('f')) {
    const at = raw.indexOf(':');
    const name = raw.slice(0, at);
    if (at < 1 || !(FACET_ATTRIBUTES as readonly string[]).includes(name)) continue;
    byName.set(name, [...(byName.get(name) ?? []), raw.slice(at + 1)]);
  }
  return {
    q: params.get('q') ?? '',
    brands: params.getAll('brand'),
    category: params.get('category') || null,
    attributes: [...byName].map(([name, values]) => ({ name, values })),
    sort: sort && (SEARCH_SORTS as readonly string[]).includes(sort) ? sort : 'relevance',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string of a results page state (defaults left out). */
export function searchParamsOf(state: SearchPageState): string {
  const params = new URLSearchParams();
  params.set('q', state.q);
  for (const b of state.brands) params.append('brand', b);
  if (state.category) params.set('category', state.category);
  for (const a of state.attributes) for (const v of a.values) params.append('f', `${a.name}:${v}`);
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params.toString().replace(/\+/g, '%20');
}
