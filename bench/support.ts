/** What the benchmarks share: the database (scratch or reused), the app on a port, autocannon in its own process. */
import type autocannon from 'autocannon';
import { execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { servicesDb } from '../server/src/db/db';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { CSRF } from '../domain/constants';
import { createApp } from '../server/src/app';
import { hashPassword } from '../server/src/modules/auth/password';
import { createDatabase, dropDatabase, withDatabase } from '../server/src/db/admin';
import { initOrm, migrate, type Orm } from '../server/src/db/orm';
import { SEED_TRUNCATES } from '../server/src/config/manifests';
import { catalogIsEmpty, seedCatalog } from '../server/src/cli/demo-catalog';
import { refreshSearchIndex, searchIndexIsComplete } from '../server/src/modules/search/search.index';

/**
 * A migrated database with the demo catalogue: a scratch one seeded with `products` (dropped by `close`), or
 * `database`, an already seeded one on the same server (kept).
 */
export async function benchDatabase(options: { products: number; database?: string }) {
  const server = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = options.database ?? `axl_bench_${process.pid}`;
  const url = options.database ? withDatabase(server, name) : await createDatabase(server, name);
  const orm = await initOrm({ clientUrl: url, poolMax: 20 });
  await migrate(orm);
  // A named database is kept between runs: seeded on its first run (create it empty with `createdb`).
  if (!options.database || (await catalogIsEmpty(orm))) {
    const seeded = await seedCatalog(orm, SEED_TRUNCATES, options.products);
    console.log(`seeded ${seeded.products} products in ${(seeded.ms / 1000).toFixed(1)} s`);
  } else if (!(await searchIndexIsComplete(servicesDb(orm)))) {
    const started = performance.now();
    await refreshSearchIndex(servicesDb(orm));
    console.log(`rebuilt the search index in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return {
    orm,
    url,
    async close() {
      await orm.close(true);
      if (!options.database) await dropDatabase(server, name);
    },
  };
}

/**
 * Plain priced products anyone may order anywhere (no options, no pack rule), spread over the catalogue; sold on
 * backorder, so a run's thousands of orders never exhaust one (a refusal would be measured as an error).
 */
export async function plainProductIds(orm: Orm, limit: number): Promise<string[]> {
  const rows = await orm.em.getConnection().execute<{ id: string }[]>(
    `select id from product p where price is not null and min_transfer <= 1 and minimum_purchase_quantity <= 1
       and allowed_states = '{}' and backorder_allowed
       and not exists (select 1 from product_configuration_option o where o.product_id = p.id)
     order by md5(id) limit ?`,
    [limit],
  );
  return rows.map((r) => r.id);
}

/** A member of staff with `role`, signed in to the app at `base`: the headers of their calls (cookies, CSRF). */
export async function staffSession(base: string, orm: Orm, role: number): Promise<Record<string, string>> {
  const password = 'Bench-Console-2026!';
  const email = `bench.${role}.${Date.now()}@axisline.example`;
  await orm.em
    .getConnection()
    .execute(
      `insert into app_user (email, password_hash, first_name, last_name, role) values (?, ?, 'Bench', 'Staff', ?)`,
      [email, await hashPassword(password), role],
    );
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `${CSRF.cookieName}=${csrfToken}`,
      [CSRF.header]: csrfToken,
    },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status}`);
  const cookies = Object.fromEntries(
    login.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]),
  );
  const token = decodeURIComponent(cookies[CSRF.cookieName] ?? csrfToken);
  return {
    'content-type': 'application/json',
    cookie: Object.entries({ ...cookies, [CSRF.cookieName]: token })
      .map(([k, v]) => `${k}=${v}`)
      .join('; '),
    [CSRF.header]: token,
  };
}

/** The real app on a free port of this process. */
export async function listen(orm: Orm, searchCache = { ttlMs: 60_000, entries: 5000 }) {
  const { app, close } = await createApp({
    orm,
    log: pino({ level: 'silent' }),
    sessionSecret: 'bench'.repeat(8),
    searchCache,
  });
  const http = app.listen(0);
  await new Promise((r) => http.once('listening', r));
  return {
    base: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    async close() {
      http.close();
      await close();
    },
  };
}

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Bodies sent in turn (one per request, round robin). */
  bodies: string[];
  /** Or whole requests (headers and body) in turn; with `amount`, each is sent once. */
  requests?: {
    method?: 'GET' | 'POST' | 'PUT';
    path?: string;
    headers: Record<string, string>;
    body?: string;
  }[];
  connections: number;
  seconds?: number;
  amount?: number;
}

