import type { Db } from '../../context';

export interface Limit {
  /** What is counted, e.g. `signin:ip:203.0.113.9`. */
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters in PostgreSQL, so every process of the store counts the same attempts. `hit` counts one
 * and answers whether the caller is still under the limit, with the seconds until the window ends. (Sign-in has
 * its own throttle: sign-in-throttle.ts.)
 */
export async function hit(db: Db, limit: Limit): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowStart = new Date(Math.floor(Date.now() / limit.windowMs) * limit.windowMs);
  const [row] = await db.execute<{ count: number }[]>(
    `insert into rate_limit (key, window_start, count) values (?, ?, ?)
     on conflict (key, window_start) do update set count = rate_limit.count + excluded.count
     returning count`,
    [limit.key, windowStart, 1],
  );
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + limit.windowMs - Date.now()) / 1000);
  return { allowed: (row?.count ?? 0) <= limit.max, retryAfterSeconds };
}

/** Whether the caller is still under the limit, counting nothing (a check before an attempt that `hit` counts). */
export async function peek(db: Db, limit: Limit): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowStart = new Date(Math.floor(Date.now() / limit.windowMs) * limit.windowMs);
  const [row] = await db.execute<{ count: number }[]>(
    'select count from rate_limit where key = ? and window_start = ?',
    [limit.key, windowStart],
  );
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + limit.windowMs - Date.now()) / 1000);
  return { allowed: (row?.count ?? 0) < limit.max, retryAfterSeconds };
}

/** Forgets counters whose window ended (called from the session pruning timer). */
export async function pruneRateLimits(db: Db, olderThanMs = 24 * 3600_000): Promise<void> {
  await db.execute('delete from rate_limit where window_start < ?', [new Date(Date.now() - olderThanMs)]);
}
