import { DICTIONARY_WORD_MIN_LENGTH, FACET_ATTRIBUTES } from '../../../../domain/search';
import { SYNONYMS } from './search.query';
import type { Db } from '../../context';
import { prepared } from '../../db/prepared';
import { forgetTypeaheadAnswers, refreshTypeaheadKeys } from './search.ahead';

/**
 * A name's single letters joined to the next word ("T-Nut" -> "TNut", "D-Cut Shaft" -> "DCut", "T Joining Plate" ->
 * "TJoining"): the search joins a typed single letter to the next word the same way (toTsQuery), so "t nut", "t-nut"
 * and "tnut" find T-nuts rather than everything holding "nut" (the configuration drops a lone "t" as a stop word).
 */
const joinedLetterWords = (text: string) => `(select coalesce(string_agg(m[1] || m[2], ' '), '')
  from regexp_matches(${text}, '\\m([A-Za-z])[- ]([A-Za-z]+)', 'g') m)`;

/**
 * (Re)builds every product's search document: part number forms and name with its letters joined to the next word
 * (weight A), brand and category path (B), spec attributes (C), description (D), and the title (the weight A part
 * alone). Part numbers are indexed as typed, normalised (`sfu1605500`) and split at letter/digit boundaries
 * (`sfu 1605 500`), with the `simple` configuration.
 */
const productSearchSql = (facets: string, only: string) => `
  with recursive path as (
    select id, name::text as names from category where parent_id is null
    union all
    select c.id, path.names || ' ' || c.name from category c join path on c.parent_id = path.id
  )
  insert into product_search (product_id, part_key, document, title, name, description, image, brand_id, category_id,
    price, sites, allowed_states, popularity, in_stock, facets)
  select p.id,
    lower(regexp_replace(p.id, '[^A-Za-z0-9]', '', 'g')),
    t.title
    || setweight(to_tsvector('axl', concat_ws(' ', b.name, path.names)), 'B')
    || setweight(to_tsvector('axl', coalesce(
         (select string_agg(concat_ws(' ', a->>'name', a->>'value'), ' ') from jsonb_array_elements(p.attributes) a), '')), 'C')
    || setweight(to_tsvector('axl', p.description), 'D'),
    t.title,
    p.name, p.description, p.images[1], p.brand_id, p.category_id, p.price, p.sites, p.allowed_states, p.popularity, p.in_stock,
    coalesce((select array_agg(distinct (a->>'name') || '=' || (a->>'value')) from jsonb_array_elements(p.attributes) a
      where a->>'name' = any(${facets})), '{}')
  from product p
  join brand b on b.id = p.brand_id
  join path on path.id = p.category_id
  cross join lateral (select
    setweight(to_tsvector('simple', concat_ws(' ',
      p.id,
      lower(regexp_replace(p.id, '[^A-Za-z0-9]', '', 'g')),
      regexp_replace(regexp_replace(p.id, '([A-Za-z])([0-9])', '\\1 \\2', 'g'), '([0-9])([A-Za-z])', '\\1 \\2', 'g'),
      p.manufacturer_part_number)), 'A')
    || setweight(to_tsvector('axl', concat_ws(' ', p.name, ${joinedLetterWords('p.name')})), 'A') as title) t
  ${only}
  -- Laid out in the relevance order (decision 041): the most popular matches, read first, sit together.
  order by p.popularity desc, p.in_stock desc, p.id
  on conflict (product_id) do update set part_key = excluded.part_key, document = excluded.document,
    title = excluded.title,
    name = excluded.name, description = excluded.description, image = excluded.image,
    brand_id = excluded.brand_id, category_id = excluded.category_id, price = excluded.price,
    sites = excluded.sites, allowed_states = excluded.allowed_states, popularity = excluded.popularity, in_stock = excluded.in_stock,
    facets = excluded.facets`;
const REFRESH_PRODUCT_SEARCH_SQL = productSearchSql('array[?]::text[]', '');
/** The same rows for some products (a prepared statement: the ids are one array parameter). */
const refreshSomeProducts = prepared(productSearchSql('?::text[]', 'where p.id = any(?::text[])'));

/** Catalogue words (names with their letters joined to the next word, brands, categories) with their frequencies. */
const REBUILD_TERMS_SQL = `
  insert into search_term (term, frequency)
  select word, count(*)::int from (
    select regexp_split_to_table(lower(unaccent(concat_ws(' ', p.name, ${joinedLetterWords('p.name')}, b.name, c.name))), '[^a-z0-9]+') as word
    from product p join brand b on b.id = p.brand_id join category c on c.id = p.category_id
  ) words
  where length(word) >= ? and word !~ '^[0-9]+$'
  group by word`;

/**
 * Moves the search index version (in the caller's transaction): every process marks its cached search answers
 * stale and drops its category tree at its next poll of the versions (app.ts, decision 078). For any write that changes what search
 * shows.
 */
export async function bumpIndexVersion(db: Db): Promise<void> {
  await db.execute(
    'update search_index_state set version = version + 1, refreshed_at = now() where id = 1',
    [],
    'run',
  );
}

/**
 * Some products' name, description, brand, category or part numbers changed (a products import: the search consumer
 * calls it after the commit, decision 069): their
 * search rows are written again by the rebuild's own statement, in the caller's transaction, the typeahead answers
 * that may show them are forgotten (before, for the words they lose; after, for those they gain) and the index
 * version moves. The dictionary (`search_term`, spelling suggestions) keeps its words until the next rebuild.
 */
export async function refreshProductSearch(db: Db, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await forgetTypeaheadAnswers(db, productIds);
  await refreshSomeProducts.all(db, [[...FACET_ATTRIBUTES], [...productIds]]);
  await forgetTypeaheadAnswers(db, productIds);
  await bumpIndexVersion(db);
}

/** Rebuilds the search rows, the dictionary and the typeahead keys (in the caller's transaction, if any). */
export async function refreshSearchIndex(db: Db): Promise<void> {
  await db.execute('delete from product_search where product_id not in (select id from product)', [], 'run');
  await db.execute(REFRESH_PRODUCT_SEARCH_SQL, [[...FACET_ATTRIBUTES]], 'run');
  await db.execute('truncate search_term', [], 'run');
  await db.execute(REBUILD_TERMS_SQL, [DICTIONARY_WORD_MIN_LENGTH], 'run');
  // One-word forms of the synonyms (ballscrew, tslot...) are dictionary words too, so "balscrew" corrects.
  const compounds = SYNONYMS.flat().filter((v) => !v.includes(' '));
  await db.execute(
    `insert into search_term (term, frequency) select unnest(array[?]::text[]), 1000
     on conflict (term) do update set frequency = greatest(search_term.frequency, 1000)`,
    [compounds],
    'run',
  );
  await refreshTypeaheadKeys(db);
  await db.execute('analyze product_search, search_term, typeahead_answer', [], 'run');
  // Every process marks its cached answers stale at its next poll (decision 078).
  await db.execute(
    `insert into search_index_state (id, version) values (1, 1)
     on conflict (id) do update set version = search_index_state.version + 1, refreshed_at = now()`,
    [],
    'run',
  );
}

/**
 * Whether every product has its search row and the typeahead its keys (false after a migration emptied either, or
 * a partial import).
 */
export async function searchIndexIsComplete(db: Db): Promise<boolean> {
  const [row] = await db.execute<{ complete: boolean }[]>(
    `select (select count(*) from product) = (select count(*) from product_search)
         and (exists (select 1 from typeahead_answer) or not exists (select 1 from product)) as complete`,
  );
  return row?.complete ?? false;
}
