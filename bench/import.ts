/**
 * Imports benchmark (issue 56, item 5; decision 069): a 50,000-row CSV of catalogue prices, one of stock counts and
 * one of products' names and descriptions (each row a change, so every search row is written again), each sent as a
 * dry run and then applied, by a member of staff over HTTP (the wall clock of the request: upload,
 * parse, checks, the diff or the transaction, the answer). Before each kind, the floor: `GET /healthz` one at a time
 * on the same app (the machine is shared: its load can change between two kinds).
 *   npm run bench:import -- [--products 60000] [--rows 50000] [--runs 3] [--database NAME] [--kinds prices,stock,products]
 * Uses a scratch database seeded with `--products` demo products (or `--database NAME`, kept). Prints figures;
 * never pass/fail. Targets here: a dry run in at most 2 s, applied in at most 5 s.
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import type { Connection } from '@mikro-orm/postgresql';
import { ROLES } from '../domain/roles';
import { WAREHOUSES } from '../domain/warehouses';
import { benchDatabase, listen, printFloor, staffSession } from './support';

/** A CSV field, quoted (names hold commas). */
const quoted = (value: string) => `"${value.replace(/"/g, '""')}"`;

/**
 * Seconds from the import's answer until the search consumer has delivered every event (decision 069: an import's
 * search rows follow its commit); the app's dispatcher wakes on the commit. Polled every 50 ms.
 */
async function searchCaughtUp(db: Connection): Promise<number> {
  const started = performance.now();
  for (;;) {
    const [due] = await db.execute<{ n: number }[]>(
      "select count(*)::int as n from domain_event_delivery where consumer = 'search' and delivered_at is null",
    );
    if (due!.n === 0) return (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '60000' },
      rows: { type: 'string', default: '50000' },
      runs: { type: 'string', default: '3' },
      database: { type: 'string' },
      kinds: { type: 'string', default: 'prices,stock,products' },
    },
  });
  const rows = Number(values.rows);
  const bench = await benchDatabase({ products: Number(values.products), database: values.database });
  const db = bench.orm.em.getConnection();
  const app = await listen(bench.orm);
  try {
    const headers = await staffSession(app.base, bench.orm, ROLES.Admin);
    delete headers['content-type'];
    const parts = await db.execute<{ id: string; price: number; name: string; description: string }[]>(
      `select id, price::float8 as price, name, description from product p where price is not null
         and not exists (select 1 from price_break b where b.product_id = p.id)
       order by id limit ?`,
      [rows],
    );
    if (parts.length < rows) throw new Error(`only ${parts.length} priced parts: seed more (--products)`);
    const warehouses = WAREHOUSES.map((w) => w.id);
    const perWarehouse = Math.ceil(rows / warehouses.length);

    const table = [
      `| import (${rows.toLocaleString('en-US')} rows) | dry run median s | applied median s | search caught up median s | changed | runs |`,
      '|---|---|---|---|---|---|',
    ];

    const files = {
      prices: (run: number) =>
        ['partNumber,price', ...parts.map((p) => `${p.id},${(p.price + run + 1).toFixed(2)}`)].join('\r\n'),
      stock: (run: number) =>
        [
          'partNumber,warehouseId,onHand',
          ...parts
            .slice(0, perWarehouse)
            .flatMap((p, i) => warehouses.map((w) => `${p.id},${w},${(i % 500) + run + 1}`))
            .slice(0, rows),
        ].join('\r\n'),
      products: (run: number) =>
        [
          'partNumber,name,description',
          ...parts.map((p) =>
            [
              p.id,
              `${p.name.replace(/ \(\d+\)$/, '')} (${run + 1})`,
              `${p.description.replace(/ Revision \d+\.$/, '')} Revision ${run + 1}.`,
            ]
              .map(quoted)
              .join(','),
          ),
        ].join('\r\n'),
    };
    const kinds = values.kinds.split(',');
    for (const [kind, file] of Object.entries(files).filter(([k]) => kinds.includes(k))) {
      process.stdout.write(`${kind}, `);
      await printFloor(app.base);
      const dry: number[] = [];
      const applied: number[] = [];
      const caughtUp: number[] = [];
      let changed = 0;
      for (let run = 0; run < Number(values.runs); run++) {
        const csv = file(run);
        for (const dryRun of [true, false]) {
          const form = new FormData();
          form.append('file', new Blob([csv], { type: 'text/csv' }), `${kind}.csv`);
          const started = performance.now();
          const res = await fetch(`${app.base}/api/imports/${kind}${dryRun ? '?dryRun=true' : ''}`, {
            method: 'POST',
            headers,
            body: form,
          });
          const report = (await res.json()) as { changed?: unknown[]; errors?: unknown[]; error?: unknown };
          const seconds = (performance.now() - started) / 1000;
          if (!res.ok) throw new Error(`${kind}: ${res.status} ${JSON.stringify(report).slice(0, 500)}`);
          (dryRun ? dry : applied).push(seconds);
          changed = report.changed?.length ?? 0;
          if (!dryRun) caughtUp.push(await searchCaughtUp(db));
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(2);
      table.push(
        `| ${kind} | ${median(dry)} | ${median(applied)} | ${median(caughtUp)} | ${changed} | ${values.runs} |`,
      );
    }
    console.log(`\n${table.join('\n')}`);
  } finally {
    await app.close();
    await bench.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
