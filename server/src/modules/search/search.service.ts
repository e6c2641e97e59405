import { randomUUID } from 'node:crypto';
import {
  COMPUTED_AHEAD_PREFIX,
  FACET_ATTRIBUTES,
  SEARCH_CANDIDATES,
  type SearchSort,
} from '../../../../domain/search';
import {
  searchClickSchema,
  searchRequestSchema,
  typeaheadRequestSchema,
  type SearchRequest,
} from '../../../../domain/search.schema';
import { validate } from '../../common/validate';
import type { Ctx, Db } from '../../context';
import type { AnswerCache } from './search.cache';
import { siteRestriction, soldOnSiteSql } from '../../common/sold-on-site';
import { closest, isCorrectable, parseQuery, toTsQuery, type ParsedQuery } from './search.query';

declare module '../../context' {
  interface AppServices {
    /** Recent search answers (per process). */
    searchCache: AnswerCache<Found>;
  }
}

export type { SearchSort };
export const TYPEAHEAD_RESULTS = 8;

type PlanOptions = Pick<Plan, 'prefix' | 'facets' | 'limit' | 'offset' | 'candidates'>;

/** How search as you type searches: the last word as a prefix, the brand facet, the first results. */
export const TYPEAHEAD_PLAN: PlanOptions = {
  prefix: true,
  facets: 'brand',
  limit: TYPEAHEAD_RESULTS,
  offset: 0,
  candidates: SEARCH_CANDIDATES.typeahead,
};

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

/** A search answer before its attribution token: what the answer cache keeps. */
export type Found = Omit<SearchAnswer<Suggestion>, 'searchParams'>;

export interface SearchAnswer<T> {
  results: T[];
  /** The matches counted: all of them, or the candidates when there were more (`exactCounts` false). */
  total: number;
  /** Whether `total` and the facets' counts count every match; false: "1,000+" (decision 041). */
  exactCounts: boolean;
  correctedQuery: string | null;
  availableNavigation: Navigation[];
  searchParams: { searchAttributionToken: string };
}

/** One attribute filter: products having any of the values (values of different attributes are AND-ed). */
export interface AttributeFilter {
  name: string;
  values: string[];
}

interface SearchInput {
  query: string;
  includeWithoutPrice: boolean;
  brands?: string[];
  category?: string | null;
  attributes?: AttributeFilter[];
  sort?: SearchSort;
}

/** Facet panels: BRAND always; CATEGORY and the spec attributes on the results and category pages. */
type FacetScope = 'brand' | 'all';

/**
 * What a search statement reads with: the database, and the site whose product list it shows (null: every product,
 * as a site that shows all products does; the answers computed ahead are computed so, decision 042).
 */
export interface SearchReader {
  readDb: Db;
  site: string | null;
}

/** Everything one search statement needs; built from the input and a (possibly corrected) parsed query. */
export interface Plan {
  q: ParsedQuery;
  prefix: boolean;
  fuzzy: boolean;
  facets: FacetScope;
  input: SearchInput;
  limit: number;
  offset: number;
  /** The most matches read, ranked, counted and faceted (domain SEARCH_CANDIDATES). */
  candidates: number;
  /** The category filter as its categories' ids (with those under it), the brand filter as brand ids; null: none. */
  scope: Scope;
}

interface Scope {
  categoryIds: string[] | null;
  brandIds: string[] | null;
}

/** The ids of the input's category (and the categories under it) and brands. */
async function scopeOf(ctx: Ctx, input: SearchInput): Promise<Scope> {
  const category = input.category?.trim();
  const brands = (input.brands ?? []).filter(Boolean);
  return {
    categoryIds: category ? (await ctx.catalog.categoryTree()).subtreeIds(category) : null,
    brandIds: brands.length
      ? (
          await ctx.readDb.execute<{ id: string }[]>('select id from brand where handle in (?)', [brands])
        ).map((r) => r.id)
      : null,
  };
}

interface Row {
  total: number;
  /** Whether every match was counted (false: there were more than the candidates). */
  exact: boolean;
  results: Suggestion[];
  brands: Refinement[];
  categories: Refinement[] | null;
  attributes: { facet: string; count: number }[] | null;
  unknown: string[];
}

