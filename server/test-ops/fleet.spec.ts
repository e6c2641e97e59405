import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RETRY_AFTER_SECONDS, unavailable } from '../src/common/errors';
import { PROJECT_ROOT } from '../src/config/env';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/db/embedded';
import { initOrm, type Orm } from '../src/db/orm';
import { freePort, startStore, stopped } from '../test/processes';
import { startPgbouncer } from './pgbouncer';
import { orderableParts, ordersOf, shoppers } from './shoppers';

/*
 * The fleet of the deploy guide (issue 55, decisions 051 and 076): three stores behind docs/deploy.md's HAProxy
 * configuration as shipped, on Debian 12's pgbouncer 1.18 in transaction mode, on a PostgreSQL of their own (so it
 * can be restarted), with the shipped cache settings. Under shoppers' load (browse, search, add to cart and place
 * order, each write with an Idempotency-Key), every store is replaced one by one (SIGTERM), one is killed (SIGKILL)
 * and started again, and PostgreSQL restarts. No request may fail in a way a client could not retry: the only
 * answers allowed besides success are 503s with Retry-After, which the shoppers wait out and send again with the
 * same key. No order may be lost or doubled, and no cart line added twice. `npm run test:ops`.
 */

const HAPROXY = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';
const quiet = { info: () => undefined, warn: () => undefined };

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

let dir: string;
let pgDir: string;
let pgPort: number;
let database: EmbeddedDatabase;
let orm: Orm;
let pooled: (url: string) => string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'axl-fleet-'));
  pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'axl-fleet-pg-'));
  pgPort = await freePort();
  database = await startEmbeddedDatabase({ dataDir: pgDir, port: pgPort, log: quiet });
  const pooler = await startPgbouncer(dir, new URL(database.url));
  children.push(pooler.child);
  pooled = pooler.pooled;
}, 120_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await orm?.close(true);
  await database?.stop();
  // The cluster itself (outside pgDir as root: /var/lib/axisline/…, server/src/db/embedded.ts).
  if (database) fs.rmSync(database.dataDir, { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(pgDir, { recursive: true, force: true });
});

const storeEnv = (port: number) => ({
  DATABASE_URL: pooled(database.url),
  DATABASE_DIRECT_URL: database.url,
  DATABASE_POOL_MODE: 'transaction',
  PORT: String(port),
  SESSION_SECRET: 'three-stores-share-this-secret-0123456789',
  SHUTDOWN_DEREGISTER_MS: '1500',
});

describe('three stores behind HAProxy and pgbouncer: a rolling restart, a SIGKILL and a PostgreSQL restart', () => {
  it('fail no request a client could not retry, and lose or double no order or cart line', async () => {
    const ports = [await freePort(), await freePort(), await freePort()];
    // The first store migrates and seeds the empty database; the others find it ready.
    const stores = [await startStore({ ...storeEnv(ports[0]!), SEED_PRODUCTS: '40', SEED_ORDERS: '0' })];
    stores.push(...(await Promise.all(ports.slice(1).map((p) => startStore(storeEnv(p))))));
    children.push(...stores.map((s) => s.child));
    const started = [...stores];
    orm = await initOrm({ clientUrl: database.url, poolMax: 2 });

    const front = await freePort();
    const cfg = path.join(dir, 'haproxy.cfg');
    const config = haproxyConfig(front, ports);
    expect(config.match(/127\.0\.0\.1:\d+$/gm)).toHaveLength(4);
    fs.writeFileSync(cfg, config);
    const lb = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(lb);
    const base = `http://127.0.0.1:${front}`;
    const ready = async () =>
      (await fetch(`${base}/readyz`).then(
        (r) => r.status,
        () => 0,
      )) === 200;
    const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
    for (let i = 0; i < 100 && !(await ready()); i++) await settle(100);
    const products = await orderableParts(orm);
    expect(products.length).toBeGreaterThan(5);

    const load = shoppers(base, products, 6);
    await settle(3000);

    // Each store in turn: SIGTERM (it deregisters, drains, exits 0), a new one on its port, back in rotation.
    const exits: (number | null)[] = [];
    const restartMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = Date.now();
      stores[i]!.child.kill('SIGTERM');
      exits.push(await stopped(stores[i]!.child));
      stores[i] = await startStore(storeEnv(ports[i]!));
      children.push(stores[i]!.child);
      started.push(stores[i]!);
      restartMs.push(Date.now() - t0);
      await settle(2000);
    }
    const afterRolling = load.requests();

    // One store killed mid-request: the balancer sends what it had on to the others, a new one takes its place.
    stores[1]!.child.kill('SIGKILL');
    await stopped(stores[1]!.child);
    stores[1] = await startStore(storeEnv(ports[1]!));
    children.push(stores[1]!.child);
    started.push(stores[1]!);
    await settle(2000);
    const afterKill = load.requests();

    // PostgreSQL restarts (a fast shutdown: sessions ended, then the same cluster started again).
    const down = Date.now();
    await database.stop();
    database = await startEmbeddedDatabase({ dataDir: pgDir, port: pgPort, log: quiet });
    while (!(await ready())) await settle(100);
    const outageMs = Date.now() - down;
    await settle(3000);
    await load.stop();

    if (load.failures.length > 0) {
      // What the stores logged of them (their errors), to tell a store's fault from the balancer's.
      const errors = started.flatMap((s) =>
        s
          .log()
          .split('\n')
          .filter((l) => /"level":(50|60)/.test(l)),
      );
      console.log(`the stores' errors:\n${errors.slice(0, 10).join('\n')}`);
    }
    expect(load.failures).toEqual([]);
    expect(exits).toEqual([0, 0, 0]);
    // Shoppers kept shopping through each part.
    expect(afterRolling).toBeGreaterThan(100);
    expect(afterKill).toBeGreaterThan(afterRolling);
    expect(load.requests()).toBeGreaterThan(afterKill + 20);
    const keys = load.keys;
    expect(await ordersOf(orm, keys)).toEqual({
      orders: keys.length,
      keys: keys.length,
      bare: 0,
      doubled: 0,
    });
    console.log(
      `fleet: ${load.requests()} requests (${load.retried()} answered 503 + Retry-After and sent again), ${keys.length} orders, 0 failed; ` +
        `per store (SIGTERM to back in): ${restartMs.join(', ')} ms; PostgreSQL restart to the fleet ready: ${outageMs} ms`,
    );

    // No store left (every /readyz failing): the balancer answers as a store would, JSON with Retry-After.
    for (const s of stores) s.child.kill('SIGTERM');
    expect(await Promise.all(stores.map((s) => stopped(s.child)))).toEqual([0, 0, 0]);
    const away = await fetch(`${base}/api/products/${encodeURIComponent(products[0]!)}`);
    expect(away.status).toBe(503);
    expect(away.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(away.headers.get('content-type')).toBe('application/json');
    expect(await away.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: unavailable().message },
    });
    lb.kill('SIGTERM');
    await stopped(lb);
  }, 420_000);
});
