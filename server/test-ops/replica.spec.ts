import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { Client } from 'pg';
import { CSRF } from '../../domain/constants';
import { initOrm, type Orm } from '../src/db/orm';
import { prepared } from '../src/db/prepared';
import { READ_AFTER_COOKIE, READ_AFTER_HEADER, ReadRouting, type MoveReason } from '../src/db/replica';
import { hashPassword } from '../src/modules/auth/password';
import { Browser, freePort, startStore } from '../test/processes';
import { startPrimaryAndStandby, type ReplicaPair } from '../test/replica-pair';

/*
 * Read-your-writes on a real hot standby (issue 34 item 3, decision 051): a primary and a standby streaming from it
 * (the embedded PostgreSQL's binaries), a store with DATABASE_URL on the one and DATABASE_READ_URL on the other.
 * Replay is paused to make the lag certain: the writer (a signed-in supplier's browser, a partner with the header)
 * sees its write, an anonymous reader is served by the replica. A live run of write→read pairs shows no stale read.
 */

let pair: ReplicaPair;
let store: ChildProcess | undefined;
let base: string;
let primary: Client;
let standby: Client;
let productId: string;
let partnerToken: string;
let standbyClosed = false;

const PASSWORD = 'Replica-Rail-99!';

beforeAll(async () => {
  pair = await startPrimaryAndStandby();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ child: store } = await startStore({
    DATABASE_URL: pair.primary.url,
    DATABASE_READ_URL: pair.standby.url,
    PORT: String(port),
    SEED_PRODUCTS: '40',
    SEED_ORDERS: '0',
  }));
  primary = new Client({ connectionString: pair.primary.url });
  await primary.connect();
  standby = await pair.standbyClient();

  const { rows } = await primary.query<{ id: string; brand: string }>(
    `select p.id, b.handle as brand from product p join brand b on b.id = p.brand_id order by p.id limit 1`,
  );
  productId = rows[0]!.id;
  const hash = await hashPassword(PASSWORD);
  await primary.query(
    `insert into app_user (email, password_hash, first_name, last_name, role, supplier_brand_handle) values
       ('admin@replica.example', $1, 'Ad', 'Min', 100, null), ('stock@replica.example', $1, 'Stock', 'Keeper', 400, $2)`,
    [hash, rows[0]!.brand],
  );
  const admin = await signedIn('admin@replica.example');
  const key = await admin.call(base, 'POST', '/graphql', {
    query: `mutation($u: ID!) { createApiKey(userId: $u, name: "ERP stock feed", scopes: ["catalog:read", "supplier:products"], ratePerMinute: 100000) { key } }`,
    variables: {
      u: (await primary.query(`select id from app_user where email = 'stock@replica.example'`)).rows[0].id,
    },
  });
  expect(key.body.errors).toBeUndefined();
  const token = await new Browser(CSRF.cookieName).call(base, 'POST', '/api/auth/token', {
    apiKey: key.body.data.createApiKey.key,
  });
  partnerToken = token.body.accessToken;
}, 240_000);

afterAll(async () => {
  if (store && store.exitCode === null) {
    store.kill('SIGKILL');
    await new Promise((r) => store!.once('exit', r));
  }
  await primary?.end();
  if (!standbyClosed) await standby?.end();
  await pair?.stop();
});

