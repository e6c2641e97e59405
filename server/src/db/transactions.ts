import type { Transaction } from '@mikro-orm/core';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SqlConnection } from './sql';

/**
 * Transactions travel with the work (issue 29, docs/architecture.md "Services"): inside
 * `ctx.db.transactional(fn)` every statement of the request's connection — `ctx.db.execute`, a prepared statement,
 * a helper that was handed `ctx.db` — runs in that transaction, whether or not it is given `trx`, and a nested
 * `transactional` joins it. A statement can no longer leave the transaction by a forgotten argument (reading the
 * state from before its own writes, or waiting for a second pooled connection while holding the first).
 *
 * The scope is the callback's asynchronous context, while the transaction is open: a timer or a batch started
 * inside and run after the commit uses the pool again. Connections that are not bound (the payment provider's:
 * a processor's records do not roll back with ours) never join.
 */
interface Scope {
  trx: Transaction;
  open: boolean;
  /** Run, in order, once the work has succeeded and before COMMIT (still in the transaction). */
  beforeCommit: (() => Promise<void>)[];
  /** Run once COMMIT has succeeded (outside it); never after a rollback. */
  afterCommit: (() => void)[];
}
const open = new AsyncLocalStorage<Scope>();
const BOUND = Symbol('transaction-bound connection');

/** The transaction the current work runs in, if any (and still open). */
export function currentTransaction(): Transaction | undefined {
  const scope = open.getStore();
  return scope?.open ? scope.trx : undefined;
}

/**
 * Registers work for the current transaction's end: `before` runs after the transaction's work succeeded, just before
 * COMMIT, with its statements still in the transaction (a failure rolls it all back); `after` runs once COMMIT
 * succeeded. Throws outside a transaction (a programming error: there is no commit to wait for).
 */
export function onCommit(hooks: { before?: () => Promise<void>; after?: () => void }): void {
  const scope = open.getStore();
  if (!scope?.open) throw new Error('onCommit outside ctx.db.transactional');
  if (hooks.before) scope.beforeCommit.push(hooks.before);
  if (hooks.after) scope.afterCommit.push(hooks.after);
}

/**
 * A new transaction on `db` whose scope its statements join: the work, then the before-commit hooks registered while
 * it ran (and by those hooks), COMMIT, then the after-commit hooks.
 */
async function inScope<T>(
  db: SqlConnection,
  work: (trx: Transaction) => Promise<T>,
  options: Parameters<SqlConnection['transactional']>[1],
): Promise<T> {
  let scope: Scope | undefined;
  const result = await db.transactional(async (trx) => {
    const opened: Scope = { trx, open: true, beforeCommit: [], afterCommit: [] };
    scope = opened;
    try {
      return await open.run(opened, async () => {
        const done = await work(trx);
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

/** Whether statements on `db` join the current transaction (a connection made by `transactionBound`). */
export const joinsTransactions = (db: SqlConnection): boolean =>
  (db as unknown as Record<symbol, unknown>)[BOUND] === true;

/** The connection services use: `execute` and `transactional` as the ORM's, bound to the current transaction. */
export function transactionBound(db: SqlConnection): SqlConnection {
  const execute: SqlConnection['execute'] = (query, params, method, trx) =>
    db.execute(query, params, method, trx ?? currentTransaction());
  const transactional: SqlConnection['transactional'] = (work, options) => {
    const joined = currentTransaction();
    if (joined) return work(joined);
    return inScope(db, work, options);
  };
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'execute') return execute;
      if (property === 'transactional') return transactional;
      if (property === BOUND) return true;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
