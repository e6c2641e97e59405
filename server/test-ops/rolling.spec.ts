import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RETRY_AFTER_SECONDS, unavailable } from '../src/common/errors';
import { PROJECT_ROOT } from '../src/config/env';
import type { Orm } from '../src/db/orm';
import { freePort, startStore, stopped, storeDatabase } from '../test/processes';
import { orderableParts, ordersOf, shoppers } from './shoppers';

/*
 * A real load balancer (issue 34 item 2, decision 051): HAProxy from Debian in front of three stores on one
 * database, under mixed load (browsing, search, add-to-cart, place order with Idempotency-Key) while every process
 * is replaced one by one, with docs/deploy.md's configuration. `npm run test:ops` (CI installs haproxy).
 */

const HAPROXY = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';
/** docs/deploy.md's HAProxy configuration, as shipped, on this machine's ports. */
function haproxyConfig(front: number, stores: number[]): string {
  const doc = fs.readFileSync(path.join(PROJECT_ROOT, 'docs/deploy.md'), 'utf8');
  const cfg = /```haproxy\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!cfg) throw new Error('docs/deploy.md has no haproxy block');
  let n = 0;
  return cfg
    .replace(/^ {2}bind .*$/m, `  bind 127.0.0.1:${front}`)
    .replace(
      /^ {2}server (store\d+) \S+$/gm,
      (_, name: string) => `  server ${name} 127.0.0.1:${stores[n++]}`,
    );
}

let databaseUrl: string;
let orm: Orm;
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  ({ url: databaseUrl, orm } = await storeDatabase('lb'));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'axl-lb-'));
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await orm.close(true);
  fs.rmSync(dir, { recursive: true, force: true });
});

const storeEnv = (port: number) => ({
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  SESSION_SECRET: 'three-stores-share-this-secret-0123456789',
  SHUTDOWN_DEREGISTER_MS: '1500',
  SEARCH_CACHE_TTL_MS: '0',
});

describe('three stores behind HAProxy, replaced one by one under load', () => {
  it('fails no request, every old process exits 0, and no order is lost or doubled', async () => {
    const ports = [await freePort(), await freePort(), await freePort()];
    const stores = await Promise.all(ports.map((p) => startStore(storeEnv(p))));
    children.push(...stores.map((s) => s.child));
    const front = await freePort();
    const cfg = path.join(dir, 'haproxy.cfg');
    const config = haproxyConfig(front, ports);
    expect(config.match(/127\.0\.0\.1:\d+$/gm)).toHaveLength(4);
    fs.writeFileSync(cfg, config);
    const lb = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(lb);
    const base = `http://127.0.0.1:${front}`;
    for (let i = 0; i < 100; i++) {
      if (
        (await fetch(`${base}/readyz`).then(
          (r) => r.status,
          () => 0,
        )) === 200
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const products = await orderableParts(orm);

    // Shoppers: browse a part, search, add it to the cart, place the order with a key, again and again.
    const load = shoppers(base, products, 6);

    // Each store in turn: SIGTERM (it deregisters, drains, exits), a new one on its port, back in rotation.
    const exits: (number | null)[] = [];
    const restartMs: number[] = [];
    await new Promise((r) => setTimeout(r, 3000));
    for (let i = 0; i < 3; i++) {
      const t0 = Date.now();
      stores[i]!.child.kill('SIGTERM');
      exits.push(await stopped(stores[i]!.child));
      const next = await startStore(storeEnv(ports[i]!));
      children.push(next.child);
      stores[i] = next;
      restartMs.push(Date.now() - t0);
      await new Promise((r) => setTimeout(r, 2000));
    }
    await new Promise((r) => setTimeout(r, 2000));
    await load.stop();

    expect(load.failures).toEqual([]);
    expect(exits).toEqual([0, 0, 0]);
    expect(load.requests()).toBeGreaterThan(200);
    // Each key placed exactly one order, each with its line.
    const keys = load.keys;
    expect(await ordersOf(orm, keys)).toEqual({
      orders: keys.length,
      keys: keys.length,
      bare: 0,
      doubled: 0,
    });
    console.log(
      `rolling restart: ${load.requests()} requests, ${keys.length} orders, 0 failed; per store (SIGTERM to back in): ${restartMs.join(', ')} ms`,
    );

    for (const s of stores) s.child.kill('SIGTERM');
    expect(await Promise.all(stores.map((s) => stopped(s.child)))).toEqual([0, 0, 0]);
    // No store left (as during a PostgreSQL restart, when every /readyz fails): the balancer answers as a store
    // would, JSON with Retry-After, never its HTML page.
    const away = await fetch(`${base}/api/products/${encodeURIComponent(products[0]!)}`);
    expect(away.status).toBe(503);
    expect(away.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(away.headers.get('content-type')).toBe('application/json');
    expect(await away.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: unavailable().message },
    });
    lb.kill('SIGTERM');
    await stopped(lb);
  }, 180_000);
});
