import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsList } from '../../migrations';
import { createDatabase } from '../src/db/admin';
import { initOrm, type Orm } from '../src/db/orm';
import { TEST_ENV } from '../test/env';
import { freePort, startStore, stopped } from '../test/processes';
import { startPgbouncer } from './pgbouncer';

/*
 * Behind a transaction-mode pooler (issue 55 items 2 and 3, decision 076): Debian 12's pgbouncer 1.18, the one an
 * operator of that release gets, in front of this machine's PostgreSQL, with docs/deploy.md's settings
 * (DATABASE_POOL_MODE=transaction, DATABASE_DIRECT_URL for the migrations' lock). Before, the store's named
 * prepared statements answered 500 (`prepared statement "axl_…" already exists`) on most requests, and stores
 * starting at once on an empty database failed their migrations. `npm run test:ops` (CI installs pgbouncer).
 */

const server = new URL(process.env[TEST_ENV.serverUrl]!);

let dir: string;
let pooled: (url: string) => string;
const children: ChildProcess[] = [];
const orms: Orm[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'axl-pooler-'));
  const pooler = await startPgbouncer(dir, server);
  children.push(pooler.child);
  pooled = pooler.pooled;
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
});
