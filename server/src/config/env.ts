import { UNPAID_ORDER_DEFAULTS, type UnpaidOrderPolicy } from '../../../domain/checkout';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SITE_IDS, type SiteId } from '../../../domain/constants';
import { ERP_ACKNOWLEDGE_MINUTES_DEFAULT } from '../../../domain/erp';
import { PUNCHOUT_PRICE_DAYS_DEFAULT } from '../../../domain/punchout-orders';
import { parseFxRates, type FxRates } from '../../../domain/fx';
import { DEFAULT_STAFF_DISCOUNT_LIMIT_PCT } from '../../../domain/price-approval';
import { REPLICA_WAIT_MS } from '../db/replica';
import { CACHE_POLL_MS_DEFAULT } from '../common/cache-versions';

/** Raised for a configuration the server cannot start with; main prints `message` as one line and exits. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type NodeEnv = 'production' | 'development' | 'test';

/** How the store's connections reach PostgreSQL: directly or through a session-mode pooler, or a transaction-mode one. */
export type PoolMode = 'session' | 'transaction';

export interface AppConfig {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  /** postgres://… when a real server is used; undefined selects the embedded PostgreSQL. */
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  /** A folder with bin/initdb and bin/postgres for the embedded database; undefined: the npm package's. */
  embeddedPgBinaries: string | undefined;
  sessionSecret: string | undefined;
  /** SECRETS_KEY: encrypts secrets kept for signing (webhooks); undefined outside production: DATA_DIR/secrets-key. */
  secretsKey: string | undefined;
  logLevel: string;
  seedProducts: number;
  /** Demo orders (of the last 60 days) seeded with the demo catalogue, for the console and its dashboard. */
  seedOrders: number;
  /** The demo store's promotions (WELCOME10, 10 % off ball screws this month), with the demo data (decision 079). */
  demoPromotions: boolean;
  trustProxy: boolean;
  /** Mark cookies Secure (TLS in front); defaults to on in production. */
  secureCookies: boolean;
  clientDir: string;
  graphqlIntrospection: boolean;
  /** The shop's public address, for links in e-mails. */
  publicUrl: string;
  /** Session lifetime from sign-in: staff (hours) and everyone else (days). */
  sessionLifetime: { staffMs: number; customerMs: number };
  /** Bearer token /metrics requires (METRICS_TOKEN); unset: /metrics only from this machine, none in production. */
  metricsToken: string | undefined;
  /** SMTP delivery of the outbox; unset keeps e-mails in the outbox table and the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Search answer cache per process: time to live (0 turns it off) and most entries kept. */
  searchCache: { ttlMs: number; entries: number };
  /** How often product popularity is recomputed from the click-stream (one process of a cluster); 0: never. */
  popularityRefreshMs: number;
  /** When an unpaid order's buyer is reminded, and when the order is cancelled. */
  unpaidOrders: UnpaidOrderPolicy;
  /** How often each process looks for unpaid orders to remind or cancel, in ms. */
  unpaidSweepMs: number;
  /** CACHE_POLL_MS: how often each process reads the cache versions to drop what others changed (decision 078). */
  cachePollMs: number;
  /** EVENT_RETENTION_DAYS: business events (the event feed's, decision 070) are removed after this many days. */
  eventRetentionDays: number;
  /** WEBHOOK_TIMEOUT_MS: how long a webhook receiver has to answer (decision 068). */
  webhookTimeoutMs: number;
  /** ERP_ACKNOWLEDGE_MINUTES: the console lists orders the ERP has not acknowledged this long after placement (decision 071). */
  erpAcknowledgeMinutes: number;
  /** PUNCHOUT_PRICE_DAYS: an OrderRequest gets its transfer's prices this many days after it (decision 073). */
  punchoutPriceDays: number;
  /** HTTP worker processes on the one port (cluster module); 1 serves from the main process itself. */
  workers: number;
  /** Optional replica for catalogue, search and reporting reads; writes and read-after-write use the primary. */
  databaseReadUrl: string | undefined;
  /**
   * DATABASE_DIRECT_URL: the primary without a transaction-mode pooler, for what needs a session (the migrations'
   * lock); defaults to DATABASE_URL, required with DATABASE_POOL_MODE=transaction (decision 076).
   */
  databaseDirectUrl: string | undefined;
  /** DATABASE_POOL_MODE: `transaction` when DATABASE_URL (and DATABASE_READ_URL) is a transaction-mode pooler. */
  databasePoolMode: PoolMode;
  /** How long a read waits for the replica to replay its writer's position before reading from the primary. */
  replicaWaitMs: number;
  /** Most database connections per process (per pool: primary, and replica when set). */
  dbPoolMax: number;
  /** How long a graceful shutdown waits for in-flight requests before exiting anyway. */
  shutdownTimeoutMs: number;
  /** E-mails one address may make the store send an hour (MAIL_LIMIT_PER_IP). */
  mailPerIp: number;
  /**
   * On SIGTERM, how long /readyz answers 503 while the process still serves, before it drains: longer than the load
   * balancer's health-check interval times its fall count, so it stops sending first (SHUTDOWN_DEREGISTER_MS).
   */
  shutdownDeregisterMs: number;
  /** Host names of the sites (SITE_HOSTS, `host=site` pairs); a host whose first label is a site id needs none. */
  siteHosts: Record<string, SiteId>;
  /** The spec's consent test flag: region defaults of analytics consent apply only when TRUE. */
  consentRegionDefaults: boolean;
  /** Click-stream events one client address may send a minute, per process; 0: no limit. */
  collectorEventsPerMinute: number;
  /** Exchange rates for spending limits across sites (FX_RATES, decision 052): a currency's value in USD. */
  fxRates: FxRates;
  /**
   * How far below the catalogue price (percent) staff without a Service or Admin role may price a quote's line or
   * an order line (STAFF_DISCOUNT_LIMIT_PCT, decision 054).
   */
  staffDiscountLimitPct: number;
}

