import session, { type SessionData } from 'express-session';
import type { MikroORM } from '@mikro-orm/postgresql';
import { detachedDb, type Db } from '../../db/db';
import { Prepared } from '../../db/prepared';
import { oncePerFleet } from '../events';

type Callback = (err?: unknown) => void;

/**
 * Other tables a module keeps short-lived rows in (the auth module's rate limits and sign-in throttle), pruned on
 * the sessions' schedule. They are handed in by the wiring (app.ts), so the session module imports none of them.
 */
export type PruneTask = (db: Db) => Promise<void>;

const TOUCH_SLACK_MS = 60_000;
const READ_SESSION = new Prepared<{ sess: SessionData; expire: Date }>(
  'select sess, expire from session where sid = ? and expire > now()',
);
const REMEMBERED_SESSIONS = 10_000;

/**
 * express-session store on the `session` table, through the ORM's connection pool (no second pool).
 * Expired rows are never returned and are pruned in the background.
 */
export class PgSessionStore extends session.Store {
  private pruneTimer?: NodeJS.Timeout;
  /**
   * The expiry each recently read session has in the table (this process's view): touching a session whose
   * expiry moved by less than TOUCH_SLACK_MS needs no statement at all. Only an optimisation: another process
   * may have moved it further, and a missing entry just means one conditional update.
   */
  private readonly storedExpiry = new Map<string, number>();

  constructor(
    private readonly orm: MikroORM,
    private readonly ttlMs: number,
    pruneEveryMs = 15 * 60_000,
    private readonly alsoPrune: readonly PruneTask[] = [],
  ) {
    super();
    if (pruneEveryMs > 0) {
      // One process of the fleet prunes per interval (every process keeps the timer).
      const prune = oncePerFleet(this.db, 'session-prune', pruneEveryMs, () => this.prune());
      this.pruneTimer = setInterval(() => void prune().catch(() => undefined), pruneEveryMs);
      this.pruneTimer.unref();
    }
  }

  /** Sessions are the store's own: never in a service's transaction (as express-session saves them later). */
  private get db(): Db {
    return (this.detached ??= detachedDb(this.orm));
  }
  private detached?: Db;

  private expiry(sess: SessionData): Date {
    const expires = sess.cookie?.expires;
    return expires ? new Date(expires) : new Date(Date.now() + this.ttlMs);
  }

  override get(sid: string, cb: (err: unknown, session?: SessionData | null) => void): void {
    READ_SESSION.all(this.db, [sid]).then(
      (rows) => {
        if (rows[0]) this.remember(sid, new Date(rows[0].expire).getTime());
        cb(null, rows[0]?.sess ?? null);
      },
      (err) => cb(err),
    );
  }

  override set(sid: string, sess: SessionData, cb?: Callback): void {
    this.db
      .execute(
        `insert into session (sid, sess, expire) values (?, ?::jsonb, ?)
         on conflict (sid) do update set sess = excluded.sess, expire = excluded.expire`,
        [sid, JSON.stringify(sess), this.expiry(sess)],
      )
      .then(
        () => {
          this.remember(sid, this.expiry(sess).getTime());
          cb?.();
        },
        (err) => cb?.(err),
      );
  }

  /**
   * Slides the expiry; a move of less than a minute is not written (most requests then cost no statement,
   * and no commit wait).
   */
  override touch(sid: string, sess: SessionData, cb?: Callback): void {
    const expire = this.expiry(sess);
    const stored = this.storedExpiry.get(sid);
    if (stored !== undefined && expire.getTime() - stored < TOUCH_SLACK_MS) return void cb?.();
    this.db
      .execute(
        `update session set expire = ? where sid = ? and expire < ?::timestamptz - interval '1 minute'`,
        [expire, sid, expire],
      )
      .then(
        () => {
          this.remember(sid, expire.getTime());
          cb?.();
        },
        (err) => cb?.(err),
      );
  }

  private remember(sid: string, expire: number): void {
    this.storedExpiry.delete(sid);
    this.storedExpiry.set(sid, expire);
    if (this.storedExpiry.size > REMEMBERED_SESSIONS) {
      this.storedExpiry.delete(this.storedExpiry.keys().next().value!);
    }
  }

  override destroy(sid: string, cb?: Callback): void {
    this.storedExpiry.delete(sid);
    this.db.execute('delete from session where sid = ?', [sid]).then(
      () => cb?.(),
      (err) => cb?.(err),
    );
  }

  async prune(): Promise<void> {
    await this.db.execute('delete from session where expire <= now()');
    // In the order given: a failing task ends this run, and the next run starts again from the sessions.
    for (const task of this.alsoPrune) await task(this.db);
  }

  close(): void {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
  }
}
