import type { Logger } from 'pino';

export interface PeriodicJob {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `job` every `intervalMs` in this process (0: never): the first run after `firstDelayMs`, the next
 * `intervalMs` after each run ends, so runs never overlap. A failing run is logged as `what` and the next one
 * still comes. The timer does not keep the process alive.
 */
export function every(
  intervalMs: number,
  firstDelayMs: number,
  what: string,
  log: Logger,
  job: () => Promise<void>,
): PeriodicJob {
  if (intervalMs <= 0) return { stop: async () => undefined };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      running = run();
    }, delay);
    timer.unref();
  };
  const run = async () => {
    try {
      await job();
    } catch (err) {
      log.warn({ err }, `could not ${what}`);
    }
    if (!stopped) schedule(intervalMs);
  };
  schedule(firstDelayMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
