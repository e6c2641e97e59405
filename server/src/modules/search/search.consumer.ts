import type { Db } from '../../context';
import type { DeliveredEvent, EventConsumer } from '../events';
import { forgetTypeaheadAnswers } from './search.ahead';
import { bumpIndexVersion, refreshProductSearch } from './search.index';

/** A products import's columns that search reads: a change to one rewrites the part's search row. */
const SEARCHED_PRODUCT_FIELDS = new Set([
  'name',
  'description',
  'brand',
  'category',
  'manufacturerPartNumber',
]);
/** Parts refreshed per transaction (short locks on their search rows: a staff edit of one never waits long). */
const REFRESH_CHUNK = 1000;

type ImportRow = {
  productId: string;
  priceListId?: string | null;
  price?: number;
  changes?: Record<string, unknown>;
};

/** The parts of an import's event whose search row changes: catalogue prices, or the columns search reads. */
function partsOf(event: DeliveredEvent): { priced: string[]; written: string[] } {
  const rows = (event.payload.rows ?? []) as ImportRow[];
  if (event.type === 'price.changed') {
    // A catalogue price (not a list's, not volume breaks: search keeps only the catalogue's unit price).
    const priced = rows.filter((r) => !r.priceListId && r.price !== undefined).map((r) => r.productId);
    return { priced, written: [] };
  }
  return {
    priced: [],
    written: rows
      .filter((r) => Object.keys(r.changes ?? {}).some((f) => SEARCHED_PRODUCT_FIELDS.has(f)))
      .map((r) => r.productId),
  };
}

const chunks = (ids: string[]) =>
  Array.from({ length: Math.ceil(ids.length / REFRESH_CHUNK) }, (_, i) =>
    ids.slice(i * REFRESH_CHUNK, (i + 1) * REFRESH_CHUNK),
  );

/**
 * Brings the search rows of an import's parts up to date after its commit (decision 069, "Search rows after
 * commit"): an import of 50,000 rows commits without rewriting 50,000 search rows (each rewrite touches the three
 * text indexes), and search shows the change a moment later. It reads the parts' current columns, never the event's
 * values, so a redelivery or events out of order write the same rows. Other writers (a staff edit of one part)
 * still refresh their part's row in their own transaction; their events are not this consumer's.
 */
export function searchConsumer(db: Db): EventConsumer {
  const handleAll = async (events: DeliveredEvent[]) => {
    const priced = new Set<string>();
    const written = new Set<string>();
    for (const event of events) {
      if (event.aggregateType !== 'import') continue;
      const parts = partsOf(event);
      parts.priced.forEach((id) => priced.add(id));
      parts.written.forEach((id) => written.add(id));
    }
    for (const ids of chunks([...written])) {
      await db.transactional(() => refreshProductSearch(db, ids));
    }
    // A part whose row was just written has its price already.
    for (const ids of chunks([...priced].filter((id) => !written.has(id)))) {
      await db.transactional(async () => {
        // Search sorts and filters by the catalogue's price.
        await db.execute(
          `update product_search s set price = p.price from product p
           where p.id = s.product_id and s.product_id in (?) and s.price is distinct from p.price`,
          [ids],
          'run',
        );
        await forgetTypeaheadAnswers(db, ids);
        await bumpIndexVersion(db);
      });
    }
  };
  return {
    name: 'search',
    types: ['price.changed', 'product.changed'],
    handle: (event) => handleAll([event]),
    handleAll,
  };
}
