import type { AnyEntity, EntityData, IsolationLevel, QueryResult, Transaction } from '@mikro-orm/core';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MikroORM as Orm } from '@mikro-orm/postgresql';
import type { SqlConnection } from './sql';

/** How `execute` answers: every row (`all`, the default), the first (`get`), or what was changed (`run`). */
export type ExecuteMethod = 'all' | 'get' | 'run';

/** A statement's text (`?` for each parameter), or a query the ORM's query builder made. */
export type Statement = Parameters<SqlConnection['execute']>[0];

export interface TransactionOptions {
  isolationLevel?: IsolationLevel;
  readOnly?: boolean;
}

interface Scope {
  trx: Transaction;
  /** Cleared at commit or rollback: work started inside and run later uses the pool again. */
  open: boolean;
  /** Run, in order, once the work has succeeded and before COMMIT (still in the transaction). */
  beforeCommit: (() => Promise<void>)[];
  /** Run once COMMIT has succeeded (outside it); never after a rollback. */
  afterCommit: (() => void)[];
}

/**
 * The database as the services see it (issue 29, issue 53 item 1, docs/architecture.md "Services"): plain SQL
 * statements and transactions, and no transaction argument anywhere. Inside `db.transactional(work)` every statement
 * of this connection — `execute`, a prepared statement (db/prepared.ts), a helper that reads `ctx.db` — runs in that
 * transaction, and a nested `transactional` joins it: a statement can neither leave the transaction by a forgotten
 * argument (reading the state from before its own writes, or waiting for a second pooled connection while holding
 * the first) nor name another one.
 *
 * The scope is the callback's asynchronous context while the transaction is open: a timer or a batch started inside
 * and run after the commit uses the pool again. Every connection the services are given (`servicesDb`) shares one
 * scope; a detached connection (`detachedDb`: the payment provider's, whose records must not roll back with ours,
 * and the replica's) has its own and never joins the services' transaction.
 */
export class Db {
  readonly #connection: SqlConnection;
  readonly #scope: AsyncLocalStorage<Scope>;

  /** db/ only: outside it, a connection comes from `servicesDb` or `detachedDb`. */
  constructor(connection: SqlConnection, scope: AsyncLocalStorage<Scope>) {
    this.#connection = connection;
    this.#scope = scope;
  }

  /** Runs one statement, in the current transaction if one is open on this connection. */
  execute<T extends QueryResult | EntityData<AnyEntity> | EntityData<AnyEntity>[] = EntityData<AnyEntity>[]>(
    query: Statement,
    params?: unknown[],
    method?: ExecuteMethod,
  ): Promise<T> {
    return this.#connection.execute<T>(query, params, method, Db.transactionOf(this));
  }

  /**
   * Runs `work` in a transaction: committed when it resolves, rolled back when it throws. Inside one already (on this
   * connection), `work` joins it: its failure is the outer transaction's.
   */
  transactional<T>(work: () => Promise<T>, options?: TransactionOptions): Promise<T> {
    if (Db.transactionOf(this)) return work();
    return this.#inScope(work, options);
  }

  /**
   * A new transaction whose scope its statements join: the work, then the before-commit hooks registered while it
   * ran (and by those hooks), COMMIT, then the after-commit hooks (`onCommit`).
   */
  async #inScope<T>(work: () => Promise<T>, options?: TransactionOptions): Promise<T> {
    let scope: Scope | undefined;
    const result = await this.#connection.transactional(async (trx) => {
      const opened: Scope = { trx, open: true, beforeCommit: [], afterCommit: [] };
      scope = opened;
      try {
        return await this.#scope.run(opened, async () => {
          const done = await work();
          for (let i = 0; i < opened.beforeCommit.length; i++) await opened.beforeCommit[i]!();
          return done;
        });
      } finally {
        opened.open = false;
      }
    }, options);
    for (const hook of scope!.afterCommit) hook();
    return result;
  }

  /** db/ only: the ORM's connection underneath. */
  static connectionOf(db: Db): SqlConnection {
    return db.#connection;
  }

  /** db/ only: the transaction statements on `db` run in now, if any (and still open). */
  static transactionOf(db: Db): Transaction | undefined {
    const scope = db.#scope.getStore();
    return scope?.open ? scope.trx : undefined;
  }
}

/** The scope every services' connection shares (one transaction per piece of work, whichever connection opened it). */
const services = new AsyncLocalStorage<Scope>();

/** A connection on `connection` that joins the services' transaction (db/ only; outside, `servicesDb`). */
export const boundDb = (connection: SqlConnection): Db => new Db(connection, services);

/** A connection on `connection` that never joins the services' transaction (db/ only; outside, `detachedDb`). */
export const unboundDb = (connection: SqlConnection): Db => new Db(connection, new AsyncLocalStorage());

/** The services' connection (`ctx.db`): inside `transactional` every statement runs in the transaction. */
export const servicesDb = (orm: Orm): Db => boundDb(orm.em.getConnection());

/**
 * A connection that never joins the services' transaction: its statements commit on their own (the payment
 * provider's records do not roll back with ours). Its own `transactional` opens a transaction of its own.
 */
export const detachedDb = (orm: Orm): Db => unboundDb(orm.em.getConnection());

/** Whether a transaction is open for the services' connection in the current work. */
export const inTransaction = (): boolean => services.getStore()?.open === true;

/**
 * Registers work for the end of the services' current transaction: `before` runs after the transaction's work
 * succeeded, just before COMMIT, with its statements still in the transaction (a failure rolls it all back); `after`
 * runs once COMMIT succeeded. Throws outside a transaction (a programming error: there is no commit to wait for).
 */
export function onCommit(hooks: { before?: () => Promise<void>; after?: () => void }): void {
  const scope = services.getStore();
  if (!scope?.open) throw new Error('onCommit outside ctx.db.transactional');
  if (hooks.before) scope.beforeCommit.push(hooks.before);
  if (hooks.after) scope.afterCommit.push(hooks.after);
}

/** An opaque key of the services' open transaction (for what is kept per transaction), or undefined outside one. */
export function openTransactionKey(): object | undefined {
  const scope = services.getStore();
  return scope?.open ? scope : undefined;
}
