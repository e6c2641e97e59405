import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsList } from '../../migrations';
import { createDatabase } from '../src/db/admin';
import { initOrm, type Orm } from '../src/db/orm';
import { TEST_ENV } from '../test/env';
import { freePort, startStore, stopped, storeDatabase } from '../test/processes';
import { orderableParts, ordersOf, shoppers } from './shoppers';

/*
 * Behind a transaction-mode pooler (issue 55 items 2 and 3, decision 076): Debian 12's pgbouncer 1.18, the one an
 * operator of that release gets, in front of this machine's PostgreSQL, with docs/deploy.md's settings
 * (DATABASE_POOL_MODE=transaction, DATABASE_DIRECT_URL for the migrations' lock). Before, the store's named
 * prepared statements answered 500 (`prepared statement "axl_…" already exists`) on most requests, and stores
 * starting at once on an empty database failed their migrations. `npm run test:ops` (CI installs pgbouncer).
 */

const PGBOUNCER = process.env.PGBOUNCER_PATH || '/usr/sbin/pgbouncer';
const server = new URL(process.env[TEST_ENV.serverUrl]!);

let dir: string;
let pooler: ChildProcess;
let poolerPort: number;
const children: ChildProcess[] = [];
const orms: Orm[] = [];

/** The pooler's URL for a database of this machine's PostgreSQL. */
const pooled = (url: string) => {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(poolerPort);
  return u.toString();
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'axl-pooler-'));
  fs.chmodSync(dir, 0o755);
  poolerPort = await freePort();
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432} user=${decodeURIComponent(server.username) || 'postgres'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${poolerPort}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 8',
      // What node-postgres sends at start-up besides the user and database.
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'),
  );
  fs.chmodSync(ini, 0o644);
  // pgbouncer refuses to run as root: as root (CI), it runs as PostgreSQL's system user.
  const asUser = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
  pooler = spawn(PGBOUNCER, [...asUser, ini], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  pooler.stderr!.on('data', (d) => (said += String(d)));
  children.push(pooler);
  for (let i = 0; ; i++) {
    if (/listening on 127\.0\.0\.1:\d+/.test(said)) break;
    if (pooler.exitCode !== null || i > 100) throw new Error(`pgbouncer did not start: ${said}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(orms.map((orm) => orm.close(true)));
  fs.rmSync(dir, { recursive: true, force: true });
});

const storeEnv = (port: number, direct: string) => ({
  DATABASE_URL: pooled(direct),
  DATABASE_DIRECT_URL: direct,
  DATABASE_POOL_MODE: 'transaction',
  PORT: String(port),
  SESSION_SECRET: 'pooled-stores-share-this-secret-0123456789',
});

describe('stores behind pgbouncer in transaction mode', () => {
  it('start three at once on an empty database: the migrations run once, under their lock, and all come up', async () => {
    const direct = await createDatabase(
      process.env[TEST_ENV.serverUrl]!,
      `${process.env[TEST_ENV.prefix]}_pooled_empty_${process.pid}`,
    );
    const ports = [await freePort(), await freePort(), await freePort()];
    const stores = await Promise.all(
      ports.map((p) => startStore({ ...storeEnv(p, direct), SEED_PRODUCTS: '0' })),
    );
    children.push(...stores.map((s) => s.child));
    const ready = await Promise.all(
      ports.map((p) => fetch(`http://127.0.0.1:${p}/readyz`).then((r) => r.status)),
    );
    expect(ready).toEqual([200, 200, 200]);
    const orm = await initOrm({ clientUrl: direct, poolMax: 1 });
    orms.push(orm);
    const [row] = await orm.em
      .getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from mikro_orm_migrations');
    expect(row!.n).toBe(migrationsList.length);
    // Each store told its connection budget, naming the pooler.
    for (const s of stores) expect(s.log()).toContain('through a transaction-mode pooler');
    for (const s of stores) s.child.kill('SIGTERM');
    expect(await Promise.all(stores.map((s) => stopped(s.child)))).toEqual([0, 0, 0]);
  });

  it('serve shoppers (catalogue, search, cart, orders) with no failed request and no order lost or doubled', async () => {
    const { url: direct, orm } = await storeDatabase('pooled');
    orms.push(orm);
    const ports = [await freePort(), await freePort()];
    const stores = await Promise.all(ports.map((p) => startStore(storeEnv(p, direct))));
    children.push(...stores.map((s) => s.child));
    const products = await orderableParts(orm);
    // Three shoppers on each store, 8 server connections for all of them.
    const loads = ports.map((p) => shoppers(`http://127.0.0.1:${p}`, products, 3));
    await new Promise((r) => setTimeout(r, 8000));
    await Promise.all(loads.map((l) => l.stop()));

    expect(loads.flatMap((l) => l.failures)).toEqual([]);
    const keys = loads.flatMap((l) => l.keys);
    expect(keys.length).toBeGreaterThan(10);
    expect(await ordersOf(orm, keys)).toEqual({
      orders: keys.length,
      keys: keys.length,
      bare: 0,
      doubled: 0,
    });
    console.log(
      `behind pgbouncer (transaction mode): ${loads.reduce((n, l) => n + l.requests(), 0)} requests, ${keys.length} orders, 0 failed`,
    );
    for (const s of stores) s.child.kill('SIGTERM');
    expect(await Promise.all(stores.map((s) => stopped(s.child)))).toEqual([0, 0]);
  });
});
