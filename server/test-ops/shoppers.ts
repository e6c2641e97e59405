import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '../../domain/checkout';
import { CSRF } from '../../domain/constants';
import type { Orm } from '../src/db/orm';
import { checkoutBody } from '../test/fixtures';
import { Browser } from '../test/processes';

/** Parts a shopper can put in a cart and order by one: priced, no configuration, no minimum above one. */
export async function orderableParts(orm: Orm): Promise<string[]> {
  const rows = await orm.em.getConnection().execute<{ id: string }[]>(
    `select id from product p where price between 10 and 40 and allowed_states = '{}' and min_transfer <= 1
       and minimum_purchase_quantity <= 1 and backorder_allowed
       and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
     order by id limit 20`,
  );
  return rows.map((r) => r.id);
}

/** How many times a shopper sends a request again after a 503 with Retry-After (2 s each: a minute in all). */
const MAX_RETRIES = 30;

/**
 * Shoppers in a loop until `stop()`: browse a part, search, add it to the cart, place the order with an
 * Idempotency-Key, again and again, each with its own cookies. A 503 with `Retry-After` (the store's JSON while its
 * database is away, or the balancer's while no store is in rotation) is what a client is told to retry: the shopper
 * waits as told and sends the same request again, with the same key, and counts it in `retried`; so does a request
 * whose connection was cut mid-answer (a store killed while it wrote), when sending it again is safe: a read, a
 * query, a write with its key. Every other answer of 400 or more, and every other request that got no answer, is a
 * failure; `keys` are the orders' keys, to count the
 * orders the database holds for them.
 */
export function shoppers(base: string, products: string[], count: number) {
  const failures: string[] = [];
  const keys: string[] = [];
  let requests = 0;
  let retried = 0;
  let running = true;
  const shopper = async (n: number) => {
    const g = new Browser(CSRF.cookieName);
    const call = async (
      method: string,
      url: string,
      body?: unknown,
      headers?: Record<string, string>,
      safeAgain = false,
    ) => {
      for (let attempt = 0; ; attempt++) {
        requests++;
        try {
          const r = await g.call(base, method, url, body, headers);
          const wait = Number(r.headers.get('retry-after'));
          if (r.status === 503 && wait > 0 && attempt < MAX_RETRIES) {
            retried++;
            await new Promise((resolve) => setTimeout(resolve, wait * 1000));
            continue;
          }
          if (r.status >= 400)
            failures.push(`${method} ${url}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
          return r;
        } catch (err) {
          // A connection cut mid-answer (a store killed while it wrote) is sent again when sending it twice is
          // safe: a read, or a write with its Idempotency-Key. Anything else is a failure.
          if ((method === 'GET' || safeAgain || headers?.['idempotency-key']) && attempt < MAX_RETRIES) {
            retried++;
            continue;
          }
          failures.push(`${method} ${url}: ${(err as Error).message}`);
          return { status: 0, body: {} as Record<string, unknown> };
        }
      }
    };
    await call('GET', '/api/auth/csrf');
    const card = await call('POST', '/api/payments/test/payment-methods', {
      number: TEST_CARDS.authorised,
      expiry: '12/39',
      cvc: '123',
      name: 'Fleet',
    });
    for (let round = 0; running; round++) {
      const id = products[(n * 7 + round) % products.length]!;
      await call('GET', `/api/products/${encodeURIComponent(id)}`);
      await call(
        'POST',
        '/graphql',
        {
          query: 'query($q: String!) { search(query: $q, pageSize: 12) { total } }',
          variables: { q: 'ball screw' },
        },
        {},
        true, // a query
      );
      // With a key, as the shop sends it: a balancer's replay of the add adds nothing more.
      await call(
        'POST',
        '/api/user/cart/upsert',
        { items: [{ itemId: id, qty: 1 }] },
        { 'idempotency-key': randomUUID() },
      );
      const key = randomUUID();
      keys.push(key);
      await call(
        'POST',
        '/api/checkout/place-order',
        checkoutBody(`fleet.${n}.${round}@plant.example`, card.body.id as string),
        { 'idempotency-key': key },
      );
    }
  };
  const load = Array.from({ length: count }, (_, n) => shopper(n));
  return {
    failures,
    keys,
    requests: () => requests,
    retried: () => retried,
    async stop() {
      running = false;
      await Promise.all(load);
    },
  };
}

/**
 * For the shoppers' keys: the orders placed, the distinct keys among them, orders without a line, and orders whose
 * line was added twice (each shopper adds one piece per order).
 */
export async function ordersOf(orm: Orm, keys: string[]) {
  const [row] = await orm.em
    .getConnection()
    .execute<{ orders: number; keys: number; bare: number; doubled: number }[]>(
      `select count(*)::int as orders, count(distinct idempotency_key)::int as keys,
       count(*) filter (where not exists (select 1 from order_line l where l.order_id = o.id))::int as bare,
       count(*) filter (where exists (select 1 from order_line l where l.order_id = o.id and l.quantity > 1))::int
         as doubled
     from customer_order o where idempotency_key in (?)`,
      [keys],
    );
  return row!;
}
