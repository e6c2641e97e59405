import 'reflect-metadata';
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type AppConfig } from './config/env';
import { resolveSecretsKey, resolveSessionSecret } from './config/secrets';
import type { EmbeddedDatabase } from './db/embedded';
import { connect, connectionBudget, openDatabase } from './db/connect';
import type { Orm } from './db/orm';
import { createLogger } from './logger';
import type * as Store from './serve';
import type { DemoLogins } from './serve';
import { ROUTES } from '../../domain/routes';

/**
 * Starts the whole store: database (embedded unless DATABASE_URL), migrations, demo seed, then HTTP — in this
 * process (WORKERS=1), or in WORKERS processes sharing the port (Node's cluster module; the primary prepares the
 * database, restarts workers that die, and shuts them down gracefully). docs/deploy.md.
 */
/** What a starting process holds, released when it fails. */
interface Hold {
  embedded?: EmbeddedDatabase;
  orm?: Orm;
}

/**
 * The store's code: loaded once, while the embedded PostgreSQL boots (its process runs on the other core), which
 * takes a restart from about 2.0 s to about 1.8 s here (npm start to /readyz on an idle 2-core machine).
 */
let store: typeof Store | undefined;
// A plain require (not import()): it runs at once, while PostgreSQL boots, and resolves the same under tsc, jest and
// swc-node.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadStore = async () => (store ??= require('./serve') as typeof Store);

/** The database opened (embedded unless DATABASE_URL) and migrated, the store's code loaded meanwhile, then seeded. */
async function prepareDatabase(config: AppConfig, log: Logger, hold: Hold) {
  const db = await openDatabase(config, log, { whileBooting: loadStore });
  hold.embedded = db.embedded;
  hold.orm = db.orm;
  const demo = await (await loadStore()).prepareStore(config, log, db.orm);
  const budget = await connectionBudget(db.orm, config);
  const { perStore, available, line } = budget;
  (perStore > available ? log.warn : log.info).call(log, { perStore, available }, line);
  return { url: db.url, orm: db.orm, demo };
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(`axisline: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  const log = createLogger(config.logLevel);
  if (cluster.isWorker) return runWorker(config, log.child({ worker: cluster.worker!.id }));
  if (config.workers > 1) return runPrimary(config, log.child({ role: 'primary' }));
  return runSingle(config, log);
}

async function runSingle(config: AppConfig, log: Logger): Promise<void> {
  const started = Date.now();
  const hold: Hold = {};
  try {
    const { orm, demo } = await prepareDatabase(config, log, hold);
    await (await loadStore()).serve(config, log, orm, async () => void (await hold.embedded?.stop()));
    log.info(
      { url: `http://localhost:${config.port}`, readyInMs: Date.now() - started },
      `Axisline Supply is ready at http://localhost:${config.port}`,
    );
    announce(config, demo);
  } catch (err) {
    await failed(err, log, hold);
  }
}

async function runWorker(config: AppConfig, log: Logger): Promise<void> {
  const hold: { orm?: Orm } = {};
  try {
    // The primary prepared the database; a worker only connects (its /readyz checks the migrations).
    const { serve } = await loadStore();
    hold.orm = await connect(config.databaseUrl!, config.dbPoolMax, 'DATABASE_URL', config.databasePoolMode);
    await serve(config, log, hold.orm);
    process.send?.({ type: 'axl:ready' });
  } catch (err) {
    await failed(err, log, hold);
  }
}

/** Restarts of one worker slot within this window count towards the crash-loop guard. */
const RESTART_WINDOW_MS = 60_000;
const MAX_RESTARTS = 10;

