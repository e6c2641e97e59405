import { describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TEST_ENV } from './env';
import { spawnStore, stopped } from './processes';

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

/** Starts the store on the embedded PostgreSQL and resolves once it logs that it is ready. */
function startEmbedded(
  dataDir: string,
  port: number,
  pgPort: number,
): Promise<{ child: ChildProcess; readyInMs: number; log: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnStore({
      LOG_LEVEL: 'info',
      SEED_PRODUCTS: '50',
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      CLIENT_DIR: dataDir,
    });
    let out = '';
    child.stdout!.on('data', (d) => {
      out += String(d);
      const ready = out
        .split('\n')
        .map((l) => (l.startsWith('{') ? JSON.parse(l) : {}))
        .find((l) => l.readyInMs !== undefined);
      if (ready) resolve({ child, readyInMs: ready.readyInMs, log: out });
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
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
    const port = 45000 + (process.pid % 1000);
    const pgPort = 46000 + (process.pid % 1000);
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
});
