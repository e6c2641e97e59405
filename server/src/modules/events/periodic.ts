import type { Db } from '../../context';

/**
 * A run claimed this early before the interval ends still counts as due: each process's timer runs `intervalMs`
 * after its previous run ended, a little later than the claim's deadline, so the process that ran last can claim
 * again on time.
 */
const SLACK = 0.1;

/**
 * Claims the run of `name` due now for the fleet (one statement): true for the one process that claims it, false for
 * every other until `intervalMs` has passed.
 */
export async function claimRun(db: Db, name: string, intervalMs: number): Promise<boolean> {
  const rows = await db.execute<{ name: string }[]>(
    `insert into periodic_run (name, next_run_at, last_claimed_at)
     values (?, now() + make_interval(secs => ?), now())
     on conflict (name) do update set next_run_at = excluded.next_run_at, last_claimed_at = now()
       where periodic_run.next_run_at <= now()
     returning name`,
    [name, (intervalMs * (1 - SLACK)) / 1000],
  );
  return rows.length === 1;
}

/**
 * `job`, run only by the process that claims the interval's run (issue 55, item 4): every process's timer keeps
 * ticking, so the job still runs when one process stops, and once per interval however many there are.
 */
export function oncePerFleet(
  db: Db,
  name: string,
  intervalMs: number,
  job: () => Promise<void>,
): () => Promise<void> {
  return async () => {
    if (await claimRun(db, name, intervalMs)) await job();
  };
}