/**
 * The order candidates are read in (decision 041), whatever the page's sort: the static score, most popular first,
 * by the `product_search_*static_order_index` indexes. Reading in a price or part-number order instead would
 * visit every row the sort puts before the matches (all the A–R part numbers before "screw"), which no index bounds.
 */
const CANDIDATE_ORDER = 's.popularity desc, s.in_stock desc, s.product_id';

/** The page's order over the candidates. */
const ORDER_BY: Record<SearchSort, string> = {
  relevance: 'exact desc, part_prefix desc, in_name desc, rank desc, popularity desc, in_stock desc, id',
  price_asc: 'price asc nulls last, id',
  price_desc: 'price desc nulls last, id',
  part_number: 'id',
};

/**
 * Builds SQL from fragments written in any order: each value gets a marker, and `finish` turns the markers
 * into positional `?` parameters in the order the final text uses them (a value may be used several times).
 */
class Sql {
  private readonly values: unknown[] = [];
  p(value: unknown): string {
    this.values.push(value);
    return `\u{e000}${this.values.length - 1}\u{e001}`;
  }
  /** A text[] parameter (MikroORM expands arrays to lists; an empty list is written as an empty array). */
  arr(values: readonly string[], type: 'text' | 'uuid' = 'text'): string {
    return values.length === 0 ? `'{}'::${type}[]` : `array[${this.p([...values])}]::${type}[]`;
  }
  finish(text: string): { text: string; params: unknown[] } {
    const params: unknown[] = [];
    const positional = text.replace(/\u{e000}(\d+)\u{e001}/gu, (_, i: string) => {
      params.push(this.values[Number(i)]);
      return '?';
    });
    return { text: positional, params };
  }
}

/**
 * The most rows of the static order a search as you type of several words walks, for each row it looks for (2,040
 * for its 51 candidates); then it reads every match by the indexes. A results page leaves the choice to PostgreSQL:
 * it needs 1,001 candidates, and a walk long enough to find them costs more than its misjudged pairs (decision 042).
 */
const WALK_ROWS_PER_ROW = 40;
/** Part numbers starting with the typed key that join the candidates, whatever their popularity. */
const PART_CANDIDATES = 50;
/** Matches in the part number and name that join them (at least; four times the pages up to the one asked). */
const TITLE_CANDIDATES = 100;

/**
 * One statement per search, whose work is bounded whatever the number of matches (decision 041). Candidates are
 * read from the narrow `product_search` table most popular first, at most `plan.candidates` of them, and one more
 * to tell whether there were more (the counts are then not exact, and a price or part-number sort orders them):
 * PostgreSQL reads them by a static-order index, testing each row, when the words are broad, and by the GIN index
 * when they are narrow. For relevance, the most popular matches in the part number and name (`title`), and the part
 * numbers starting with the typed key, join them. Only the candidates are counted, faceted and ranked.
 * Facets are disjunctive: a facet's counts ignore its own filter, so a shopper can pick several brands.
 */
