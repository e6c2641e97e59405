import type { Logger } from 'pino';
import { COMPUTED_AHEAD_PREFIX } from '../../../../domain/search';
import { every, type PeriodicJob } from '../../common/periodic';
import type { Db } from '../../context';
import { parseQuery, toTsQuery } from './search.query';
import { searchService, TYPEAHEAD_PLAN, type Plan } from './search.service';

/*
 * Typeahead answers computed ahead (issue 30, decision 042): for every prefix of up to COMPUTED_AHEAD_PREFIX
 * characters of a catalogue word or part number, the answer the live search gives, kept in `typeahead_answer` and
 * read by one primary-key lookup. A product change forgets the answers that may show it, in the change's
 * transaction, so the next request searches live; the warmer computes them again in the background.
 */

/**
 * The keys: each prefix of 1–8 characters of a catalogue word (`search_term`) or part number, as `parseQuery` reads
 * it (lower case, runs of letters and digits separated by one space: `LHCS-M3X` -> `lhcs m3x`).
 */
const KEYS_SQL = `
  select distinct k from (
    select trim(regexp_replace(lower(unaccent(left(w, l))), '[^a-z0-9]+', ' ', 'g')) as k
    from (select term as w from search_term union all select product_id from product_search) t
    cross join generate_series(1, ${COMPUTED_AHEAD_PREFIX}) l
    where length(w) >= l
  ) p where k <> ''`;

/**
 * Past this many changed products, a change forgets every answer at once: matching each answer's query against
 * each product would cost more than computing them all again.
 */
const FORGET_BY_PRODUCT_MAX = 100;
/** Answers the warmer computes in one transaction (their rows stay locked meanwhile: a change waits for them). */
const WARM_BATCH = 10;
/** How often each serving process looks for answers to compute. */
export const WARM_INTERVAL_MS = 1_000;
/** The longest a warming run lasts before it lets the next one start. */
const WARM_RUN_MS = 5_000;

/**
 * After a catalogue rebuild (in its transaction): the keys of the new catalogue, every answer to compute again.
 */
export async function refreshTypeaheadKeys(db: Db): Promise<void> {
  await db.execute(
    `delete from typeahead_answer a where not exists (select 1 from (${KEYS_SQL}) k where k.k = a.key)`,
    [],
    'run',
  );
  await db.execute(
    `insert into typeahead_answer (key) ${KEYS_SQL}
     on conflict (key) do update set answer = null, stale = false`,
    [],
    'run',
  );
}

/**
 * Some products changed in a way the typeahead shows (stock, a name, a site): in the change's transaction, before
 * its commit, forget the answers computed ahead whose statements match one of them, so no answer from before the
 * change is served after it. Call it after the search rows are updated, and before too when a change can make a
 * product stop matching (its words). Rows the warmer is computing are locked: this waits for them, then forgets
 * them. Past FORGET_BY_PRODUCT_MAX products, every answer is forgotten.
 */
export async function forgetTypeaheadAnswers(db: Db, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  if (productIds.length > FORGET_BY_PRODUCT_MAX) {
    await db.execute('update typeahead_answer set answer = null, stale = false', [], 'run');
    return;
  }
  await db.execute(
    `update typeahead_answer a set answer = null, stale = false
     from product_search s
     where s.product_id in (?) and (s.document @@ a.match or s.part_key like any(a.part_patterns)
       or (a.fuzzy_key is not null and s.part_key % a.fuzzy_key))`,
    [productIds],
    'run',
  );
}

/**
 * The ranking moved (a popularity refresh): every answer is computed again, and served meanwhile, as the
 * per-process cache serves its answers after a change (decision 008).
 */
export async function staleTypeaheadAnswers(db: Db): Promise<void> {
  await db.execute('update typeahead_answer set stale = true where answer is not null', [], 'run');
}

/**
 * Computes the missing answers first (shortest keys first: the broadest), then the stale ones, WARM_BATCH a
 * transaction, until none is left, `budgetMs` has passed or `stopping` says so; returns how many it computed.
 * Processes share the work: each locks the rows it computes and skips those another is computing.
 */
export async function warmTypeaheadAnswers(
  db: Db,
  budgetMs = WARM_RUN_MS,
  stopping = () => false,
): Promise<number> {
  const reader = { readDb: db, site: null };
  const until = Date.now() + budgetMs;
  let computed = 0;
  for (;;) {
    const batch = await db.transactional(async () => {
      const keys = await db.execute<{ key: string }[]>(
        `select key from typeahead_answer where answer is null or stale
         order by answer is not null, length(key), key limit ? for update skip locked`,
        [WARM_BATCH],
      );
      for (const { key } of keys) {
        const q = parseQuery(key);
        const ran: Plan[] = [];
        const answer = await searchService.answer(
          reader,
          {
            ...TYPEAHEAD_PLAN,
            q,
            input: { query: key, includeWithoutPrice: true },
            fuzzy: false,
            scope: { categoryIds: null, brandIds: null },
          },
          ran,
        );
        await db.execute(
          `update typeahead_answer set answer = ?, stale = false, match = to_tsquery('axl', ?),
             part_patterns = ?::text[], fuzzy_key = ?, computed_at = now()
           where key = ?`,
          [JSON.stringify(answer), ...dependencies(ran), key],
        );
      }
      return keys.length;
    });
    computed += batch;
    if (batch < WARM_BATCH || Date.now() >= until || stopping()) return computed;
  }
}

/** What the statements behind an answer matched: their text queries OR-ed, part-number prefixes, typo key. */
function dependencies(ran: Plan[]): [string, string, string | null] {
  const queries = ran.map((plan) => `(${toTsQuery(plan.q.words, plan.prefix)})`);
  // As buildStatement matches part numbers: a prefix from 3 characters, a typo match from 4.
  const patterns = ran.map((plan) => plan.q.partKey).filter((key) => key.length >= 3);
  const fuzzy = ran.find((plan) => plan.fuzzy && plan.q.partKey.length >= 4);
  return [
    queries.join(' | '),
    `{${[...new Set(patterns)].map((k) => `${k}%`).join(',')}}`,
    fuzzy?.q.partKey ?? null,
  ];
}

/**
 * Keeps the answers computed ahead computed: a warming run every `intervalMs` (0: never) in this process. Stopping
 * waits for the batch in progress only.
 */
export function scheduleTypeaheadWarming(db: Db, log: Logger, intervalMs: number): PeriodicJob {
  let stopping = false;
  const job = every(
    intervalMs,
    Math.min(intervalMs, 1_000),
    'compute typeahead answers ahead',
    log,
    async () => {
      const started = Date.now();
      const computed = await warmTypeaheadAnswers(db, WARM_RUN_MS, () => stopping);
      if (computed > 0) log.debug({ computed, ms: Date.now() - started }, 'typeahead answers computed ahead');
    },
  );
  return {
    async stop() {
      stopping = true;
      await job.stop();
    },
  };
}
