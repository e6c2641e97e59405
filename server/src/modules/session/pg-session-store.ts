import session, { type SessionData } from 'express-session';
import type { MikroORM } from '@mikro-orm/postgresql';

type Callback = (err?: unknown) => void;

/**
 * express-session store on the `session` table, through the ORM's connection pool (no second pool).
 * Expired rows are never returned and are pruned in the background.
 */
export class PgSessionStore extends session.Store {
  private pruneTimer?: NodeJS.Timeout;

  constructor(
    private readonly orm: MikroORM,
    private readonly ttlMs: number,
    pruneEveryMs = 15 * 60_000,
  ) {
    super();
    if (pruneEveryMs > 0) {
      this.pruneTimer = setInterval(() => void this.prune().catch(() => undefined), pruneEveryMs);
      this.pruneTimer.unref();
    }
  }

  private get db() {
    return this.orm.em.getConnection();
  }

  private expiry(sess: SessionData): Date {
    const expires = sess.cookie?.expires;
    return expires ? new Date(expires) : new Date(Date.now() + this.ttlMs);
  }

  override get(sid: string, cb: (err: unknown, session?: SessionData | null) => void): void {
    this.db
      .execute<{ sess: SessionData }[]>('select sess from session where sid = ? and expire > now()', [sid])
      .then(
        (rows) => cb(null, rows[0]?.sess ?? null),
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
        () => cb?.(),
        (err) => cb?.(err),
      );
  }

  override touch(sid: string, sess: SessionData, cb?: Callback): void {
    this.db.execute('update session set expire = ? where sid = ?', [this.expiry(sess), sid]).then(
      () => cb?.(),
      (err) => cb?.(err),
    );
  }

  override destroy(sid: string, cb?: Callback): void {
    this.db.execute('delete from session where sid = ?', [sid]).then(
      () => cb?.(),
      (err) => cb?.(err),
    );
  }

  async prune(): Promise<void> {
    await this.db.execute('delete from session where expire <= now()');
  }

  close(): void {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
  }
}