function buildStatement(reader: SearchReader, plan: Plan): { text: string; params: unknown[] } {
  const { q, input } = plan;
  const sql = new Sql();
  const sort = input.sort ?? 'relevance';
  const relevance = sort === 'relevance';
  const hasText = q.words.length > 0;
  const tsq = `to_tsquery('axl', ${sql.p(toTsQuery(q.words, plan.prefix))})`;
  const pk = q.partKey;
  // Part keys are [a-z0-9] only, so the pattern holds no LIKE wildcard but its final %.
  const partPattern = pk.length >= 3 ? sql.p(pk + '%') : null;

  const match: string[] = [];
  const typo = plan.fuzzy && pk.length >= 4 ? `s.part_key % ${sql.p(pk)}` : null;
  if (hasText) {
    match.push(`s.document @@ ${tsq}`);
    if (partPattern) match.push(`s.part_key like ${partPattern}`);
    if (typo) match.push(typo);
  }
  const base: string[] = [];
  if (!input.includeWithoutPrice) base.push('s.price is not null');
  if (reader.site !== null) {
    const site = sql.p(reader.site);
    base.push(
      `(coalesce((select show_all_products from site where id = ${site}), true) or ${site} = any(s.sites))`,
    );
    // Parts the site's country cannot receive are not sold there (decision 057): only a restricting country pays.
    const regions = siteRestriction(reader.site);
    if (regions) base.push(soldOnSiteSql('s', sql.arr(regions)));
  }
  // The category's and brands' ids are given as values, so PostgreSQL plans with how many products they hold.
  // One brand or category is compared with `=`: its index then gives its products in the static order.
  const oneOf = (column: string, ids: string[]) =>
    ids.length === 1 ? `${column} = ${sql.p(ids[0])}::uuid` : `${column} = any(${sql.arr(ids, 'uuid')})`;
  if (plan.scope.categoryIds) base.push(oneOf('s.category_id', plan.scope.categoryIds));
  const brands = plan.scope.brandIds;
  const brandOk = brands ? oneOf('s.brand_id', brands) : 'true';
  const attributes = (input.attributes ?? []).filter((a) => a.values.length > 0);
  const attrOk = attributes.map((a) => `s.facets && ${sql.arr(a.values.map((v) => `${a.name}=${v}`))}`);
  const attrColumns = attrOk.map((cond, i) => `, ${cond} as a${i}`).join('');
  const allAttrs = (except?: number) =>
    attributes.map((_, i) => (i === except ? 'true' : `a${i}`)).join(' and ') || 'true';

  const candidates = sql.p(plan.candidates);
  const limit = sql.p(plan.candidates + 1);
  // Without a brand or attribute filter the results' candidates (with the name and part-number ones) are also the
  // facets'; with one, the facets read their own without those filters.
  const filtered = brands !== null || attributes.length > 0;
  const filters = filtered ? [brandOk, ...attrOk] : [];
  const matches = match.length ? `(${match.join(' or ')})` : 'true';
  /**
   * Candidates matching `matching`, every base filter and `where`: the first `rows` in `order`, or every one (no
   * order), from the search rows or from `source` (a subquery of them named `s`).
   */
  const read = (
    matching: string,
    where: string[],
    order: string | null,
    rows: string | null,
    ranked: boolean,
    source = 'product_search s',
  ) => `select s.product_id as id, s.brand_id, s.price, s.popularity, s.in_stock
        ${plan.facets === 'all' ? ', s.category_id, s.facets' : ''}
        ${ranked && relevance ? ', s.document, s.name_lower, s.part_key' : ''},
        ${brandOk} as brand_ok ${attrColumns}
      from ${source}
      where ${[matching, ...base, ...where].join(' and ')}
      ${order ? `order by ${order}` : ''}
      ${rows ? `limit ${rows}` : ''}`;
  /**
   * CTEs ending in `name`: the first `rows` rows matching `matching` and `where` in the static order.
   * - `walk`: PostgreSQL's choice, by the static-order index (testing each row) or by the match's indexes.
   * - `every`: every match read by the match's indexes (a materialized CTE is planned alone: never a walk), then
   *   ordered; for the typo match's few rows.
   * - `bounded`: a walk of at most WALK_ROWS_PER_ROW rows for each row wanted, then, when it found too few, `every`.
   *   For typed words together ("clear pre"): PostgreSQL takes them as independent and walks when each is common, however
   *   rarely they go together, and most typed pairs never do (decision 042).
   */
  const firstMatches = (
    name: string,
    mode: 'walk' | 'every' | 'bounded',
    matching: string,
    where: string[],
    count: number,
  ) => {
    const rows = sql.p(count);
    if (mode === 'walk')
      return `${name} as materialized (${read(matching, where, CANDIDATE_ORDER, rows, true)})`;
    const ordered = `select * from ${name}_every order by popularity desc, in_stock desc, id limit ${rows}`;
    if (mode === 'every') {
      return `${name}_every as materialized (${read(matching, where, null, null, true)}),
        ${name} as materialized (${ordered})`;
    }
    const walked = `(select * from product_search s ${base.length ? `where ${base.join(' and ')}` : ''}
      order by ${CANDIDATE_ORDER} limit ${sql.p(WALK_ROWS_PER_ROW * count)}) s`;
    const found = `(select count(*) from ${name}_walk) >= ${rows}`;
    return `${name}_walk as materialized (${read(matching, where, CANDIDATE_ORDER, rows, true, walked)}),
      ${name}_every as materialized (${read(matching, [...where, `not ${found}`], null, null, true)}),
      ${name} as materialized (select * from ${name}_walk where ${found} union all (${ordered}))`;
  };
  const words = plan.prefix && q.words.length > 1 ? 'bounded' : 'walk';
  // Not within a brand, a category or an attribute: PostgreSQL would look for the name matches there in the static
  // order, as if they were spread evenly, and walk the whole order when a brand has none (decision 041).
  const readsFirst = relevance && hasText && !filtered && !plan.scope.categoryIds;
  // Read only when there were more matches than candidates (otherwise every match is a candidate already), and
  // only enough to fill the pages up to this one: the rest of the candidates stay the most popular matches.
  const more = `(select count(*) from f) > ${candidates}`;
  const titleRows = Math.min(plan.candidates, Math.max(TITLE_CANDIDATES, 4 * (plan.offset + plan.limit)));
  const firstReads = readsFirst
    ? `, ${firstMatches('ft', words, `s.title @@ ${tsq}`, [more], titleRows)}
       ${
         partPattern
           ? `, fp as materialized (${read(`s.part_key like ${partPattern}`, [more], 's.part_key using ~<~', sql.p(PART_CANDIDATES), true)})`
           : ''
       }`
    : '';
  const union = firstReads
    ? `select distinct on (id) * from (select * from fa union all select * from ft
         ${partPattern ? 'union all select * from fp' : ''}) u`
    : 'select * from fa';
  const rankColumns = relevance
    ? `, f.part_key = ${sql.p(pk)} as exact,
       ${partPattern ? `f.part_key like ${partPattern}` : 'false'} as part_prefix,
       ${hasText ? inNameSql(sql, q.words) : '0'} as in_name,
       ${hasText ? `ts_rank(f.document, ${tsq})` : '0'} as rank`
    : '';

  const attributeFacets =
    plan.facets === 'all'
      ? facetsSql(sql, 'fk', attributes, allAttrs)
      : ', null as attributes, null as categories';
  const unknown = unknownWordsSql(sql, q, plan.prefix);

  const text = `
    with ${
      // The words matched nothing with the filters (the answer ran them first): the candidates are the typo
      // match's few rows; the facets (without the filters) still count the words' matches.
      typo
        ? firstMatches('f', 'every', typo, filters, plan.candidates + 1)
        : firstMatches('f', words, matches, filters, plan.candidates + 1)
    },
    fa as (select * from f limit ${candidates})
    ${firstReads},
    fk as (${union}),
    m as materialized (${filtered ? read(matches, [], CANDIDATE_ORDER, limit, false) : 'select * from f'}),
    mk as (select * from m limit ${candidates})
    select
      (case when (select count(*) from f) <= ${candidates} then (select count(*) from fk) else ${candidates} end)::int
        as total,
      (select count(*) from f) <= ${candidates} and (select count(*) from m) <= ${candidates} as exact,
      (select coalesce(json_agg(json_build_object('id', p.product_id, 'name', p.name,
          'description', p.description, 'image', p.image) order by top.n), '[]')
        from (select id, row_number() over () as n from (select id ${rankColumns}, price, popularity, in_stock
          from fk f order by ${ORDER_BY[sort]}
          limit ${sql.p(plan.limit)} offset ${sql.p(plan.offset)}) ranked) top
        join product_search p on p.product_id = top.id) as results,
      (select coalesce(json_agg(b), '[]') from (
        select b.handle as value, b.name as "displayValue", n.count
        from (select brand_id, count(*)::int as count from ${filtered ? 'mk' : 'fk'} m where ${allAttrs()}
          group by brand_id) n
        join brand b on b.id = n.brand_id order by n.count desc, b.name limit 50) b) as brands
      ${attributeFacets},
      ${unknown}`;
  return sql.finish(text);
}

