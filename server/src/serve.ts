import type { Express } from 'express';
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { createApp } from './app';
import { drainer } from './drain';
import { ConfigError, type AppConfig } from './config/env';
import { resolveSecretsKey, resolveSessionSecret } from './config/secrets';
import { connect } from './db/connect';
import { servicesDb } from './db/db';
import type { Orm } from './db/orm';
import { SEED_TRUNCATES } from './config/manifests';
import { catalogIsEmpty, seedCatalog } from './cli/demo-catalog';
import { seedTranslations } from './modules/catalog';
import { ensureDemoPromotions } from './modules/promotion';
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
import type { Readiness } from './ops';

/*
 * The store's code as main.ts starts it: most of the server's start-up time is loading this module's imports,
 * which main.ts does while the embedded PostgreSQL boots in its own process.
 */
export { serveClusterMetrics } from './ops';
export { schedulePopularityRefresh, servicesDb };

/** The demo logins the start banner names (none in production). */
export interface DemoLogins {
  buyers: string[];
  companies: { name: string; logins: string }[];
  password: string;
}

/** The opened, migrated database made ready to serve: seeded with the demo catalogue when empty; the demo logins. */
export async function prepareStore(config: AppConfig, log: Logger, orm: Orm): Promise<DemoLogins> {
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
  // The demo's promotions (decision 079), with the demo data and never in production.
  if (config.seedProducts > 0 && config.demoPromotions && !mode.production) {
    const promotions = await ensureDemoPromotions(servicesDb(orm));
    if (promotions) log.info({ promotions }, 'demo promotions created');
  }
  return {
    buyers: await demoBuyersIn(orm, mode),
    companies: await demoCompaniesIn(orm, mode),
    password: DEMO_PASSWORD,
  };
}

/**
 * Serves HTTP until SIGTERM or SIGINT, then shuts down gracefully (drain.ts): /readyz answers 503 while the process
 * still serves for SHUTDOWN_DEREGISTER_MS (SIGTERM), then every response closes its connection, in-flight requests
 * finish (at most SHUTDOWN_TIMEOUT_MS), background writers flush, pools close. `after` runs last (embedded database).
 */
export async function serve(
  config: AppConfig,
  log: Logger,
  orm: Orm,
  after: () => Promise<void> = async () => undefined,
): Promise<void> {
  const readiness: Readiness = { draining: false };
  const replica = config.databaseReadUrl
    ? await connect(config.databaseReadUrl, config.dbPoolMax, 'DATABASE_READ_URL', config.databasePoolMode)
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
    cachePollMs: config.cachePollMs,
    eventRetentionDays: config.eventRetentionDays,
    webhooks: { timeoutMs: config.webhookTimeoutMs },
    erpAcknowledgeMinutes: config.erpAcknowledgeMinutes,
    punchoutPriceDays: config.punchoutPriceDays,
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
