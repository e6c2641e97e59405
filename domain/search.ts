import { array, boolean, number, object, string, type InferType } from 'yup';
import { SEARCH } from './constants';

/** Longest search text accepted; longer terms are refused with 400. */
export const MAX_SEARCH_TERM_LENGTH = 200;

/** Most results one search page may hold. */
export const MAX_SEARCH_PAGE_SIZE = 100;

/** Results per page on the search page and in category listings. */
export const SEARCH_PAGE_SIZE = 24;

/** Search sorts offered on the results page, in menu order. */
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

const pageSizeMessage = `Page size must be from 1 to ${MAX_SEARCH_PAGE_SIZE}`;
const termMessage = `Search terms are limited to ${MAX_SEARCH_TERM_LENGTH} characters`;

/** A search request (results page, category listing, REST and GraphQL), validated on both sides. */
export const searchRequestSchema = object({
  query: string().defined('Search text is required').max(MAX_SEARCH_TERM_LENGTH, termMessage),
  filters: object({
    includeWithoutPrice: boolean().default(true),
    brands: array(string().defined().max(100)).max(20, 'At most 20 brands').default([]),
    category: string().max(300).nullable().default(null),
    attributes: array(
      object({
        name: string()
          .oneOf([...FACET_ATTRIBUTES], 'Unknown facet')
          .required(),
        values: array(string().defined().max(100)).max(50).required(),
      }),
    )
      .max(FACET_ATTRIBUTES.length)
      .default([]),
  }).default({}),
  sort: string<SearchSort>()
    .oneOf([...SEARCH_SORTS], `Sort must be one of ${SEARCH_SORTS.join(', ')}`)
    .default('relevance'),
  page: number()
    .typeError('Page must be 1 or more')
    .integer('Page must be 1 or more')
    .min(1, 'Page must be 1 or more')
    .default(1),
  pageSize: number()
    .typeError(pageSizeMessage)
    .integer(pageSizeMessage)
    .min(1, pageSizeMessage)
    .max(MAX_SEARCH_PAGE_SIZE, pageSizeMessage)
    .default(SEARCH_PAGE_SIZE),
});
export type SearchRequest = InferType<typeof searchRequestSchema>;

/** A typeahead request (spec section 7: term, includeWithoutPrice). */
export const typeaheadRequestSchema = object({
  term: string().defined('Search text is required').max(MAX_SEARCH_TERM_LENGTH, termMessage),
  includeWithoutPrice: boolean().default(true),
});