/**
 * The name tier: 3 when the name holds the whole text, plus 1 when it holds the longest run of letter words
 * ("socket head cap screw"). For one word, or text that is all one run, both are the same test, made once:
 * it runs on every candidate.
 */
function inNameSql(sql: Sql, words: string[]): string {
  const whole = words.join(' ');
  const phrase = longestPhrase(words);
  return phrase === whole
    ? `(strpos(f.name_lower, ${sql.p(whole)}) > 0)::int * 3`
    : `(strpos(f.name_lower, ${sql.p(whole)}) > 0)::int * 2 + (strpos(f.name_lower, ${sql.p(phrase)}) > 0)::int`;
}

/**
 * CATEGORY and attribute facets. Unselected attributes count over the filtered set; each selected attribute
 * counts over the set filtered by everything but itself (so its other values stay offered).
 */
function facetsSql(
  sql: Sql,
  f: 'fk',
  attributes: AttributeFilter[],
  allAttrs: (except?: number) => string,
): string {
  const selected = new Set(attributes.map((a) => a.name));
  const unselected = FACET_ATTRIBUTES.filter((name) => !selected.has(name));
  const ownCounts = attributes.map(
    (a, i) => `union all
      select v, count(*)::int from mk m, unnest(m.facets) v
      where brand_ok and ${allAttrs(i)} and split_part(v, '=', 1) = ${sql.p(a.name)} group by v`,
  );
  return `, (select coalesce(json_agg(a), '[]') from (
      select v as facet, count(*)::int as count from ${f} f, unnest(f.facets) v
      ${selected.size ? `where split_part(v, '=', 1) = any(${sql.arr(unselected)})` : ''} group by v
      ${ownCounts.join('\n')}
    ) a) as attributes,
    (select coalesce(json_agg(c), '[]') from (
      select c.handle as value, c.name as "displayValue", count(*)::int as count
      from ${f} f join category c on c.id = f.category_id
      group by c.handle, c.name order by count(*) desc, c.name limit 50) c) as categories`;
}

