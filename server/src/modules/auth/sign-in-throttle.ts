import type { Db } from '../../context';

/**
 * Sign-in failures (decision 027): counted where a password is checked, so every way in (REST, the form-encoded
 * session client, GraphQL with aliases or fragments) counts the same.
 * - Per account and address: after 5 failures within 15 minutes, refused for 30 s, doubling with each further
 *   failure up to 15 minutes. A victim signing in from another address is not held back by an attacker's.
 * - Per address, over all accounts: 100 failures within 15 minutes (a company behind one address must not be
 *   locked out by one colleague), then refused until the window ends.
 * - A success does not count: it gives back its reservation, and clears its account's failures from that address.
 * An attempt reserves its failure before the password is checked (rows locked), so parallel requests cannot
 * each get a guess in before the first failure is recorded.
 */
export const SIGN_IN_THROTTLE = {
  perAccountAndAddress: 5,
  perAddress: 100,
  windowMs: 15 * 60_000,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
} as const;

interface Row {
  key: string;
  failures: number;
  firstAt: Date;
  lastAt: Date;
}

/** How long the pair (account, address) is refused after `failures` failures, the last at `lastAt`. */
export function refusedUntil(failures: number, lastAt: Date): number {
  if (failures < SIGN_IN_THROTTLE.perAccountAndAddress) return 0;
  const doublings = failures - SIGN_IN_THROTTLE.perAccountAndAddress;
  const delay = Math.min(
    SIGN_IN_THROTTLE.firstDelayMs * 2 ** Math.min(doublings, 20),
    SIGN_IN_THROTTLE.maxDelayMs,
  );
  return lastAt.getTime() + delay;
}

export interface Reservation {
  /** The password was right: the attempt does not count, and the pair's failures are cleared. */
  succeeded(): Promise<void>;
}

/**
 * Reserves one failure for (email, ip), or answers how many seconds the caller must wait. The reservation stands
 * as a failure unless `succeeded()` is called.
 */
export async function reserveSignIn(
  db: Db,
  email: string,
  ip: string,
): Promise<{ retryAfterSeconds: number } | Reservation> {
  const pair = `signin:${email}|${ip}`;
  const address = `signin-ip:${ip}`;
  const windowMs = SIGN_IN_THROTTLE.windowMs;
  const refusal = await db.transactional(async () => {
    await db.execute(
      `insert into sign_in_throttle (key, failures, first_at, last_at) values (?, 0, now(), now()), (?, 0, now(), now())
       on conflict (key) do nothing`,
      [pair, address],
      'run',
    );
    const rows = await db.execute<Row[]>(
      `select key, case when first_at < now() - make_interval(secs => ?) then 0 else failures end as failures,
         first_at as "firstAt", last_at as "lastAt"
       from sign_in_throttle where key in (?, ?) order by key for update`,
      [windowMs / 1000, pair, address],
      'all',
    );
    const now = Date.now();
    const ofPair = rows.find((r) => r.key === pair)!;
    const ofAddress = rows.find((r) => r.key === address)!;
    const waits = [refusedUntil(ofPair.failures, new Date(ofPair.lastAt)) - now];
    if (ofAddress.failures >= SIGN_IN_THROTTLE.perAddress) {
      waits.push(new Date(ofAddress.firstAt).getTime() + windowMs - now);
    }
    const wait = Math.max(...waits);
    if (wait > 0) return Math.ceil(wait / 1000);
    await db.execute(
      `update sign_in_throttle set
         first_at = case when first_at < now() - make_interval(secs => ?) then now() else first_at end,
         failures = case when first_at < now() - make_interval(secs => ?) then 1 else failures + 1 end,
         last_at = now()
       where key in (?, ?)`,
      [windowMs / 1000, windowMs / 1000, pair, address],
      'run',
    );
    return 0;
  });
  if (refusal > 0) return { retryAfterSeconds: refusal };
  return {
    async succeeded() {
      await db.execute(
        `update sign_in_throttle set failures = case when key = ? then 0 else greatest(failures - 1, 0) end
         where key in (?, ?)`,
        [pair, pair, address],
      );
    },
  };
}

/** Forgets pairs and addresses quiet for a day (called with the rate limits' pruning). */
export async function pruneSignInThrottle(db: Db): Promise<void> {
  await db.execute(`delete from sign_in_throttle where last_at < now() - interval '1 day'`);
}