/** The repository root: the nearest folder above this file that holds package.json (works from src and dist). */
export const PROJECT_ROOT = (() => {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function int(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
  fix: string,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(
      `${name}=${JSON.stringify(raw)} is not a whole number from ${min} to ${max}: ${fix}`,
    );
  }
  return Number(raw);
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name}=${JSON.stringify(raw)} is not a boolean: set ${name} to true or false`);
}

/** Parses the environment into one typed object. Every variable is listed in README.md. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnvRaw = env.NODE_ENV || 'development';
  if (!['production', 'development', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError(
      `NODE_ENV=${JSON.stringify(nodeEnvRaw)} is not supported: set NODE_ENV to production, development or test`,
    );
  }
  const nodeEnv = nodeEnvRaw as NodeEnv;

  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const databaseReadUrl = env.DATABASE_READ_URL?.trim() || undefined;
  const databaseDirectUrl = env.DATABASE_DIRECT_URL?.trim() || undefined;
  for (const [name, value] of [
    ['DATABASE_READ_URL', databaseReadUrl],
    ['DATABASE_DIRECT_URL', databaseDirectUrl],
  ] as const) {
    if (value && !databaseUrl) {
      throw new ConfigError(`${name} needs DATABASE_URL (the primary): set both, or neither`);
    }
  }
  const databasePoolMode = (env.DATABASE_POOL_MODE?.trim() || 'session') as PoolMode;
  if (!['session', 'transaction'].includes(databasePoolMode)) {
    throw new ConfigError(
      `DATABASE_POOL_MODE=${JSON.stringify(env.DATABASE_POOL_MODE)} is not a mode: use session (directly or a session pooler) or transaction (pgbouncer in transaction mode)`,
    );
  }
  if (databasePoolMode === 'transaction' && (!databaseUrl || !databaseDirectUrl)) {
    throw new ConfigError(
      "DATABASE_POOL_MODE=transaction needs DATABASE_URL (the pooler) and DATABASE_DIRECT_URL (the same database without it, for the migrations' lock)",
    );
  }
  for (const [name, value] of [
    ['DATABASE_URL', databaseUrl],
    ['DATABASE_READ_URL', databaseReadUrl],
    ['DATABASE_DIRECT_URL', databaseDirectUrl],
  ] as const) {
    if (!value) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new ConfigError(
        `${name} is not a valid URL: set it like postgres://user:password@host:5432/database, or unset it to use the embedded PostgreSQL`,
      );
    }
    if (!['postgres:', 'postgresql:'].includes(url.protocol) || url.pathname.length < 2) {
      throw new ConfigError(
        `${name} must be postgres://user:password@host:port/database (got protocol ${url.protocol} and database "${url.pathname.slice(1)}"): fix it, or unset it to use the embedded PostgreSQL`,
      );
    }
  }

  const logLevel = env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info');
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(
      `LOG_LEVEL=${JSON.stringify(logLevel)} is not a level: use one of ${LOG_LEVELS.join(', ')}`,
    );
  }

  const sessionSecret = env.SESSION_SECRET || undefined;
  if (sessionSecret !== undefined && sessionSecret.length < 32) {
    throw new ConfigError(
      'SESSION_SECRET is shorter than 32 characters: set it to a long random value, e.g. `openssl rand -hex 32`',
    );
  }
  if (nodeEnv === 'production' && !sessionSecret) {
    throw new ConfigError(
      'SESSION_SECRET is required when NODE_ENV=production: set it to a long random value, e.g. `openssl rand -hex 32`',
    );
  }

  const secretsKey = env.SECRETS_KEY || undefined;
  if (secretsKey !== undefined && secretsKey.length < 32) {
    throw new ConfigError(
      'SECRETS_KEY is shorter than 32 characters: set it to a long random value, e.g. `openssl rand -hex 32`',
    );
  }
  if (nodeEnv === 'production' && !secretsKey) {
    throw new ConfigError(
      'SECRETS_KEY is required when NODE_ENV=production: set it to a long random value, e.g. `openssl rand -hex 32` (keep it: webhook secrets sealed with it cannot be opened without it)',
    );
  }

  const port = int(env, 'PORT', 4000, 1, 65535, 'set PORT to a free TCP port, e.g. PORT=4000');
  return {
    nodeEnv,
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(PROJECT_ROOT, env.DATA_DIR || '.data'),
    embeddedPgPort: int(
      env,
      'EMBEDDED_PG_PORT',
      54329,
      1,
      65535,
      'set EMBEDDED_PG_PORT to a free TCP port other than 5432, e.g. 54329',
    ),
    embeddedPgBinaries: env.EMBEDDED_PG_BINARIES ? path.resolve(env.EMBEDDED_PG_BINARIES) : undefined,
    sessionSecret,
    secretsKey,
    logLevel,
    seedProducts: int(
      env,
      'SEED_PRODUCTS',
      5000,
      0,
      2_000_000,
      'set SEED_PRODUCTS to the demo catalogue size, e.g. 5000',
    ),
    seedOrders: int(
      env,
      'SEED_ORDERS',
      400,
      0,
      1_000_000,
      'set SEED_ORDERS to a number of demo orders, e.g. 400',
    ),
    demoPromotions: bool(env, 'DEMO_PROMOTIONS', true),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    secureCookies: bool(env, 'SECURE_COOKIES', nodeEnv === 'production'),
    clientDir: path.resolve(PROJECT_ROOT, env.CLIENT_DIR || 'dist/client'),
    graphqlIntrospection: nodeEnv === 'development' || bool(env, 'GRAPHQL_INTROSPECTION', false),
    publicUrl: publicUrlOf(env.PUBLIC_URL, port),
    smtpUrl: smtpUrlOf(env.SMTP_URL),
    metricsToken: metricsTokenOf(env.METRICS_TOKEN),
    sessionLifetime: {
      staffMs:
        int(env, 'SESSION_MAX_HOURS_STAFF', 12, 1, 24 * 30, 'set SESSION_MAX_HOURS_STAFF, e.g. 12') *
        3600_000,
      customerMs: int(env, 'SESSION_MAX_DAYS', 30, 1, 365, 'set SESSION_MAX_DAYS, e.g. 30') * 86_400_000,
    },
    mailFrom: env.MAIL_FROM?.trim() || 'Axisline Supply <help@axisline.example>',
    searchCache: {
      ttlMs: int(
        env,
        'SEARCH_CACHE_TTL_MS',
        600_000,
        0,
        86_400_000,
        'set SEARCH_CACHE_TTL_MS from 0 (off) to 86400000',
      ),
      entries: int(env, 'SEARCH_CACHE_ENTRIES', 5000, 1, 1_000_000, 'set SEARCH_CACHE_ENTRIES, e.g. 5000'),
    },
    popularityRefreshMs: popularityRefreshMsOf(env),
    eventRetentionDays: int(
      env,
      'EVENT_RETENTION_DAYS',
      30,
      1,
      3650,
      'set EVENT_RETENTION_DAYS from 1 to 3650, e.g. 30',
    ),
    webhookTimeoutMs: int(
      env,
      'WEBHOOK_TIMEOUT_MS',
      10_000,
      1000,
      30_000,
      'set WEBHOOK_TIMEOUT_MS from 1000 to 30000, e.g. 10000',
    ),
    erpAcknowledgeMinutes: int(
      env,
      'ERP_ACKNOWLEDGE_MINUTES',
      ERP_ACKNOWLEDGE_MINUTES_DEFAULT,
      0,
      525_600,
      'set ERP_ACKNOWLEDGE_MINUTES from 0 to 525600, e.g. 30',
    ),
    punchoutPriceDays: int(
      env,
      'PUNCHOUT_PRICE_DAYS',
      PUNCHOUT_PRICE_DAYS_DEFAULT,
      0,
      365,
      'set PUNCHOUT_PRICE_DAYS from 0 to 365, e.g. 30',
    ),
    cachePollMs: int(
      env,
      'CACHE_POLL_MS',
      CACHE_POLL_MS_DEFAULT,
      50,
      5000,
      'set CACHE_POLL_MS from 50 to 5000, e.g. 250',
    ),
    unpaidSweepMs: int(
      env,
      'UNPAID_SWEEP_MS',
      60_000,
      1000,
      3_600_000,
      'set UNPAID_SWEEP_MS from 1000 to 3600000, e.g. 60000',
    ),
    unpaidOrders: {
      remindAfterMinutes: int(
        env,
        'PAYMENT_REMINDER_MINUTES',
        UNPAID_ORDER_DEFAULTS.remindAfterMinutes,
        0,
        10_080,
        'set PAYMENT_REMINDER_MINUTES from 0 to 10080, e.g. 30',
      ),
      cancelAfterDays: int(
        env,
        'UNPAID_ORDER_CANCEL_DAYS',
        UNPAID_ORDER_DEFAULTS.cancelAfterDays,
        1,
        90,
        'set UNPAID_ORDER_CANCEL_DAYS from 1 to 90, e.g. 7',
      ),
    },
    workers: workersOf(env.WORKERS),
    databaseReadUrl,
    databaseDirectUrl,
    databasePoolMode,
    replicaWaitMs: int(
      env,
      'REPLICA_WAIT_MS',
      REPLICA_WAIT_MS,
      0,
      10_000,
      'set REPLICA_WAIT_MS to the milliseconds a read may wait for the replica, e.g. 20',
    ),
    dbPoolMax: int(env, 'DB_POOL_MAX', 10, 1, 500, 'set DB_POOL_MAX to the connections per process, e.g. 10'),
    shutdownTimeoutMs: int(
      env,
      'SHUTDOWN_TIMEOUT_MS',
      10_000,
      100,
      600_000,
      'set SHUTDOWN_TIMEOUT_MS, e.g. 10000',
    ),
    shutdownDeregisterMs: int(
      env,
      'SHUTDOWN_DEREGISTER_MS',
      nodeEnv === 'production' ? 5_000 : 0,
      0,
      600_000,
      'set SHUTDOWN_DEREGISTER_MS to a little more than the load balancer needs to see /readyz fail, e.g. 5000',
    ),
    mailPerIp: int(
      env,
      'MAIL_LIMIT_PER_IP',
      60,
      1,
      1_000_000,
      'set MAIL_LIMIT_PER_IP to the e-mails one address may ask for an hour, e.g. 60',
    ),
    siteHosts: siteHostsOf(env.SITE_HOSTS),
    consentRegionDefaults: bool(env, 'CONSENT_REGION_DEFAULTS', false),
    collectorEventsPerMinute: int(
      env,
      'COLLECTOR_EVENTS_PER_MINUTE',
      600,
      0,
      10_000_000,
      'set COLLECTOR_EVENTS_PER_MINUTE, e.g. 600 (0: no limit)',
    ),
    fxRates: fxRatesOf(env.FX_RATES),
    staffDiscountLimitPct: int(
      env,
      'STAFF_DISCOUNT_LIMIT_PCT',
      DEFAULT_STAFF_DISCOUNT_LIMIT_PCT,
      0,
      100,
      'set STAFF_DISCOUNT_LIMIT_PCT to a whole percent from 0 to 100, e.g. 15',
    ),
  };
}

