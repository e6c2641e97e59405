import { databaseUnavailable } from '../common/errors';
import { unboundDb, type Db } from './db';
import type { MikroORM as Orm } from '@mikro-orm/postgresql';
import type { SqlConnection } from './sql';

/*
 * Read-your-writes on a streaming replica (issue 34 item 3, decision 051). A request that wrote learns the primary's
 * WAL position once its writes are committed and hands it to the caller (the `axl.lsn` cookie for a browser, the
 * READ_AFTER_HEADER for a partner). A later read carrying that position is served by the replica only once the
 * replica has replayed it (waiting a few milliseconds at most), else by the primary. A replica statement cancelled by
 * a conflict with recovery, or meeting the replica away, runs again on the primary. Every read moved to the primary
 * is counted (`axl_replica_reads_moved_total`).
 */

/** The header a write's answer carries (the primary's WAL position after it) and a read may send back. */
export const READ_AFTER_HEADER = 'x-read-after-lsn';
/** The cookie a browser keeps the same position in (not a secret: at worst it sends a reader to the primary). */
export const READ_AFTER_COOKIE = 'axl.lsn';
/** How long the cookie lives: far beyond any healthy replica's lag; a later read simply uses the replica. */
export const READ_AFTER_COOKIE_SECONDS = 600;

/** How long a read waits, by default, for the replica to replay its writer's position (REPLICA_WAIT_MS). */
export const REPLICA_WAIT_MS = 20;

export type MoveReason = 'lag' | 'conflict' | 'unavailable';

/** A WAL position as PostgreSQL writes it (`16/B374D848`) as a number, or null when it is not one. */
export function parseLsn(text: string | undefined | null): bigint | null {
  const m = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text?.trim() ?? '');
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}

/** SQLSTATEs a hot standby cancels a statement with when replaying WAL conflicts with it. */
const RECOVERY_CONFLICT = new Set(['40001', '40P01']);

/** Whether `err` (or what the ORM wraps) is a statement the standby cancelled for a conflict with recovery. */
export function recoveryConflict(err: unknown): boolean {
  let e = err as { code?: unknown; previous?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && RECOVERY_CONFLICT.has(e.code)) return true;
    e = (e.previous ?? e.cause) as typeof e;
  }
  return false;
}

/** Why a failed replica statement should run on the primary instead, if it should. */
export function moveReason(err: unknown): MoveReason | null {
  if (recoveryConflict(err)) return 'conflict';
  if (databaseUnavailable(err)) return 'unavailable';
  return null;
}

const fallbacks = new WeakMap<Db, Fallback>();

/** After the replica was found away, reads go straight to the primary this long before it is tried again. */
export const REPLICA_RETRY_MS = 5000;

interface Fallback {
  primary: Db;
  /** Whether the replica is resting after it was found away (reads go to the primary meanwhile, counted). */
  resting(): boolean;
  /** Records why a statement moved to the primary. */
  moved(reason: MoveReason): void;
}

/** The primary a replica connection falls back to (prepared statements look it up: db/prepared.ts). */
export const fallbackOf = (db: Db): Fallback | undefined => fallbacks.get(db);

/** The replica's connection, whose statements run again on the primary when the replica cancels or fails them. */
export function withFallback(replica: SqlConnection, primary: Db, moved: (reason: MoveReason) => void): Db {
  let restUntil = 0;
  const fallback: Fallback = {
    primary,
    resting() {
      if (Date.now() >= restUntil) return false;
      moved('unavailable');
      return true;
    },
    moved(reason) {
      if (reason === 'unavailable') restUntil = Date.now() + REPLICA_RETRY_MS;
      moved(reason);
    },
  };
  const execute: SqlConnection['execute'] = async (query, params, method) => {
    if (fallback.resting()) return primary.execute(query, params, method);
    try {
      return await replica.execute(query, params, method);
    } catch (err) {
      const reason = moveReason(err);
      if (!reason) throw err;
      fallback.moved(reason);
      return primary.execute(query, params, method);
    }
  };
  // Never in the services' transaction (another server's connection).
  const db = unboundDb(
    new Proxy(replica, {
      get(target, property, receiver) {
        if (property === 'execute') return execute;
        return Reflect.get(target, property, receiver) as unknown;
      },
    }),
  );
  fallbacks.set(db, fallback);
  return db;
}

