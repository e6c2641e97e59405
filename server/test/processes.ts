import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config/env';
import { createDatabase } from '../src/db/admin';
import { initOrm, type Orm } from '../src/db/orm';
import { TEST_ENV } from './env';

/** Runs server/src/main.ts from sources, as `npm start` runs its build, with only the given environment. */
export function spawnStore(env: Record<string, string>): ChildProcess {
  return spawn(
    process.execPath,
    ['-r', '@swc-node/register', path.join(PROJECT_ROOT, 'server/src/main.ts')],
    {
      cwd: PROJECT_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        SWC_NODE_PROJECT: 'server/tsconfig.json',
        SEED_PRODUCTS: '0',
        ...env,
      },
    },
  );
}

/**
 * A database of its own for a test file's store processes: the template (migrated, demo catalogue) cloned, and a
 * small pool on it for the file's own checks.
 */
export async function storeDatabase(name: string): Promise<{ url: string; orm: Orm }> {
  const url = await createDatabase(
    process.env[TEST_ENV.serverUrl]!,
    `${process.env[TEST_ENV.prefix]}_${name}_${process.pid}`,
    process.env[TEST_ENV.template],
  );
  return { url, orm: await initOrm({ clientUrl: url, poolMax: 2 }) };
}

/** A free TCP port on this machine. */
export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** Starts the store and resolves once it logs that it is ready (its log lines are JSON). */
export function startStore(env: Record<string, string>): Promise<{ child: ChildProcess; log: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawnStore({ LOG_LEVEL: 'info', ...env });
    let out = '';
    child.stdout!.on('data', (d) => {
      out += String(d);
      if (/"readyInMs":\d+/.test(out)) resolve({ child, log: () => out });
    });
    child.stderr!.on('data', (d) => (out += String(d)));
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
  });
}

export const stopped = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );

/**
 * A browser's cookies over plain fetch, so one shopper can talk to several processes (as behind a load
 * balancer): keeps every Set-Cookie and sends the CSRF header from the CSRF cookie.
 */
export class Browser {
  private cookies = new Map<string, string>();

  constructor(private readonly csrfCookie: string) {}

  async call(
    base: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': decodeURIComponent(this.cookies.get(this.csrfCookie) ?? ''),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: text ? (JSON.parse(text) as Record<string, any>) : {},
    };
  }
}