/**
 * The query's words that are not catalogue words (candidates for spelling correction, isCorrectable). In
 * search-as-you-type the last word may be unfinished: it is known when some catalogue word starts with it.
 */
function unknownWordsSql(sql: Sql, q: ParsedQuery, prefix: boolean): string {
  const words = q.words.filter(isCorrectable);
  const last = prefix ? q.words[q.words.length - 1] : undefined;
  const unfinished = last !== undefined && words.includes(last) ? last : undefined;
  const full = unfinished ? words.filter((w) => w !== unfinished) : words;
  const unfinishedUnknown = unfinished
    ? `|| (case when exists (select 1 from search_term t where t.term like ${sql.p(unfinished + '%')})
         then '{}'::text[] else array[${sql.p(unfinished)}]::text[] end)`
    : '';
  return `(select coalesce(array_agg(w), '{}') from unnest(${sql.arr(full)}) w
      where not exists (select 1 from search_term t where t.term = w)) ${unfinishedUnknown} as unknown`;
}

/** The longest run of consecutive words of letters ("socket head cap screw" in "socket head cap screw m5"). */
function longestPhrase(words: string[]): string {
  let best: string[] = [];
  let run: string[] = [];
  for (const w of words) {
    run = /^[a-z]+$/.test(w) ? [...run, w] : [];
    if (run.length > best.length) best = run;
  }
  return best.length >= 2 ? best.join(' ') : words.join(' ');
}

async function runPlan(reader: SearchReader, plan: Plan, ran?: Plan[]): Promise<Row> {
  ran?.push(plan);
  const statement = buildStatement(reader, plan);
  const [row] = await reader.readDb.execute<Row[]>(statement.text, statement.params);
  return row!;
}

/**
 * For each unknown word, its candidate catalogue words, best first: the closest few by trigram similarity (ties: the
 * more frequent), and the word with two neighbouring letters swapped ("linaer", "rial"), which trigrams rank low.
 * A few index lookups a word, whatever the catalogue's size.
 */
