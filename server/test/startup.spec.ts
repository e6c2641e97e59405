import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config/env';
import { TEST_ENV } from './env';

/** Starts server/src/main.ts as `npm start` would (from sources) and collects its exit code and stderr. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['-r', '@swc-node/register', path.join(PROJECT_ROOT, 'server/src/main.ts')],
      {
        cwd: PROJECT_ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          SWC_NODE_PROJECT: 'server/tsconfig.json',
          LOG_LEVEL: 'silent',
          SEED_PRODUCTS: '0',
          ...env,
        },
      },
    );
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
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