/**
 * CPU time (µs) of each PostgreSQL process of this machine, from /proc; null when none is visible (another
 * host, or no /proc). Throughput moves ±20 % between identical runs on shared machines; CPU per request does not.
 */
async function postgresCpuUs(): Promise<Map<string, number> | null> {
  const tick = 1e6 / 100; // USER_HZ is 100 on Linux
  const cpu = new Map<string, number>();
  for (const pid of await fs.readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    const fields = stat.slice(close + 2).split(' ');
    cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * tick);
  }
  return cpu.size ? cpu : null;
}

/** CPU spent between two readings: processes started meanwhile count whole, those that ended are not seen. */
function cpuSpent(before: Map<string, number>, after: Map<string, number>): number {
  let total = 0;
  for (const [pid, us] of after) total += us - (before.get(pid) ?? 0);
  return total;
}

export type LoadResult = autocannon.Result & {
  /** The app's CPU (this process: user + system) per request, µs. */
  appCpuUs: number;
  /** PostgreSQL's CPU per request, µs, when its processes are on this machine. */
  postgresCpuUs: number | null;
};

/**
 * Runs autocannon in a child process (bench/load-runner.ts), so it never shares the app's event loop, and
 * measures the CPU the app (this process) and PostgreSQL spent per request meanwhile.
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  // The options go through a file: thousands of shoppers' requests do not fit in argv.
  const file = path.join(os.tmpdir(), `axl-load-${process.pid}-${Date.now()}.json`);
  await fs.writeFile(file, JSON.stringify(options));
  try {
    const app = process.cpuUsage();
    const pg = await postgresCpuUs();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-r', '@swc-node/register', path.join(__dirname, 'load-runner.ts'), file],
      { maxBuffer: 50_000_000, env: { ...process.env, SWC_NODE_PROJECT: 'server/tsconfig.json' } },
    );
    const appUsed = process.cpuUsage(app);
    const pgAfter = await postgresCpuUs();
    const result = JSON.parse(stdout) as autocannon.Result;
    const requests = Math.max(1, result.requests.total);
    return {
      ...result,
      appCpuUs: Math.round((appUsed.user + appUsed.system) / requests),
      postgresCpuUs: pg === null || pgAfter === null ? null : Math.round(cpuSpent(pg, pgAfter) / requests),
    };
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** The CPU columns of a result: app and PostgreSQL µs per request. */
export const cpuColumns = (r: LoadResult) => `${r.appCpuUs} | ${r.postgresCpuUs ?? '-'}`;

/** Resolves once a store started as `child` answers /readyz with 200; fails if it exits or takes over 60 s. */
export async function untilReady(child: ChildProcess, base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the store was not ready in 60 s');
}

/** A guest's place-order body: the dock the benchmarks ship to, paid with the card `paymentMethodId`. */
export const guestOrderBody = (paymentMethodId: string) =>
  JSON.stringify({
    contactEmail: 'bench@plant.example',
    shippingAddress: {
      name: 'Dock 1',
      addressLine1: '400 Mill St',
      city: 'Mooresville',
      state: 'NC',
      zip: '28115',
      email: 'bench@plant.example',
    },
    shippingDetails: { carrierId: 'ups', carrierMethod: 'Ground' },
    payment: { kind: 'card', paymentMethodId },
  });

/** The run's floor, printed: `GET /healthz` one at a time for 5 s on the same app. */
export async function printFloor(base: string): Promise<void> {
  const floor = await load({
    url: `${base}/healthz`,
    method: 'GET',
    headers: {},
    bodies: [],
    connections: 1,
    seconds: 5,
  });
  console.log(
    `floor: GET /healthz one at a time, p50 ${floor.latency.p50} ms, ${floor.requests.average.toFixed(0)} req/s`,
  );
}
