import type { EntityManager } from '@mikro-orm/postgresql';
import { SYNONYMS } from './search.query';

/**
 * (Re)builds every product's search document: part number forms and name (weight A), brand and category
 * path (B), spec attributes (C), description (D). Part numbers are indexed as typed, normalised
 * (`sfu1605500`) and split at letter/digit boundaries (`sfu 1605 500`), with the `simple` configuration.
 */
const REFRESH_PRODUCT_SEARCH_SQL = `
  with recursive path as (
    select id, name::text as names from category where parent_id is null
    union all
    select c.id, path.names || ' ' || c.name from category c join path on c.parent_id = path.id
  )
  insert into product_search (product_id, part_key, document)
  select p.id,
    lower(regexp_replace(p.id, '[^A-Za-z0-9]', '', 'g')),
    setweight(to_tsvector('simple', concat_ws(' ',
      p.id,
      lower(regexp_replace(p.id, '[^A-Za-z0-9]', '', 'g')),
      regexp_replace(regexp_replace(p.id, '([A-Za-z])([0-9])', '\\1 \\2', 'g'), '([0-9])([A-Za-z])', '\\1 \\2', 'g'),
      p.manufacturer_part_number)), 'A')
    || setweight(to_tsvector('axl', p.name), 'A')
    || setweight(to_tsvector('axl', concat_ws(' ', b.name, path.names)), 'B')
    || setweight(to_tsvector('axl', coalesce(
         (select string_agg(concat_ws(' ', a->>'name', a->>'value'), ' ') from jsonb_array_elements(p.attributes) a), '')), 'C')
    || setweight(to_tsvector('axl', p.description), 'D')
  from product p
  join brand b on b.id = p.brand_id
  join path on path.id = p.category_id
  on conflict (product_id) do update set part_key = excluded.part_key, document = excluded.document`;

/** Catalogue words (names, brands, categories, attribute values) with their frequencies. */
const REBUILD_TERMS_SQL = `
  insert into search_term (term, frequency)
  select word, count(*)::int from (
    select regexp_split_to_table(lower(unaccent(concat_ws(' ', p.name, b.name, c.name))), '[^a-z0-9]+') as word
    from product p join brand b on b.id = p.brand_id join category c on c.id = p.category_id
  ) words
  where length(word) >= 3 and word !~ '^[0-9]+$'
  group by word`;

export async function refreshSearchIndex(em: EntityManager): Promise<void> {
  const db = em.getConnection();
  const ctx = em.getTransactionContext();
  await db.execute(
    'delete from product_search where product_id not in (select id from product)',
    [],
    'run',
    ctx,
  );
  await db.execute(REFRESH_PRODUCT_SEARCH_SQL, [], 'run', ctx);
  await db.execute('truncate search_term', [], 'run', ctx);
  await db.execute(REBUILD_TERMS_SQL, [], 'run', ctx);
  // One-word forms of the synonyms (ballscrew, tslot...) are dictionary words too, so "balscrew" corrects.
  const compounds = SYNONYMS.flat().filter((v) => !v.includes(' '));
  await db.execute(
    `insert into search_term (term, frequency) select unnest(array[?]::text[]), 1000
     on conflict (term) do update set frequency = greatest(search_term.frequency, 1000)`,
    [compounds],
    'run',
    ctx,
  );
}