export interface ReadRoutingOptions {
  /** How long a read waits for the replica to replay its writer's position before going to the primary. */
  waitMs: number;
  moved(reason: MoveReason): void;
  /** Seconds a read waited for the replica (observed when it had to ask). */
  waited?(seconds: number): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Chooses, per read, between the replica and the primary from the position the reader last wrote at. */
export class ReadRouting {
  /** The highest position the replica is known to have replayed (it only grows): most checks need no query. */
  private replayed = 0n;
  /** The highest position of the primary seen: a position beyond it, after asking again, was never written. */
  private written = 0n;
  /** The replica's connection for reads (statements it cancels or fails run on the primary). */
  readonly replica: Db;
  /** The primary's connection for reads (not the services': it never joins their transaction). */
  private readonly primary: Db;
  private readonly standby: Db;

  constructor(
    primary: Orm,
    standby: Orm,
    private readonly options: ReadRoutingOptions,
  ) {
    this.primary = unboundDb(primary.em.getConnection());
    this.standby = unboundDb(standby.em.getConnection());
    this.replica = withFallback(standby.em.getConnection(), this.primary, (reason) => {
      // Back from away, it may be another standby, further behind: what it had replayed is asked again.
      if (reason === 'unavailable') this.replayed = 0n;
      options.moved(reason);
    });
  }

  /**
   * The primary's WAL position now (inserted, so at or past every commit of the request whatever
   * `synchronous_commit` says).
   */
  async position(): Promise<string> {
    const [row] = await this.primary.execute<{ lsn: string }[]>(
      'select pg_current_wal_insert_lsn()::text as lsn',
    );
    const lsn = parseLsn(row!.lsn);
    if (lsn !== null && lsn > this.written) this.written = lsn;
    return row!.lsn;
  }

  /** Whether the primary has written `after` (asked once more when it is past what this process has seen). */
  private async wasWritten(after: bigint): Promise<boolean> {
    if (after <= this.written) return true;
    await this.position();
    return after <= this.written;
  }

  /** The replica's replayed position, or null when it is no standby (promoted, or not a streaming replica). */
  private async replayedNow(): Promise<bigint | null> {
    const [row] = await this.standby.execute<{ lsn: string | null }[]>(
      'select pg_last_wal_replay_lsn()::text as lsn',
    );
    const lsn = parseLsn(row?.lsn);
    if (lsn !== null && lsn > this.replayed) this.replayed = lsn;
    return lsn === null ? null : this.replayed;
  }

  /**
   * The connection a read that carries `after` (its writer's position) uses: the replica once it has replayed that
   * position, asked again after 1, 2, 4… ms within `waitMs`; else the primary (counted as moved for lag).
   */
  async readerFor(after: bigint): Promise<Db> {
    if (after <= this.replayed) return this.replica;
    // Resting after it was found away: the primary, without asking it.
    if (fallbackOf(this.replica)!.resting()) return this.primary;
    // A position the primary never wrote (forged, or from another cluster) would only make the read wait: ignored.
    if (!(await this.wasWritten(after))) return this.replica;
    const started = performance.now();
    let pause = 1;
    try {
      for (;;) {
        const replayed = await this.replayedNow();
        if (replayed === null) break; // it cannot say what it has of the primary's writes
        if (replayed >= after) {
          this.options.waited?.((performance.now() - started) / 1000);
          return this.replica;
        }
        const left = this.options.waitMs - (performance.now() - started);
        if (left <= 0) break;
        await sleep(Math.min(pause, left));
        pause *= 2;
      }
    } catch (err) {
      // The replica cannot say (away, restarting): the primary answers.
      if (!databaseUnavailable(err)) throw err;
      fallbackOf(this.replica)!.moved('unavailable');
      return this.primary;
    }
    this.options.moved('lag');
    return this.primary;
  }
}
