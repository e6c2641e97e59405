import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { migrationsList } from '../../migrations';
import { PROJECT_ROOT } from '../src/config/env';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { ormConfig } from '../src/config/mikro-orm';
import { servicesDb } from '../src/db/db';
import { Prepared } from '../src/db/prepared';
import { PgSessionStore } from '../src/modules/session/pg-session-store';
import { createTestApp, type TestApp } from './harness';
import { createDatabase } from '../src/db/admin';
import { initOrm, migrate, MIGRATION_LOCK } from '../src/db/orm';
import { TEST_ENV } from './env';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('migrations', () => {
  it('lists every migration file in migrations/index.ts, in order', () => {
    const files = fs
      .readdirSync(path.join(PROJECT_ROOT, 'migrations'))
      .filter((f) => /^Migration\d+.*\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(migrationsList.map((m) => m.name)).toEqual(files);
  });

  it('run once when three stores start at once on an empty database: each waits for the lock, none fails', async () => {
    const url = await createDatabase(
      process.env[TEST_ENV.serverUrl]!,
      `${process.env[TEST_ENV.prefix]}_empty_${process.pid}`,
    );
    const orms = await Promise.all([1, 2, 3].map(() => initOrm({ clientUrl: url, poolMax: 3 })));
    try {
      // Without the lock two of them fail (`create extension pg_trgm`: duplicate key) as issue 55 saw.
      const applied = await Promise.all(orms.map((orm) => migrate(orm)));
      expect(applied.flat().sort()).toEqual(migrationsList.map((m) => m.name).sort());
      expect(applied.filter((names) => names.length > 0)).toHaveLength(1);
      // Started again on the now current database: nothing to do, and the lock is free.
      expect(await Promise.all(orms.map((orm) => migrate(orm)))).toEqual([[], [], []]);
      const [held] = await orms[0]!.em.getConnection().execute<{ n: number }[]>(
        // This database's lock (another test file may be migrating its own database on the same server).
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ?
             and database = (select oid from pg_database where datname = current_database())`,
        [MIGRATION_LOCK],
      );
      expect(held!.n).toBe(0);
    } finally {
      await Promise.all(orms.map((orm) => orm.close(true)));
    }
  });

  it('leave the database exactly as the entities describe it (no drift)', async () => {
    const diff = await t.orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });

  it('create the search extensions pg_trgm and unaccent', async () => {
    const rows = await t.orm.em
      .getConnection()
      .execute<{ extname: string }[]>(
        `select extname from pg_extension where extname in ('pg_trgm', 'unaccent')`,
      );
    expect(rows.map((r) => r.extname).sort()).toEqual(['pg_trgm', 'unaccent']);
  });

  it('create the seven sites with their currency', async () => {
    const rows = await t.orm.em
      .getConnection()
      .execute<{ id: string; currency: string }[]>('select id, currency from site');
    expect(rows).toHaveLength(7);
    expect(rows).toContainEqual({ id: 'pay-ca', currency: 'cad' });
  });
});

describe('the database URL', () => {
  it("reaches PostgreSQL over a Unix socket when it names the socket directory (libpq's host parameter)", () => {
    const socket = ormConfig({ clientUrl: 'postgres://app@localhost/shop?host=/var/run/postgresql' });
    expect(socket).toMatchObject({
      host: '/var/run/postgresql',
      clientUrl: expect.stringContaining('/shop'),
    });
    expect(ormConfig({ clientUrl: 'postgres://app@db.internal:5432/shop' }).host).toBeUndefined();
  });
});

describe('prepared statements (hot paths)', () => {
  it('answer like the ORM, are planned once per connection, and fail with the ORM errors', async () => {
    const db = servicesDb(t.orm);
    const sites = new Prepared<{ id: string }>('select id from site where id = any(?::text[]) order by id');
    expect(await sites.all(db, [['pay-ca', 'axl', 'nowhere']])).toEqual([{ id: 'axl' }, { id: 'pay-ca' }]);
    // One generic plan, kept by the connection: no planning per call.
    const [{ mode }] = await db.execute<[{ mode: string }]>(
      "select current_setting('plan_cache_mode') as mode",
    );
    expect(mode).toBe('force_generic_plan');
    const duplicate = new Prepared('insert into site (id, name, currency) values (?, ?, ?)');
    await expect(duplicate.all(db, ['axl', 'Again', 'usd'])).rejects.toBeInstanceOf(
      UniqueConstraintViolationException,
    );
  });
});

describe('sessions in PostgreSQL', () => {
  const call = <T>(fn: (cb: (err?: unknown, v?: T) => void) => void) =>
    new Promise<T | undefined>((resolve, reject) => fn((err, v) => (err ? reject(err) : resolve(v))));

  it('stores, reads, touches and destroys a session; an expired one is never returned', async () => {
    const store = new PgSessionStore(t.orm, 60_000, 0);
    const cookie = { originalMaxAge: 60_000, expires: new Date(Date.now() + 60_000) } as never;
    await call((cb) => store.set('sid-1', { cookie, visits: 2 } as never, cb));
    expect(await call((cb) => store.get('sid-1', cb))).toMatchObject({ visits: 2 });
    const past = { originalMaxAge: 1, expires: new Date(Date.now() - 1000) } as never;
    await call((cb) => store.set('sid-2', { cookie: past } as never, cb));
    expect(await call((cb) => store.get('sid-2', cb))).toBeNull();
    await store.prune();
    const left = await t.orm.em
      .getConnection()
      .execute<{ sid: string }[]>('select sid from session order by sid');
    expect(left.map((r) => r.sid)).toEqual(['sid-1']);
    await call((cb) => store.destroy('sid-1', cb));
    expect(await call((cb) => store.get('sid-1', cb))).toBeNull();
    store.close();
  });

  it('prunes the tables handed to it after the sessions, in their order', async () => {
    const ran: string[] = [];
    const store = new PgSessionStore(t.orm, 60_000, 0, [
      async (db) => {
        ran.push(`first:${(await db.execute<{ n: number }[]>('select 1 as n'))[0]!.n}`);
      },
      async () => {
        ran.push('second');
      },
    ]);
    await store.prune();
    expect(ran).toEqual(['first:1', 'second']);
    store.close();
  });
});
