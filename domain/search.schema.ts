import { array, boolean, number, object, string, type InferType } from 'yup';
import {
  FACET_ATTRIBUTES,
  MAX_SEARCH_PAGE_SIZE,
  MAX_SEARCH_TERM_LENGTH,
  SEARCH_PAGE_SIZE,
  SEARCH_SORTS,
  type SearchSort,
} from './search';

/* Request schemas (yup), apart from search.ts so pages that only need the text rules do not load yup. */

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

/** A click on a search suggestion or result (search attribution event), sent as a beacon. */
export const searchClickSchema = object({
  token: string().uuid('Unknown search').required('Unknown search'),
  productId: string().max(200).required('productId is required'),
  position: number()
    .integer()
    .min(0)
    .max(MAX_SEARCH_PAGE_SIZE * 1000)
    .required(),
});