const CORRECTION_SQL = `
  select w.word, c.term as suggestion
  from unnest(array[?]::text[]) as w(word)
  cross join lateral (
    (select t.term, similarity(t.term, w.word) as similarity, t.frequency from search_term t
      where t.term % w.word order by similarity(t.term, w.word) desc, t.frequency desc limit 10)
    union
    select t.term, similarity(t.term, w.word), t.frequency from search_term t
    where t.term in (select overlay(w.word placing substr(w.word, i + 1, 1) || substr(w.word, i, 1) from i for 2)
      from generate_series(1, length(w.word) - 1) i)
  ) c
  order by w.word, c.similarity desc, c.frequency desc, c.term`;

export const searchService = {
  /** Entry point: search as you type, `{ term, includeWithoutPrice }` as sent. */
  async typeAhead(ctx: Ctx, body: unknown): Promise<SearchAnswer<Suggestion>> {
    const { term, includeWithoutPrice } = validate(typeaheadRequestSchema, body);
    return this.run(ctx, 'typeahead', { query: term, includeWithoutPrice }, TYPEAHEAD_PLAN);
  },

  /** Entry point: a results page, `{ query, filters, sort, page, pageSize }` as sent. */
  async results(ctx: Ctx, body: unknown): Promise<SearchAnswer<Suggestion>> {
    return this.search(ctx, validate(searchRequestSchema, body));
  },

  /** A product picked from a search answer (a beacon): kept when its token was given out. */
  async recordClick(ctx: Ctx, body: unknown): Promise<void> {
    const click = validate(searchClickSchema, body);
    await ctx.db.execute(
      `insert into search_click (token, product_id, position)
         select ?, ?, ? where exists (select 1 from search_attribution where token = ?)`,
      [click.token, click.productId, click.position, click.token],
    );
  },

  /** A results page or a category listing, from a request checked with the domain's searchRequestSchema. */
  async search(ctx: Ctx, request: SearchRequest): Promise<SearchAnswer<Suggestion>> {
    const { pageSize, page } = request;
    const input: SearchInput = { query: request.query, sort: request.sort, ...request.filters };
    return this.run(ctx, 'search', input, {
      prefix: false,
      facets: 'all',
      limit: pageSize,
      offset: (page - 1) * pageSize,
      candidates: SEARCH_CANDIDATES.results,
    });
  },

  /**
   * The answer for the text as typed; when some words are not catalogue words, also for their correction,
   * which wins when the text as typed finds nothing or far less ("Showing results for..."); when nothing
   * matches a part-number-like text, part numbers within trigram distance (typos in part numbers).
   */
  async run(
    ctx: Ctx,
    kind: 'typeahead' | 'search',
    input: SearchInput,
    options: PlanOptions,
  ): Promise<SearchAnswer<Suggestion>> {
    const parsed = parseQuery(input.query);
    const browsing = kind === 'search' && !!input.category;
    const key = JSON.stringify([kind, ctx.site, parsed.words, parsed.partKey, input, options]);
    const found =
      parsed.words.length === 0 && !browsing
        ? { results: [], total: 0, exactCounts: true, correctedQuery: null, availableNavigation: [] }
        : await ctx.app.searchCache.get(
            key,
            async () =>
              (kind === 'typeahead' && input.includeWithoutPrice && (await computedAhead(ctx, parsed))) ||
              this.answer(ctx, {
                ...options,
                q: parsed,
                input,
                fuzzy: false,
                scope: await scopeOf(ctx, input),
              }),
          );
    const token = randomUUID();
    if (parsed.words.length > 0 || browsing) {
      ctx.app.attribution.record({
        token,
        kind,
        query: parsed.text,
        correctedQuery: found.correctedQuery,
        resultCount: found.total,
      });
    }
    return { ...found, searchParams: { searchAttributionToken: token } };
  },

  /**
   * The live answer: the plan's statement, then its spelling correction or its part-number typo match when they
   * apply. `ran`, when given, collects the plans of the statements run (what the answer depends on, decision 042).
   */
  async answer(reader: SearchReader, base: Plan, ran?: Plan[]): Promise<Found> {
    let row = await runPlan(reader, base, ran);
    let correctedQuery: string | null = null;
    if (row.unknown.length > 0) {
      const corrected = await this.correct(reader, base.q, row.unknown);
      if (corrected) {
        const correctedRow = await runPlan(reader, { ...base, q: corrected }, ran);
        // "Showing results for...": the text as typed finds nothing, or far less than its correction.
        if (correctedRow.total > 0 && (row.total === 0 || correctedRow.total >= row.total * 5)) {
          row = correctedRow;
          correctedQuery = corrected.text;
        }
      }
    }
    if (row.total === 0 && base.q.partKey.length >= 4) {
      row = await runPlan(reader, { ...base, fuzzy: true }, ran);
    }
    return {
      results: row.results,
      total: row.total,
      exactCounts: row.exact,
      correctedQuery,
      availableNavigation: navigation(row),
    };
  },

  /** The query with its unknown words replaced by their closest catalogue word, or null when nothing changes. */
  async correct(reader: SearchReader, q: ParsedQuery, unknown: string[]): Promise<ParsedQuery | null> {
    const rows = await reader.readDb.execute<{ word: string; suggestion: string | null }[]>(CORRECTION_SQL, [
      unknown,
    ]);
    // The candidate fewest edits away: "rail" for "rial" (one swap), not "radial" (more similar trigrams).
    const replace = new Map<string, string>();
    for (const word of unknown) {
      const best = closest(
        word,
        rows.filter((r) => r.word === word).map((r) => r.suggestion!),
      );
      if (best) replace.set(word, best);
    }
    if (replace.size === 0) return null;
    const words = q.words.map((w) => replace.get(w) ?? w);
    return { text: words.join(' '), words, partKey: q.partKey };
  },
};

