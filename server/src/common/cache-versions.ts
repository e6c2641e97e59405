import type { Db } from '../db/db';

/*
 * Cross-process invalidation (issue 55, item 5; decision 078). A process keeps some data in memory that staff
 * change on another process (the sites: names, legal identity, price list; the category tree; search answers). Each
 * such cache has a version row, raised in the same transaction as the change; every process reads all the versions
 * in one statement every CACHE_POLL_MS (250 ms by default) and drops the caches whose version moved. A polled read,
 * not LISTEN/NOTIFY: it works through a transaction-mode pooler (decision 076) and needs no connection of its own,
 * and a process that was away (a PostgreSQL restart, a pause) sees every change it missed at its next poll.
 */

/**
 * CACHE_POLL_MS's default: a change is seen by every process within this and one statement (30 µs at the median,
 * 0.1–0.2 ms on average on a loaded 2-core machine), so the 1 s holds even if the statement took 700 ms.
 */
export const CACHE_POLL_MS_DEFAULT = 250;

/** The per-process caches with a version of their own (the search answers keep the search index's version). */
export const CACHE_NAMES = ['sites', 'promotions'] as const;
export type CacheName = (typeof CACHE_NAMES)[number];

/** The versions of the named caches (cache-version.entity.ts): a scan of a few rows. */
export const CACHE_VERSIONS_SQL = 'select name, version::text as version from cache_version';

/**
 * Raises `name`'s version in the caller's transaction: every process drops that cache at its next poll after the
 * commit (never before, and never with the change rolled back). The row is locked to the commit, so two changes of
 * the same cache queue behind each other; they are console edits, a few a day.
 */
export async function bumpCacheVersion(db: Db, name: CacheName): Promise<void> {
  await db.execute(
    `insert into cache_version (name, version) values (?, 1)
     on conflict (name) do update set version = cache_version.version + 1`,
    [name],
    'run',
  );
}

export interface CacheWatch {
  /** One poll now (the timer's, or a test's): drops the caches whose version moved since the last one. */
  check(): Promise<void>;
  /** Stops the timer and waits for a poll in progress. */
  stop(): Promise<void>;
}

/**
 * Reads the versions (`read`: name → version) every `intervalMs` (0: only when `check()` is called) and calls the
 * `drop` of each cache whose version moved, appeared or went away since the previous read; the first read only
 * records them. The next poll starts `intervalMs` after one ends, so a slow statement never piles up behind
 * itself. A failing read is reported once until one succeeds again (a database outage would otherwise log four
 * lines a second per process); the versions missed meanwhile are seen by the first read that succeeds. The timer
 * does not keep the process alive.
 */
export function watchCacheVersions(
  read: () => Promise<ReadonlyMap<string, string>>,
  drop: Readonly<Record<string, () => void>>,
  report: { failed(err: unknown): void; recovered(): void },
  intervalMs: number,
): CacheWatch {
  let seen: ReadonlyMap<string, string> | null = null;
  let failing = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const poll = async () => {
    let versions: ReadonlyMap<string, string>;
    try {
      versions = await read();
    } catch (err) {
      if (!failing) report.failed(err);
      failing = true;
      return;
    }
    if (failing) report.recovered();
    failing = false;
    const before = seen;
    seen = versions;
    if (!before) return;
    for (const [name, dropCache] of Object.entries(drop)) {
      if (versions.get(name) !== before.get(name)) dropCache();
    }
  };
  // Polls do not overlap: a check asked while one runs waits for it, then reads again.
  const check = async (): Promise<void> => {
    while (running) await running;
    running = poll().finally(() => (running = null));
    await running;
  };
  const schedule = () => {
    if (stopped || intervalMs <= 0) return;
    timer = setTimeout(() => void check().catch(report.failed).finally(schedule), intervalMs);
    timer.unref();
  };
  schedule();
  return {
    check,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      while (running) await running;
    },
  };
}
