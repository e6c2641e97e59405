import { randomUUID } from 'node:crypto';
import { AppError } from '../../common/errors';
import type { Ctx } from '../../context';
import { parseQuery, toTsQuery, type ParsedQuery } from './search.query';

export const TYPEAHEAD_RESULTS = 8;
export const MAX_PAGE_SIZE = 100;

export interface Suggestion {
  id: string;
  name: string;
  description: string;
  image: string | null;
}

export interface Refinement {
  value: string;
  displayValue: string;
  count: number;
}

export interface Navigation {
  displayName: string;
  refinements: Refinement[];
}

export interface SearchAnswer<T> {
  results: T[];
  total: number;
  correctedQuery: string | null;
  availableNavigation: Navigation[];
  searchParams: { searchAttributionToken: string };
}

export type SearchSort = 'relevance' | 'price_asc' | 'price_desc' | 'part_number';

export interface SearchInput {
  query: string;
  includeWithoutPrice: boolean;
  brands?: string[];
  category?: string | null;
  sort?: SearchSort;
  page?: number;
  pageSize?: number;
}

const ORDER_BY: Record<SearchSort, string> = {
  relevance: `(s.part_key = q.pk) desc, (q.pk <> '' and s.part_key like q.pk || '%') desc,
    (q.phrase <> '' and strpos(lower(p.name), q.phrase) > 0) desc, ts_rank_cd(s.document, q.tsq) desc,
    p.popularity desc, p.in_stock desc, p.id`,
  price_asc: 'p.price asc nulls last, p.id',
  price_desc: 'p.price desc nulls last, p.id',
  part_number: 'p.id',
};

/**
 * Matching products: the document matches the words (synonyms expanded), or the normalised part number
 * starts with the typed one; `fuzzy` adds part numbers within trigram distance (typos in part numbers).
 * Filters: price (unpriced = quote only), site visibility, brands, category subtree.
 */
function matchesSql(fuzzy: boolean) {
  return `
  with q as (select to_tsquery('axl', ?) as tsq, ?::text as pk, ?::text as phrase),
  m as materialized (
    select p.id, p.brand_id, p.name, p.description, p.images, p.price, p.popularity, p.in_stock, s.part_key, s.document
    from product_search s
    join product p on p.id = s.product_id
    cross join q
    where (s.document @@ q.tsq or (length(q.pk) >= 3 and s.part_key like q.pk || '%')
           ${fuzzy ? 'or (length(q.pk) >= 4 and s.part_key % q.pk)' : ''})
      and (?::boolean or p.price is not null)
      and (?::boolean or ?::text = any(p.sites))
      and (?::boolean or p.brand_id in (select id from brand where handle in (?)))
      and (?::text is null or p.category_id in (
        select id from category where handle = ?::text or starts_with(handle, ?::text || '/')))
  )`;
}

function searchSql(fuzzy: boolean, sort: SearchSort) {
  return `${matchesSql(fuzzy)}
  select p.id, p.name, p.description, p.images[1] as image, (select count(*) from m)::int as total
  from m p cross join q
  join product_search s on s.product_id = p.id
  order by ${ORDER_BY[sort]}
  limit ? offset ?`;
}

function brandFacetSql(fuzzy: boolean) {
  return `${matchesSql(fuzzy)}
  select b.handle as value, b.name as "displayValue", count(*)::int as count
  from m join brand b on b.id = m.brand_id
  group by b.handle, b.name order by count(*) desc, b.name limit 50`;
}

/** For each word: is it a catalogue word, and the closest catalogue word by trigram similarity. */
const CORRECTION_SQL = `
  select w.word,
    exists(select 1 from search_term t where t.term = w.word) as known,
    (select t.term from search_term t where t.term % w.word
      order by similarity(t.term, w.word) desc, t.frequency desc limit 1) as suggestion
  from unnest(array[?]::text[]) as w(word)`;

interface Row extends Suggestion {
  total: number;
}

