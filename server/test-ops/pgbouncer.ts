import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../test/processes';

const PGBOUNCER = process.env.PGBOUNCER_PATH || '/usr/sbin/pgbouncer';

/**
 * Debian 12's pgbouncer (1.18, the one an operator of that release gets) in transaction mode, in front of the
 * PostgreSQL at `server` (a URL; its password, if any, is the pooler's to the server), listening on a free port of
 * 127.0.0.1. Its configuration goes into `dir`. `pooled(url)` is a database URL of that server through the pooler.
 */
export async function startPgbouncer(
  dir: string,
  server: URL,
): Promise<{ child: ChildProcess; port: number; pooled(url: string): string }> {
  const port = await freePort();
  fs.chmodSync(dir, 0o755);
  const ini = path.join(dir, 'pgbouncer.ini');
  const password = server.password ? ` password=${decodeURIComponent(server.password)}` : '';
  fs.writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432} user=${decodeURIComponent(server.username) || 'postgres'}${password}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 8',
      // What node-postgres sends at start-up besides the user and database.
      'ignore_startup_parameters = extra_float_digits',
      // docs/deploy.md's: back within a second of the server's return, not pgbouncer's default 15 s.
      'server_login_retry = 1',
      '',
    ].join('\n'),
  );
  fs.chmodSync(ini, 0o644);
  // pgbouncer refuses to run as root: as root (CI), it runs as PostgreSQL's system user.
  const asUser = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
  const child = spawn(PGBOUNCER, [...asUser, ini], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  child.stderr!.on('data', (d) => (said += String(d)));
  for (let i = 0; ; i++) {
    if (/listening on 127\.0\.0\.1:\d+/.test(said)) break;
    if (child.exitCode !== null || i > 100) throw new Error(`pgbouncer did not start: ${said}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    port,
    pooled(url: string) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      // The pooler authenticates clients with `auth_type = any`: no password to it.
      u.password = '';
      return u.toString();
    },
  };
}
