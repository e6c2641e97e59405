import 'reflect-metadata';
import type { Express } from 'express';
import cluster, { type Worker } from 'node:cluster';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { createApp } from './app';
import { drainer } from './drain';
import { ConfigError, loadConfig, type AppConfig } from './config/env';
import { resolveSecretsKey, resolveSessionSecret } from './config/secrets';
import type { EmbeddedDatabase } from './db/embedded';
import { connect, openDatabase } from './db/connect';
import { servicesDb } from './db/db';
import type { Orm } from './db/orm';
import { createLogger } from './logger';
import { SEED_TRUNCATES } from './config/manifests';
import { catalogIsEmpty, seedCatalog } from './cli/demo-catalog';
import { seedTranslations } from './modules/catalog';
import {
  insertDemoOrders,
  DEMO_PASSWORD,
  demoBuyersIn,
  demoCompaniesIn,
  ensureDemoBuyers,
  ensureDemoCompanies,
} from './modules/order';
import { schedulePopularityRefresh } from './modules/analytics';
import {
  scheduleTypeaheadWarming,
  WARM_INTERVAL_MS,
  refreshSearchIndex,
  searchIndexIsComplete,
} from './modules/search';
import { serveClusterMetrics, type Readiness } from './ops';
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

/** The demo logins the start banner names (none in production). */
interface DemoLogins {
  buyers: string[];
  companies: { name: string; logins: string }[];
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

/** The database ready to serve: opened (embedded unless DATABASE_URL), migrated, and seeded with the demo catalogue when empty. */
async function prepareDatabase(config: AppConfig, log: Logger, hold: Hold) {
  const db = await openDatabase(config, log);
  hold.embedded = db.embedded;
  hold.orm = db.orm;
  const { orm, url } = db;
  const mode = { production: config.nodeEnv === 'production' };
  if (config.seedProducts > 0 && (await catalogIsEmpty(orm))) {
    log.info({ products: config.seedProducts }, 'empty catalogue: seeding the demo catalogue');
    const result = await seedCatalog(orm, SEED_TRUNCATES, config.seedProducts);
    log.info(result, 'demo catalogue seeded');
    const orders = await insertDemoOrders(orm, config.seedOrders);
    log.info({ orders }, 'demo orders seeded');
    const buyers = await ensureDemoBuyers(orm, mode);
    if (buyers.length) log.info({ buyers }, 'demo buyers created');
    const members = await ensureDemoCompanies(orm, mode);
    if (members.length) log.info({ members }, 'demo companies created');
  } else {
    if (!(await searchIndexIsComplete(servicesDb(orm)))) {
      log.info('search index incomplete: rebuilding it');
      await refreshSearchIndex(servicesDb(orm));
    }
    // A catalogue seeded before its translations were kept gets the demo's (decision 034).
    if (config.seedProducts > 0) {
      const translations = await seedTranslations(orm);
      if (translations) log.info({ translations }, 'demo translations added');
      // Demo data made before the demo companies existed gets them (issue 31): those missing, never in production.
      if ((await demoBuyersIn(orm, mode)).length) {
        const members = await ensureDemoCompanies(orm, mode);
        if (members.length) log.info({ members }, 'demo companies created');
      }
    }
  }
  return {
    url,
    orm,
    demo: { buyers: await demoBuyersIn(orm, mode), companies: await demoCompaniesIn(orm, mode) },
  };
}

/**
 * Serves HTTP until SIGTERM or SIGINT, then shuts down gracefully (drain.ts): /readyz answers 503 while the process
 * still serves for SHUTDOWN_DEREGISTER_MS (SIGTERM), then every response closes its connection, in-flight requests
 * finish (at most SHUTDOWN_TIMEOUT_MS), background writers flush, pools close. `after` runs last (embedded database).
 */
async function serve(
  config: AppConfig,
  log: Logger,
  orm: Orm,
  after: () => Promise<void> = async () => undefined,
): Promise<void> {
  const readiness: Readiness = { draining: false };
  const replica = config.databaseReadUrl
    ? await connect(config.databaseReadUrl, config.dbPoolMax, 'DATABASE_READ_URL')
    : undefined;
  const { app, close } = await createApp({
    orm,
    replica,
    replicaWaitMs: config.replicaWaitMs,
    readiness,
    log,
    sessionSecret: resolveSessionSecret(config),
    secretsKey: resolveSecretsKey(config),
    clientDir: config.clientDir,
    trustProxy: config.trustProxy,
    introspection: config.graphqlIntrospection,
    secureCookies: config.secureCookies,
    searchCache: config.searchCache,
    publicUrl: config.publicUrl,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    metricsToken: config.metricsToken,
    sessionLifetime: config.sessionLifetime,
    production: config.nodeEnv === 'production',
    siteHosts: config.siteHosts,
    consentRegionDefaults: config.consentRegionDefaults,
    collectorEventsPerMinute: config.collectorEventsPerMinute,
    mailPerIp: config.mailPerIp,
    fxRates: config.fxRates,
    staffDiscountLimitPct: config.staffDiscountLimitPct,
    unpaidOrders: config.unpaidOrders,
    unpaidSweepMs: config.unpaidSweepMs,
  });
  const server = await listen(app, config.port, config.host);
  // Popularity from the click-stream: refreshed here by a single process; in a cluster by the primary only.
  const popularity = cluster.isWorker
    ? null
    : schedulePopularityRefresh(servicesDb(orm), log, config.popularityRefreshMs);
  // Every serving process computes typeahead answers ahead; they share the work (decision 042).
  const warming = scheduleTypeaheadWarming(servicesDb(orm), log, WARM_INTERVAL_MS);
  const drain = drainer(server, readiness);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // A load balancer takes the process out first (SIGTERM); a Ctrl-C at a terminal stops at once.
    const deregisterMs = signal === 'SIGTERM' ? config.shutdownDeregisterMs : 0;
    log.info({ signal, deregisterMs }, 'shutting down: /readyz answers 503, then in-flight requests finish');
    try {
      const drained = await drain({ deregisterMs, timeoutMs: config.shutdownTimeoutMs });
      if (!drained) {
        log.error(
          { timeoutMs: config.shutdownTimeoutMs },
          'in-flight requests did not finish in time; exiting',
        );
        process.exit(1);
      }
      await popularity?.stop();
      await warming.stop();
      await close();
      await orm.close(true);
      await replica?.close(true);
      await after();
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

async function runSingle(config: AppConfig, log: Logger): Promise<void> {
  const started = Date.now();
  const hold: Hold = {};
  try {
    const { orm, demo } = await prepareDatabase(config, log, hold);
    await serve(config, log, orm, async () => void (await hold.embedded?.stop()));
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
    hold.orm = await connect(config.databaseUrl!, config.dbPoolMax, 'DATABASE_URL');
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
  let demo: DemoLogins = { buyers: [], companies: [] };
  let popularity: { stop(): Promise<void> } | null = null;
  try {
    ({ url, demo } = await prepareDatabase(config, log, hold));
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
        ? [`  Demo      ${demo.buyers.join(', ')} (password ${DEMO_PASSWORD}): orders to reorder and return`]
        : []),
      ...demo.companies.map(
        (c, i) =>
          `${i === 0 ? '  Companies' : '           '} ${c.name}: ${c.logins}` +
          (i > 0 ? '' : demo.buyers.length ? ' (same password)' : ` (password ${DEMO_PASSWORD})`),
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

function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.once('listening', () => resolve(server));
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        reject(
          new ConfigError(`Port ${port} is already in use: stop what holds it, or set PORT to a free port`),
        );
      } else if (err.code === 'EACCES') {
        reject(new ConfigError(`Port ${port} needs privileges: set PORT to a port above 1023`));
      } else {
        reject(err);
      }
    });
  });
}

void main();