/**
 * The typeahead answer computed ahead for the words typed (decision 042), when there is a current or stale one and
 * the site shows every product (the answers are computed so); null otherwise (the live search answers).
 */
async function computedAhead(ctx: Ctx, parsed: ParsedQuery): Promise<Found | null> {
  const key = parsed.words.join(' ');
  if (key.length > COMPUTED_AHEAD_PREFIX) return null;
  const [row] = await ctx.readDb.execute<{ answer: Found }[]>(
    `select answer from typeahead_answer
     where key = ? and answer is not null and coalesce((select show_all_products from site where id = ?), true)`,
    [key, ctx.site],
  );
  return row ? soldOnSite(ctx, row.answer) : null;
}

/**
 * A computed-ahead answer (computed for every site) without the parts the request's site does not sell
 * (decision 057): filtered when read, one primary-key lookup of its few results, on a restricting country's site.
 */
async function soldOnSite(ctx: Ctx, answer: Found): Promise<Found> {
  const regions = siteRestriction(ctx.site);
  if (!regions || answer.results.length === 0) return answer;
  const unsold = new Set(
    (
      await ctx.readDb.execute<{ id: string }[]>(
        `select id from product p where p.id in (?) and not ${soldOnSiteSql('p', 'array[?]::text[]')}`,
        [answer.results.map((r) => r.id), [...regions]],
      )
    ).map((r) => r.id),
  );
  if (unsold.size === 0) return answer;
  return {
    ...answer,
    results: answer.results.filter((r) => !unsold.has(r.id)),
    total: Math.max(0, answer.total - unsold.size),
  };
}

/** BRAND first, then CATEGORY, then the attributes in the domain's order; empty panels are left out. */
function navigation(row: Row): Navigation[] {
  const panels: Navigation[] = [];
  if (row.brands.length) panels.push({ displayName: 'BRAND', refinements: row.brands });
  if (row.categories?.length) panels.push({ displayName: 'CATEGORY', refinements: row.categories });
  if (row.attributes?.length) {
    const byName = new Map<string, Refinement[]>();
    for (const { facet, count } of row.attributes) {
      const at = facet.indexOf('=');
      const name = facet.slice(0, at);
      const value = facet.slice(at + 1);
      byName.set(name, [...(byName.get(name) ?? []), { value, displayValue: value, count }]);
    }
    for (const name of FACET_ATTRIBUTES) {
      const refinements = byName.get(name);
      if (refinements) {
        refinements.sort((a, b) => a.value.localeCompare(b.value, 'en', { numeric: true }));
        panels.push({ displayName: name, refinements });
      }
    }
  }
  return panels;
}