async function signedIn(email: string): Promise<Browser> {
  const browser = new Browser(CSRF.cookieName);
  await browser.call(base, 'GET', '/api/auth/csrf');
  const login = await browser.call(base, 'POST', '/api/user/login', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return browser;
}

const SET_LEVELS = `mutation($id: ID!, $levels: [StockCountInput!]!) {
  setProductStockLevels(id: $id, levels: $levels) { id }
}`;
const STOCK = `query($id: ID!) { product(id: $id) { stock { warehouses { warehouseId available } } } }`;

/** Sets the part's on-hand count at MOO; the answer's headers (its read-after position). */
async function setOnHand(who: Browser, onHand: number, headers: Record<string, string> = {}) {
  const res = await who.call(
    base,
    'POST',
    '/graphql',
    { query: SET_LEVELS, variables: { id: productId, levels: [{ warehouseId: 'MOO', onHand }] } },
    headers,
  );
  expect(res.body.errors).toBeUndefined();
  return res.headers;
}

/** What the product page says is available at MOO. */
async function onHandSeen(who: Browser, headers: Record<string, string> = {}): Promise<number> {
  const res = await who.call(
    base,
    'POST',
    '/graphql',
    { query: STOCK, variables: { id: productId } },
    headers,
  );
  expect(res.body.errors).toBeUndefined();
  const moo = res.body.data.product.stock.warehouses.find(
    (w: { warehouseId: string }) => w.warehouseId === 'MOO',
  );
  return moo?.available ?? 0;
}

/** The store's count of reads moved to the primary, by reason. */
async function moved(reason: MoveReason): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const m = new RegExp(`^axl_replica_reads_moved_total\\{reason="${reason}"\\} (\\d+)`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}

async function caughtUp(): Promise<void> {
  const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  for (let i = 0; i < 200; i++) {
    const r = await standby.query(`select pg_last_wal_replay_lsn() >= $1::pg_lsn as done`, [rows[0]!.lsn]);
    if (r.rows[0].done) return;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('the standby did not catch up');
}

async function pauseReplay(): Promise<void> {
  await standby.query('select pg_wal_replay_pause()');
  for (let i = 0; i < 100; i++) {
    const { rows } = await standby.query(`select pg_get_wal_replay_pause_state() as state`);
    if (rows[0].state === 'paused') return;
    await new Promise((res) => setTimeout(res, 20));
  }
  throw new Error('replay did not pause');
}

describe('read-your-writes on a hot standby', () => {
  it('with replay paused, the writer reads its own write from the primary and others read the replica', async () => {
    const supplier = await signedIn('stock@replica.example');
    const anonymous = new Browser(CSRF.cookieName);
    await anonymous.call(base, 'GET', '/api/auth/csrf');
    const partner = new Browser(CSRF.cookieName);
    const bearer = { authorization: `Bearer ${partnerToken}` };
    await setOnHand(supplier, 5);
    await caughtUp();
    expect(await onHandSeen(anonymous)).toBe(5);

    await pauseReplay();
    try {
      const lagBefore = await moved('lag');
      // A supplier's browser: the write's answer sets the cookie, and its next read (another request) sees the write.
      const written = await setOnHand(supplier, 7);
      expect(written.get(READ_AFTER_HEADER)).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
      expect(written.getSetCookie().some((c) => c.startsWith(`${READ_AFTER_COOKIE}=`))).toBe(true);
      expect(await onHandSeen(supplier)).toBe(7);
      // A visitor who wrote nothing is served by the replica, which has not replayed it yet.
      expect(await onHandSeen(anonymous)).toBe(5);
      expect(await moved('lag')).toBe(lagBefore + 1);

      // A partner: no cookie, the header instead, sent back on its next read.
      const partnerWrite = await setOnHand(partner, 9, bearer);
      expect(partnerWrite.getSetCookie().some((c) => c.startsWith(`${READ_AFTER_COOKIE}=`))).toBe(false);
      const lsn = partnerWrite.get(READ_AFTER_HEADER)!;
      expect(await onHandSeen(partner, { ...bearer, [READ_AFTER_HEADER]: lsn })).toBe(9);
      expect(await onHandSeen(partner, bearer)).toBe(5);
      expect(await onHandSeen(anonymous)).toBe(5);
      // Malformed positions are ignored (the replica answers), never an error.
      expect(await onHandSeen(anonymous, { [READ_AFTER_HEADER]: "0/0' or 1=1" })).toBe(5);
    } finally {
      await standby.query('select pg_wal_replay_resume()');
    }
    await caughtUp();
    expect(await onHandSeen(anonymous)).toBe(9);
    // Once the replica has replayed the position, the writer reads there again: nothing more is moved.
    const lagAfter = await moved('lag');
    expect(await onHandSeen(supplier)).toBe(9);
    expect(await moved('lag')).toBe(lagAfter);
  });

  it('shows no stale read in 1,000 live write→read pairs (and measures how often a plain read would be)', async () => {
    const partner = new Browser(CSRF.cookieName);
    const bearer = { authorization: `Bearer ${partnerToken}` };
    const pairs = 1000;
    let stale = 0;
    let staleWithout = 0;
    const lagBefore = await moved('lag');
    for (let i = 0; i < pairs; i++) {
      const written = await setOnHand(partner, 1000 + i, bearer);
      const lsn = written.get(READ_AFTER_HEADER);
      expect(lsn).toBeTruthy();
      // Every tenth pair, first a read without the position: what a reader that did not write may see.
      if (i % 10 === 0 && (await onHandSeen(partner, bearer)) !== 1000 + i) staleWithout++;
      if ((await onHandSeen(partner, { ...bearer, [READ_AFTER_HEADER]: lsn! })) !== 1000 + i) stale++;
    }
    const movedForLag = (await moved('lag')) - lagBefore;
    const metrics = await (await fetch(`${base}/metrics`)).text();
    const waits = [...metrics.matchAll(/^axl_replica_wait_seconds_bucket\{le="([^"]+)"\} (\d+)/gm)].map(
      (m) => `${m[1]}:${m[2]}`,
    );
    console.log(
      `replica: ${pairs} write→read pairs, ${stale} stale with the position; without it ${staleWithout} stale in ${pairs / 10}; ` +
        `${movedForLag} reads moved to the primary for lag; waits (le:count) ${waits.join(' ')}`,
    );
    expect(stale).toBe(0);
  }, 240_000);

  it('runs a replica statement cancelled by a conflict with recovery again on the primary', async () => {
    await standby.query(`alter system set max_standby_streaming_delay = 0`);
    await standby.query('select pg_reload_conf()');
    await primary.query('create table if not exists recovery_probe (n int)');
    await primary.query('insert into recovery_probe values (1), (2), (3)');
    await caughtUp();
    const primaryOrm: Orm = await initOrm({ clientUrl: pair.primary.url, poolMax: 2 });
    const standbyOrm: Orm = await initOrm({ clientUrl: pair.standby.url, poolMax: 2 });
    const reasons: MoveReason[] = [];
    const routing = new ReadRouting(primaryOrm, standbyOrm, {
      waitMs: 20,
      moved: (reason) => reasons.push(reason),
    });
    /** Takes the table's strongest lock on the primary while the replica reads it: replay cancels the read. */
    const conflict = async () => {
      await new Promise((r) => setTimeout(r, 300));
      await primary.query('begin; lock table recovery_probe in access exclusive mode; commit');
    };
    try {
      const [viaExecute] = await Promise.all([
        routing.replica.execute<{ n: number }[]>(
          'select count(*)::int as n from recovery_probe, (select pg_sleep(1.5)) s',
        ),
        conflict(),
      ]);
      expect(viaExecute[0]!.n).toBe(3);
      const statement = prepared<{ n: number }>(
        'select count(*)::int as n from recovery_probe, (select pg_sleep(1.5)) s where ?::int > 0',
      );
      const [viaPrepared] = await Promise.all([statement.all(routing.replica, [1]), conflict()]);
      expect(viaPrepared[0]!.n).toBe(3);
      expect(reasons).toEqual(['conflict', 'conflict']);
    } finally {
      await primaryOrm.close(true);
      await standbyOrm.close(true);
      await standby.query(`alter system reset max_standby_streaming_delay`);
      await standby.query('select pg_reload_conf()');
    }
  });

  it('serves reads from the primary while the replica is away, and stays ready', async () => {
    const visitor = new Browser(CSRF.cookieName);
    await visitor.call(base, 'GET', '/api/auth/csrf');
    const expected = await onHandSeen(visitor);
    const before = await moved('unavailable');
    await standby.end();
    standbyClosed = true;
    await pair.standby.stop();
    const started = performance.now();
    for (let i = 0; i < 20; i++) expect(await onHandSeen(visitor)).toBe(expected);
    const elapsed = performance.now() - started;
    const categories = await visitor.call(base, 'GET', '/api/products/category/parent');
    expect(categories.status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', replica: 'unreachable' });
    // The first read found it away; the rest went straight to the primary while it rests.
    expect(await moved('unavailable')).toBeGreaterThanOrEqual(before + 20);
    console.log(`replica away: 20 product reads in ${elapsed.toFixed(0)} ms, all from the primary`);
  });
});
