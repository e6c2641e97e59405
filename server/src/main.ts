import 'reflect-metadata';
import type { Express } from 'express';
import type { Server } from 'node:http';
import { createApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config/env';
import { resolveSessionSecret } from './config/secrets';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded';
import { initOrm, migrate, type Orm } from './db/orm';
import { createLogger } from './logger';
import { catalogIsEmpty, seedCatalog } from './modules/catalog/catalog.seed';
import { insertDemoOrders } from './modules/order/demo-orders';
import { refreshSearchIndex, searchIndexIsComplete } from './modules/search/search.index';

/** Starts the whole store: database (embedded unless DATABASE_URL), migrations, demo seed, HTTP server. */
async function main(): Promise<void> {
  const started = Date.now();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(`axisline: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  const log = createLogger(config.logLevel);
  let embedded: EmbeddedDatabase | undefined;
  let orm: Orm | undefined;
  let server: Server | undefined;
  let closeApp: (() => Promise<void>) | undefined;
  let stopping = false;

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      if (server) {
        await new Promise<void>((resolve) => server!.close(() => resolve()));
      }
      log.debug('HTTP server closed');
      await closeApp?.();
      log.debug('app closed');
      await orm?.close(true);
      log.debug('database pool closed');
      await embedded?.stop();
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    let url = config.databaseUrl;
    if (!url) {
      embedded = await startEmbeddedDatabase({ dataDir: config.dataDir, port: config.embeddedPgPort, log });
      url = embedded.url;
      log.info({ port: config.embeddedPgPort, dataDir: embedded.dataDir }, 'embedded PostgreSQL is running');
    }
    orm = await initOrm({ clientUrl: url });
    const applied = await migrate(orm);
    if (applied.length) log.info({ migrations: applied }, 'migrations applied');
    if (config.seedProducts > 0 && (await catalogIsEmpty(orm))) {
      log.info({ products: config.seedProducts }, 'empty catalogue: seeding the demo catalogue');
      const result = await seedCatalog(orm, config.seedProducts);
      log.info(result, 'demo catalogue seeded');
      const orders = await insertDemoOrders(orm, config.seedOrders);
      log.info({ orders }, 'demo orders seeded');
    } else if (!(await searchIndexIsComplete(orm.em.fork()))) {
      log.info('search index incomplete: rebuilding it');
      await refreshSearchIndex(orm.em.fork());
    }
    const { app, close } = await createApp({
      orm,
      log,
      sessionSecret: resolveSessionSecret(config),
      clientDir: config.clientDir,
      trustProxy: config.trustProxy,
      introspection: config.graphqlIntrospection,
      secureCookies: config.secureCookies,
      searchCache: config.searchCache,
      publicUrl: config.publicUrl,
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
    });
    closeApp = close;
    server = await listen(app, config.port, config.host);
    log.info(
      { url: `http://localhost:${config.port}`, readyInMs: Date.now() - started },
      `Axisline Supply is ready at http://localhost:${config.port}`,
    );
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`axisline: ${err.message}`);
    } else {
      log.fatal({ err }, 'failed to start');
      console.error(`axisline: failed to start: ${err instanceof Error ? err.message : String(err)}`);
    }
    await orm?.close(true).catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
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
