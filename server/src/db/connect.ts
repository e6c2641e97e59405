import { ConfigError, type AppConfig, type PoolMode } from '../config/env';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded';
import type * as OrmModule from './orm';
import type { Orm } from './orm';

/** The ORM's module, loaded when first connecting (it loads every entity, so the store's code: main.ts). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ormModule = () => require('./orm') as typeof OrmModule;

interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
}

/** What `openDatabase` holds: release it with `close` (pool, then the embedded PostgreSQL if any). */
export interface OpenDatabase {
  url: string;
  orm: Orm;
  embedded?: EmbeddedDatabase;
  /** Migrations this opening applied. */
  applied: string[];
  close(): Promise<void>;
}

function where(url: string): string {
  const u = new URL(url);
  return `${u.hostname || u.searchParams.get('host') || 'localhost'}:${u.port || 5432}`;
}

/**
 * A failure to reach or use the database named by `variable`, as the one line a person can act on.
 * Returns a ConfigError for every cause we know; anything else is returned unchanged.
 */
export function databaseFailure(err: unknown, url: string, variable: string): unknown {
  if (err instanceof ConfigError) return err;
  const e = err as { code?: string; message?: string };
  const u = new URL(url);
  const db = decodeURIComponent(u.pathname.slice(1));
  const user = decodeURIComponent(u.username) || 'postgres';
  const at = where(url);
  const embeddedHint = variable === 'DATABASE_URL' ? ', or unset it to use the embedded PostgreSQL' : '';
  switch (e.code) {
    case 'ECONNREFUSED':
      return new ConfigError(
        `The PostgreSQL server at ${at} (${variable}) refused the connection: start it, fix ${variable}${embeddedHint}`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ConfigError(
        `The database host "${u.hostname}" in ${variable} was not found (${e.code}): fix ${variable}${embeddedHint}`,
      );
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new ConfigError(
        `The PostgreSQL server at ${at} (${variable}) cannot be reached (${e.code}): check the host, port and firewall, or fix ${variable}`,
      );
    case '3D000':
      return new ConfigError(
        `The database "${db}" does not exist on ${at} (${variable}): create it (createdb -h ${u.hostname || 'localhost'} -p ${u.port || 5432} -U ${user} ${db}), or fix ${variable}`,
      );
    case '28P01':
    case '28000':
      return new ConfigError(
        `PostgreSQL at ${at} refused user "${user}" (${e.message}): fix the user or password in ${variable}`,
      );
    case '53100':
    case 'ENOSPC':
      return new ConfigError(
        `The disk of the PostgreSQL server at ${at} is full (${e.message}): free some space, then start again`,
      );
    case '57P03':
      return new ConfigError(
        `The PostgreSQL server at ${at} (${variable}) is starting up or shutting down: wait for it, then start again`,
      );
    default:
      return err;
  }
}

/** A pool on `url`, checked by one round trip so a bad address fails here, as one line. */
export async function connect(
  url: string,
  poolMax: number,
  variable: string,
  poolMode: PoolMode = 'session',
): Promise<Orm> {
  let orm: Orm | undefined;
  try {
    const { initOrm } = ormModule();
    orm = await initOrm({ clientUrl: url, poolMax, poolMode });
    await orm.em.getConnection().execute('select 1');
    return orm;
  } catch (err) {
    await orm?.close(true).catch(() => undefined);
    throw databaseFailure(err, url, variable);
  }
}

/**
 * Applies pending migrations under their lock, on `directUrl`'s own short pool when the store's goes through a
 * transaction-mode pooler (a session lock needs a session); a failing one stops the start with its name and
 * PostgreSQL's reason.
 */
async function migrateOrExplain(orm: Orm, url: string, directUrl: string | undefined): Promise<string[]> {
  const direct =
    directUrl && directUrl !== url ? await connect(directUrl, 2, 'DATABASE_DIRECT_URL') : undefined;
  try {
    const { migrate } = ormModule();
    return await migrate(direct ?? orm);
  } catch (err) {
    const mapped = databaseFailure(err, directUrl ?? url, directUrl ? 'DATABASE_DIRECT_URL' : 'DATABASE_URL');
    if (mapped instanceof ConfigError) throw mapped;
    const message = err instanceof Error ? err.message : String(err);
    const name = /Migration\d+/.exec(message)?.[0] ?? 'a migration';
    const reason = message
      .replace(/^.*Original error:\s*/s, '')
      .replace(/\s+/g, ' ')
      .slice(0, 300);
    throw new ConfigError(
      `${name} failed (${reason}), so no pending migration was applied: fix the database (or the migration), then start again`,
    );
  } finally {
    await direct?.close(true);
  }
}

/**
 * The store's database, ready to use: DATABASE_URL's server, or the embedded PostgreSQL started in DATA_DIR;
 * connected and migrated. Every known failure is a ConfigError (one line naming the cause and the fix).
 */
export async function openDatabase(
  config: AppConfig,
  log: Logger,
  options: {
    poolMax?: number;
    attach?: boolean;
    /** Work to do while the embedded PostgreSQL boots in its own process (main.ts loads the store's code). */
    whileBooting?: () => Promise<unknown>;
  } = {},
): Promise<OpenDatabase> {
  let embedded: EmbeddedDatabase | undefined;
  let orm: Orm | undefined;
  let booting: Promise<unknown> | undefined;
  const whileBooting = () => (booting ??= options.whileBooting?.() ?? Promise.resolve());
  try {
    let url = config.databaseUrl;
    if (!url) {
      embedded = await startEmbeddedDatabase({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        binaries: config.embeddedPgBinaries,
        attach: options.attach,
        // Its error, if any, is thrown by the await below, once `embedded` can be stopped.
        onSpawned: () => void whileBooting().catch(() => undefined),
        log,
      });
      url = embedded.url;
      log.info({ port: config.embeddedPgPort, dataDir: embedded.dataDir }, 'embedded PostgreSQL is running');
    }
    await whileBooting();
    orm = await connect(url, options.poolMax ?? config.dbPoolMax, 'DATABASE_URL', config.databasePoolMode);
    const applied = await migrateOrExplain(orm, url, config.databaseDirectUrl);
    if (applied.length) log.info({ migrations: applied }, 'migrations applied');
    const opened = orm;
    return {
      url,
      orm,
      embedded,
      applied,
      async close() {
        await opened.close(true);
        await embedded?.stop();
      },
    };
  } catch (err) {
    await orm?.close(true).catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
}

/** The connections one store (a process, or a cluster of WORKERS) may open, against what PostgreSQL allows. */
export interface ConnectionBudget {
  perStore: number;
  /** The primary's `max_connections` less `superuser_reserved_connections` (what ordinary users may open). */
  available: number;
  line: string;
}

/**
 * The store's connection budget (decision 076), logged at start: each worker's pools (primary, replica) and the
 * cluster primary's own (its popularity refresh), against the server's limit, or the pooler's when DATABASE_URL is
 * a transaction-mode pooler (its pools then bound the server's connections, not the store's).
 */
export async function connectionBudget(orm: Orm, config: AppConfig): Promise<ConnectionBudget> {
  const pools = config.dbPoolMax * (config.databaseReadUrl ? 2 : 1);
  const cluster = config.workers > 1 && config.popularityRefreshMs > 0 ? config.dbPoolMax : 0;
  const perStore = config.workers * pools + cluster;
  const [limits] = await orm.em.getConnection().execute<{ max: number; reserved: number }[]>(
    `select current_setting('max_connections')::int as max,
         current_setting('superuser_reserved_connections')::int as reserved`,
  );
  const available = limits!.max - limits!.reserved;
  const each = `${config.dbPoolMax}${config.databaseReadUrl ? ` + ${config.dbPoolMax} replica` : ''}`;
  const line =
    `database connections: at most ${perStore} per store (${config.workers} × (${each})` +
    `${cluster ? ` + ${cluster} for the cluster's refresh` : ''}); ` +
    (config.databasePoolMode === 'transaction'
      ? `through a transaction-mode pooler, whose pool sizes bound the ${available} PostgreSQL allows`
      : `PostgreSQL allows ${available}, so at most ${Math.floor(available / perStore)} such stores (docs/deploy.md)`);
  return { perStore, available, line };
}
