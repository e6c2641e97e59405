/**
 * Orders table benchmark (issue 7): the console's `adminOrders` query over 100,000 orders, one filtered page
 * per request, one connection (the latency a member of staff sees) and 8 (several at once); and the CSV export
 * of every order.
 *   npm run bench:admin -- [--products 20000] [--orders 100000] [--database NAME] [--seconds 5]
 * Uses a scratch database seeded with the demo catalogue and `--orders` demo orders (or `--database NAME`,
 * kept). Prints figures; never pass/fail. Target: a filtered page in under 100 ms.
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ROLES } from '../domain/roles';
import { insertDemoOrders } from '../server/src/modules/order/demo-orders';
import { benchDatabase, listen, load, staffSession } from './support';

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '20000' },
      orders: { type: 'string', default: '100000' },
      database: { type: 'string' },
      seconds: { type: 'string', default: '5' },
    },
  });
  const bench = await benchDatabase({ products: Number(values.products), database: values.database });
  const db = bench.orm.em.getConnection();
  const app = await listen(bench.orm);
  try {
    const [{ have }] = await db.execute<[{ have: number }]>(
      'select count(*)::int as have from customer_order',
    );
    const wanted = Number(values.orders);
    if (have < wanted) {
      const started = Date.now();
      await insertDemoOrders(bench.orm, wanted - have, { days: 365 });
      console.log(`inserted ${wanted - have} demo orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    // As autovacuum leaves a table in steady state (visibility map set: counts read the index only).
    await db.execute('vacuum analyze customer_order');
    await db.execute('vacuum analyze order_line');
    const [{ n, lines }] = await db.execute<[{ n: number; lines: number }]>(
      'select count(*)::int as n, (select count(*)::int from order_line) as lines from customer_order',
    );
    console.log(`orders: ${n}, order lines: ${lines}`);

    // A member of customer service, signed in.
    const headers = await staffSession(app.base, bench.orm, ROLES.CustomerService);

    const [sample] = await db.execute<[{ number: string; prefix: string }]>(
      `select order_number::text as number, left(contact_email, 8) as prefix from customer_order
       order by order_number desc offset 5000 limit 1`,
    );
    const monthAgo = new Date(Date.now() - 30 * 864e5).toISOString();
    const query = `query($f: AdminOrderFilterInput) { adminOrders(filter: $f) { total items { id orderNumber createdAt
      contactEmail customerName site status statusLabel paymentStatus total currencyCode erpOrderId state } } }`;
    const scenarios: [string, object][] = [
      ['newest first, 25 rows (no filter)', {}],
      ['status Payment Received + last 30 days, page 3', { statuses: [18], from: monthAgo, page: 3 }],
      [
        'Delivered or Shipped, site foodgrade, 100 rows',
        { statuses: [3, 4], site: 'foodgrade', pageSize: 100 },
      ],
      [`e-mail prefix "${sample.prefix}"`, { q: sample.prefix }],
      [`order number AXL-${sample.number}`, { q: `AXL-${sample.number}` }],
      ['sorted by total, status Processing', { statuses: [1], sort: 'total' }],
      ['page 1000 of all orders (deep offset)', { page: 1000 }],
    ];
    console.log(
      `\n| filtered page | rows matched | c=1 p50 ms | c=1 p99 ms | c=8 req/s | c=8 p99 ms |\n|---|---|---|---|---|---|`,
    );
    for (const [label, filter] of scenarios) {
      const body = JSON.stringify({ query, variables: { f: filter } });
      const check = await fetch(`${app.base}/graphql`, { method: 'POST', headers, body });
      const answer = (await check.json()) as { data?: { adminOrders: { total: number } }; errors?: unknown };
      if (!answer.data) throw new Error(`${label}: ${JSON.stringify(answer.errors)}`);
      const options = { url: `${app.base}/graphql`, method: 'POST' as const, headers, bodies: [body] };
      const one = await load({ ...options, connections: 1, seconds: Number(values.seconds) });
      const eight = await load({ ...options, connections: 8, seconds: Number(values.seconds) });
      const errors = one.errors + one.non2xx + eight.errors + eight.non2xx;
      console.log(
        `| ${label} | ${answer.data.adminOrders.total} | ${one.latency.p50} | ${one.latency.p99} | ` +
          `${eight.requests.average.toFixed(0)} | ${eight.latency.p99}${errors ? ` (${errors} errors)` : ''} |`,
      );
    }

    const started = Date.now();
    const csv = await fetch(`${app.base}/api/admin/orders.csv`, { headers });
    const text = await csv.text();
    console.log(
      `\nCSV export of every order: ${text.split('\r\n').length - 2} rows, ${(text.length / 1e6).toFixed(1)} MB in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await app.close();
    await bench.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
