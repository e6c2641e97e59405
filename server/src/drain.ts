import type { Server, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Readiness } from './ops';

/**
 * A graceful stop that holds under load (issue 34, decision 051). Node's `server.close()` waits for every open
 * connection, and a client keeping its keep-alive connection busy never lets it go: the process ran out its whole
 * shutdown timeout and reset what was in flight. So a stop goes in three steps:
 *
 * 1. **Deregister**: /readyz answers 503 while every other request is still served, for `deregisterMs` (SIGTERM
 *    only: a Ctrl-C at a terminal stops at once), long enough for the load balancer to take the process out.
 * 2. **Drain**: every response from now on, those in flight included, carries `Connection: close`, so each
 *    connection ends after its current response; the server stops accepting and closes its idle connections.
 * 3. **Done** when the last connection has ended; `timeoutMs` after the drain began, whatever is left is closed.
 *
 * Resolves true when every connection ended on its own, false when the timeout cut some.
 */
export function drainer(server: Server, readiness: Readiness) {
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('request', (_req, res: ServerResponse) => {
    if (closing) return closeAfter(res);
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });

  return async function drain({
    deregisterMs,
    timeoutMs,
  }: {
    deregisterMs: number;
    timeoutMs: number;
  }): Promise<boolean> {
    readiness.draining = true;
    if (deregisterMs > 0) await sleep(deregisterMs);
    closing = true;
    for (const res of inFlight) closeAfter(res);
    inFlight.clear();
    let timer: NodeJS.Timeout | undefined;
    const ended = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
    const cut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => {
        server.closeAllConnections();
        resolve(false);
      }, timeoutMs);
    });
    try {
      return await Promise.race([ended, cut]);
    } finally {
      clearTimeout(timer);
    }
  };
}
