/**
 * One autocannon run, in its own process so the load generator never shares the app's event loop.
 * argv[2]: a JSON file of LoadOptions (bench/support.ts). Bodies (or whole requests) are sent in turn, round robin, so a
 * scenario can be many distinct queries or many shoppers. Prints autocannon's result JSON.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import type { LoadOptions } from './support';

async function main() {
  const o = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadOptions;
  let next = 0;
  const many = o.requests?.length ? o.requests : null;
  const result = await autocannon({
    url: o.url,
    method: o.method,
    headers: o.headers,
    connections: o.connections,
    ...(o.amount ? { amount: o.amount } : { duration: o.seconds }),
    body: !many && o.bodies.length === 1 ? o.bodies[0] : undefined,
    requests: many
      ? [
          {
            setupRequest: (req) => {
              const r = many[next++ % many.length]!;
              return {
                ...req,
                method: r.method ?? req.method,
                path: r.path ?? req.path,
                headers: { ...req.headers, ...r.headers },
                body: r.body,
              };
            },
          },
        ]
      : o.bodies.length > 1
        ? [{ setupRequest: (req) => ({ ...req, body: o.bodies[next++ % o.bodies.length] }) }]
        : undefined,
  });
  process.stdout.write(JSON.stringify(result));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