/** FX_RATES: `CAD=0.73,MXN=0.055`, each currency's value in US dollars. */
function fxRatesOf(text: string | undefined): FxRates {
  try {
    return parseFxRates(text);
  } catch (err) {
    throw new ConfigError(`FX_RATES: ${(err as Error).message}`);
  }
}

/** `shop.foodgrade.example=foodgrade,boutique.axisline.example=pay-ca` -> host -> site. */
function siteHostsOf(raw: string | undefined): Record<string, SiteId> {
  const out: Record<string, SiteId> = {};
  for (const pair of (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [host, site] = pair.split('=').map((p) => p.trim().toLowerCase());
    if (!host || !site || !(SITE_IDS as readonly string[]).includes(site)) {
      throw new ConfigError(
        `SITE_HOSTS entry ${JSON.stringify(pair)} is not host=site: use e.g. shop.foodgrade.example=foodgrade with a site of ${SITE_IDS.join(', ')}`,
      );
    }
    out[host] = site as SiteId;
  }
  return out;
}

/** POPULARITY_REFRESH_MS: 0 (off), or at least 10 s (each refresh reads the click-stream's last 30 days). */
function popularityRefreshMsOf(env: NodeJS.ProcessEnv): number {
  const fix = 'set POPULARITY_REFRESH_MS to 0 (off) or from 10000 to 86400000, e.g. 600000';
  const value = int(env, 'POPULARITY_REFRESH_MS', 600_000, 0, 86_400_000, fix);
  if (value > 0 && value < 10_000) {
    throw new ConfigError(
      `POPULARITY_REFRESH_MS=${JSON.stringify(env.POPULARITY_REFRESH_MS)} is too short: ${fix}`,
    );
  }
  return value;
}

/** WORKERS: a number of processes, or `auto` for one per core. */
function workersOf(raw: string | undefined): number {
  const value = raw?.trim() || '1';
  if (value === 'auto') return os.availableParallelism();
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 256) {
    throw new ConfigError(
      `WORKERS=${JSON.stringify(raw)} is not valid: set WORKERS to auto or a number from 1 to 256`,
    );
  }
  return Number(value);
}

function publicUrlOf(raw: string | undefined, port: number): string {
  const value = raw?.trim() || `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`PUBLIC_URL is not a valid URL: set it like https://shop.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`PUBLIC_URL must start with http:// or https:// (got ${url.protocol})`);
  return value.replace(/\/+$/, '');
}

function smtpUrlOf(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      'SMTP_URL is not a valid URL: set it like smtp://user:password@mail.example.com:587',
    );
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps:// (got ${url.protocol})`);
  return value;
}

function metricsTokenOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 16) {
    throw new ConfigError(
      'METRICS_TOKEN is shorter than 16 characters: set it to a long random value, e.g. `openssl rand -hex 24`',
    );
  }
  return value;
}
