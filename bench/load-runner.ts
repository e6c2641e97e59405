/**
 * One autocannon run, in its own process so the load generator never shares the app's event loop.
 * argv[2]: JSON { url, method, headers, bodies: string[], connections, seconds }; the bodies are sent in turn
 * (one per request, round robin), so a scenario can be many distinct queries. Prints autocannon's result JSON.
 */
import autocannon from 'autocannon';

interface RunOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  bodies: string[];
  connections: number;
  seconds: number;
}

async function main() {
  const o = JSON.parse(process.argv[2]!) as RunOptions;
  let next = 0;
  const result = await autocannon({
    url: o.url,
    method: o.method,
    headers: o.headers,
    connections: o.connections,
    duration: o.seconds,
    body: o.bodies.length === 1 ? o.bodies[0] : undefined,
    requests:
      o.bodies.length > 1
        ? [{ setupRequest: (req) => ({ ...req, body: o.bodies[next++ % o.bodies.length] }) }]
        : undefined,
  });
  process.stdout.write(JSON.stringify(result));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