export const searchService = {
  async typeAhead(ctx: Ctx, term: string, includeWithoutPrice: boolean): Promise<SearchAnswer<Suggestion>> {
    return this.run(
      ctx,
      'typeahead',
      { query: term, includeWithoutPrice, pageSize: TYPEAHEAD_RESULTS },
      true,
    );
  },

  async search(ctx: Ctx, input: SearchInput): Promise<SearchAnswer<Suggestion>> {
    const pageSize = input.pageSize ?? 24;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
      throw new AppError('BAD_USER_INPUT', `Page size must be from 1 to ${MAX_PAGE_SIZE}`, [
        { field: 'pageSize', message: `Page size must be from 1 to ${MAX_PAGE_SIZE}` },
      ]);
    }
    const page = input.page ?? 1;
    if (!Number.isInteger(page) || page < 1) {
      throw new AppError('BAD_USER_INPUT', 'Page must be 1 or more', [
        { field: 'page', message: 'Page must be 1 or more' },
      ]);
    }
    return this.run(ctx, 'search', { ...input, page, pageSize }, false);
  },

  async run(
    ctx: Ctx,
    kind: 'typeahead' | 'search',
    input: SearchInput,
    prefix: boolean,
  ): Promise<SearchAnswer<Suggestion>> {
    const parsed = parseQuery(input.query);
    const token = randomUUID();
    if (parsed.words.length === 0) {
      return {
        results: [],
        total: 0,
        correctedQuery: null,
        availableNavigation: [],
        searchParams: { searchAttributionToken: token },
      };
    }
    let used = parsed;
    let rows = await this.find(ctx, parsed, input, prefix, false);
    let correctedQuery: string | null = null;
    const corrected = await this.correct(ctx, parsed);
    if (corrected) {
      const correctedRows = await this.find(ctx, corrected, input, prefix, false);
      const total = rows[0]?.total ?? 0;
      const correctedTotal = correctedRows[0]?.total ?? 0;
      // "Showing results for...": the text as typed finds nothing, or far less than its correction.
      if (correctedTotal > 0 && (total === 0 || correctedTotal >= total * 5)) {
        rows = correctedRows;
        used = corrected;
        correctedQuery = corrected.text;
      }
    }
    let fuzzy = false;
    if (rows.length === 0 && parsed.partKey.length >= 4) {
      rows = await this.find(ctx, parsed, input, prefix, true);
      fuzzy = true;
    }
    const navigation = rows.length ? await this.brandFacet(ctx, used, input, prefix, fuzzy) : [];
    const total = rows[0]?.total ?? 0;
    await ctx.em
      .getConnection()
      .execute(
        'insert into search_attribution (token, kind, query, corrected_query, result_count) values (?, ?, ?, ?, ?)',
        [token, kind, parsed.text, correctedQuery, total],
      );
    return {
      results: rows.map(({ id, name, description, image }) => ({ id, name, description, image })),
      total,
      correctedQuery,
      availableNavigation: navigation.length ? [{ displayName: 'BRAND', refinements: navigation }] : [],
      searchParams: { searchAttributionToken: token },
    };
  },

  async find(ctx: Ctx, q: ParsedQuery, input: SearchInput, prefix: boolean, fuzzy: boolean): Promise<Row[]> {
    const pageSize = input.pageSize ?? TYPEAHEAD_RESULTS;
    const offset = ((input.page ?? 1) - 1) * pageSize;
    return ctx.em
      .getConnection()
      .execute<Row[]>(searchSql(fuzzy, input.sort ?? 'relevance'), [
        ...(await params(ctx, q, input, prefix)),
        pageSize,
        offset,
      ]);
  },

  async brandFacet(
    ctx: Ctx,
    q: ParsedQuery,
    input: SearchInput,
    prefix: boolean,
    fuzzy: boolean,
  ): Promise<Refinement[]> {
    return ctx.em
      .getConnection()
      .execute<Refinement[]>(brandFacetSql(fuzzy), await params(ctx, q, input, prefix));
  },

  /** The query with unknown words replaced by their closest catalogue word, or null when nothing changes. */
  async correct(ctx: Ctx, q: ParsedQuery): Promise<ParsedQuery | null> {
    const candidates = q.words.filter((w) => w.length >= 4 && /[a-z]/.test(w));
    if (candidates.length === 0) return null;
    const rows = await ctx.em
      .getConnection()
      .execute<{ word: string; known: boolean; suggestion: string | null }[]>(CORRECTION_SQL, [candidates]);
    const replace = new Map(rows.filter((r) => !r.known && r.suggestion).map((r) => [r.word, r.suggestion!]));
    if (replace.size === 0) return null;
    const words = q.words.map((w) => replace.get(w) ?? w);
    return { text: words.join(' '), words, partKey: q.partKey };
  },
};

async function params(ctx: Ctx, q: ParsedQuery, input: SearchInput, prefix: boolean): Promise<unknown[]> {
  const site = await ctx.catalog.site();
  const brands = input.brands?.filter(Boolean) ?? [];
  const category = input.category?.trim() || null;
  return [
    toTsQuery(q.words, prefix),
    q.partKey,
    q.words.join(' '),
    input.includeWithoutPrice,
    !site || site.showAllProducts,
    ctx.site,
    brands.length === 0,
    brands.length ? brands : [''],
    category,
    category,
    category,
  ];
}
