import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import path from 'node:path';
import { migrationsList } from '../../../migrations/index';
import { ENTITIES } from './manifests';
import { PROJECT_ROOT, type PoolMode } from './env';

export interface OrmOptions {
  clientUrl: string;
  debug?: boolean;
  poolMax?: number;
  /** Called for every SQL statement (tests count statements per request). */
  onQuery?: (sql: string) => void;
  /**
   * `transaction`: the URL is a transaction-mode pooler (pgbouncer), whose server connections change between
   * transactions: no startup parameters and no named prepared statements (decision 076).
   */
  poolMode?: PoolMode;
}

export function ormConfig({
  clientUrl,
  debug = false,
  poolMax = 10,
  onQuery,
  poolMode = 'session',
}: OrmOptions): Options {
  return defineConfig({
    clientUrl,
    // libpq's form for a Unix socket, `postgres://user@localhost/db?host=/var/run/postgresql`: MikroORM reads
    // only the URL's host name, so the socket directory is passed on as the host (pg connects to it).
    host: new URL(clientUrl).searchParams.get('host') ?? undefined,
    // Every module's entities, from its manifest (decision 060): the same list from src, dist and tests.
    entities: ENTITIES,
    extensions: [Migrator],
    debug,
    allowGlobalContext: false,
    // A database named by DATABASE_URL that does not exist is an error to report (a typo), never one to create.
    ensureDatabase: false,
    forceUtcTimezone: true,
    pool: { min: 0, max: poolMax },
    // The hot paths' named prepared statements (db/prepared.ts) keep one generic plan per connection: planned
    // per call, the product statement spent 0.35 ms planning for 0.1 ms of work. The ORM's own statements
    // carry their values inline (no parameters), so no plan of theirs is cached and this changes nothing there.
    // No JIT: a store's statements are short, and PostgreSQL compiles a plan whose estimate passes jit_above_cost
    // at every execution (an order's read, costed from stale statistics, spent 10-40 ms compiling for 1 ms of work
    // and took place-order from 167 to 43 a second: decision 050, "Cost, measured").
    // Behind a transaction-mode pooler a server connection serves many clients and the pooler refuses startup
    // parameters (pgbouncer 1.18: "unsupported startup parameter: options"): no named statements are sent there, and
    // docs/deploy.md sets jit = off on the database instead.
    driverOptions:
      poolMode === 'transaction'
        ? {}
        : { connection: { options: '-c plan_cache_mode=force_generic_plan -c jit=off' } },
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    // Observe (never rewrite) each statement: tests count statements per GraphQL request.
    onQuery: onQuery
      ? (sql: string) => {
          onQuery(sql);
          return sql;
        }
      : (sql: string) => sql,
    migrations: {
      tableName: 'mikro_orm_migrations',
      path: path.join(PROJECT_ROOT, 'migrations'),
      pathTs: path.join(PROJECT_ROOT, 'migrations'),
      migrationsList,
      transactional: true,
      silent: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
    },
  });
}