async function runPrimary(config: AppConfig, log: Logger): Promise<void> {
  const started = Date.now();
  const hold: Hold = {};
  let url: string;
  let demo: DemoLogins = { buyers: [], companies: [], password: '' };
  let popularity: { stop(): Promise<void> } | null = null;
  let serveClusterMetrics: () => void;
  try {
    ({ url, demo } = await prepareDatabase(config, log, hold));
    const { schedulePopularityRefresh, servicesDb, ...store } = await loadStore();
    serveClusterMetrics = store.serveClusterMetrics;
    if (config.popularityRefreshMs > 0) {
      // The primary keeps a pool for the cluster's one popularity refresh (the workers do not run it).
      popularity = schedulePopularityRefresh(servicesDb(hold.orm!), log, config.popularityRefreshMs);
    } else {
      await hold.orm!.close(true);
      hold.orm = undefined;
    }
  } catch (err) {
    return failed(err, log, hold);
  }
  serveClusterMetrics();
  cluster.setupPrimary({ exec: __filename }); // workers start here directly (no build check)
  const env = {
    DATABASE_URL: url,
    SESSION_SECRET: resolveSessionSecret(config),
    SECRETS_KEY: resolveSecretsKey(config),
  };
  const restarts: number[] = [];
  let stopping = false;
  let ready = 0;

  const fork = (): Worker => {
    const worker = cluster.fork(env);
    worker.on('message', (message: { type?: string }) => {
      if (message?.type !== 'axl:ready') return;
      ready += 1;
      if (ready === config.workers) {
        log.info(
          {
            url: `http://localhost:${config.port}`,
            workers: config.workers,
            readyInMs: Date.now() - started,
          },
          `Axisline Supply is ready at http://localhost:${config.port} (${config.workers} workers)`,
        );
        announce(config, demo);
      }
    });
    return worker;
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts.length && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
    const delay = restarts.length > MAX_RESTARTS ? 5_000 : 0;
    log.error(
      { worker: worker.id, pid: worker.process.pid, code, signal, restartInMs: delay },
      'worker died: restarting it',
    );
    setTimeout(() => void (stopping || fork()), delay).unref();
  });
  for (let i = 0; i < config.workers; i++) fork();

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down the workers');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            // The worker stops as the primary was asked to (SIGTERM: it deregisters first).
            const kill = setTimeout(
              () => w.process.kill('SIGKILL'),
              (signal === 'SIGTERM' ? config.shutdownDeregisterMs : 0) + config.shutdownTimeoutMs + 2_000,
            );
            w.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            w.process.kill(signal === 'SIGTERM' ? 'SIGTERM' : 'SIGINT');
          }),
      ),
    );
    await popularity?.stop();
    await hold.orm?.close(true);
    await hold.embedded?.stop();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** Where to click first, once ready, for a person at the terminal (not in production, where logs are JSON). */
function announce(config: AppConfig, demo: DemoLogins): void {
  if (config.nodeEnv === 'production' || config.logLevel === 'silent') return;
  const base = config.publicUrl;
  console.log(
    [
      '',
      'Axisline Supply is ready.',
      `  Shop      ${base}/`,
      `  Console   ${base}${ROUTES.admin}  (first admin: npm run admin -- --email you@example.com)`,
      `  GraphQL   ${base}/graphql`,
      `  REST      ${base}/api  (docs/api.md)`,
      config.smtpUrl
        ? `  E-mail    delivered by SMTP to ${new URL(config.smtpUrl).host}`
        : '  E-mail    kept undelivered (no SMTP_URL): run npm run mailbox, then SMTP_URL=smtp://127.0.0.1:1025 npm start',
      ...(demo.buyers.length
        ? [`  Demo      ${demo.buyers.join(', ')} (password ${demo.password}): orders to reorder and return`]
        : []),
      ...demo.companies.map(
        (c, i) =>
          `${i === 0 ? '  Companies' : '           '} ${c.name}: ${c.logins}` +
          (i > 0 ? '' : demo.buyers.length ? ' (same password)' : ` (password ${demo.password})`),
      ),
      'Ctrl-C stops the store and its database.',
      '',
    ].join('\n'),
  );
}

async function failed(err: unknown, log: Logger, hold: Hold) {
  if (err instanceof ConfigError) {
    console.error(`axisline: ${err.message}`);
  } else if ((err as NodeJS.ErrnoException)?.code === 'ENOSPC') {
    console.error(
      `axisline: the disk is full (${(err as Error).message}): free some space, or set DATA_DIR to a folder on another disk`,
    );
  } else {
    log.fatal({ err }, 'failed to start');
    console.error(`axisline: failed to start: ${err instanceof Error ? err.message : String(err)}`);
  }
  await hold.orm?.close(true).catch(() => undefined);
  await hold.embedded?.stop().catch(() => undefined);
  process.exit(1);
}

void main();
