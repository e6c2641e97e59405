/**
 * Click-stream collector benchmark (issue 8): batches of `--batch` events (as the shop's beacon queue sends them)
 * at `--connections`, for `--seconds`. Prints requests/s, events/s and latency. Target: 5,000 events/s on 2
 * cores, p99 <= 10 ms.
 *   npm run bench:collector -- [--batch 50] [--connections 8] [--seconds 10]
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { CLICKSTREAM_EVENT_TYPES, clickstreamPath } from '../domain/clickstream';
import { benchDatabase, listen, load } from './support';

async function main() {
  const { values } = parseArgs({
    options: {
      batch: { type: 'string', default: '50' },
      connections: { type: 'string', default: '8' },
      seconds: { type: 'string', default: '10' },
    },
  });
  const batch = Number(values.batch);
  const bench = await benchDatabase({ products: 100 });
  const app = await listen(bench.orm);
  let open = true;
  try {
    // 200 different bodies: each a batch of plausible events from one visitor's session.
    const bodies = Array.from({ length: 200 }, (_, b) => {
      const visitorId = randomUUID();
      return JSON.stringify({
        events: Array.from({ length: batch }, (_, i) => ({
          eventType: CLICKSTREAM_EVENT_TYPES[(b + i) % CLICKSTREAM_EVENT_TYPES.length],
          visitorId,
          eventTime: new Date(Date.now() - (batch - i) * 1000).toISOString(),
          uri: `http://localhost:4000/product/detail/PART-${b}-${i}`,
          referrerUri: 'http://localhost:4000/search?q=ball%20screw',
          userInfo: { userAgent: 'Mozilla/5.0 (bench)', directUserRequest: false },
          productDetails: [
            { id: `PART-${b}-${i}`, priceInfo: { price: 19.5, currencyCode: 'USD' }, quantity: 1 },
          ],
          attributionToken: randomUUID(),
        })),
      });
    });
    const options = {
      url: `${app.base}${clickstreamPath('axisline-shop')}`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      bodies,
      connections: Number(values.connections),
    };
    await load({ ...options, seconds: 2 }); // warm-up: JIT, connections, buffers
    const r = await load({ ...options, seconds: Number(values.seconds) });
    await app.close(); // writes what the collector still holds
    open = false;
    const [{ n }] = await bench.orm.em
      .getConnection()
      .execute<[{ n: number }]>('select count(*)::int as n from clickstream_event');
    console.log(
      `\n| batch | connections | req/s | events/s | p50 ms | p99 ms | non-2xx |\n|---|---|---|---|---|---|---|\n` +
        `| ${batch} | ${values.connections} | ${r.requests.average.toFixed(0)} | ${(r.requests.average * batch).toFixed(0)} | ` +
        `${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} |`,
    );
    console.log(`${n} events stored`);
  } finally {
    if (open) await app.close();
    await bench.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
