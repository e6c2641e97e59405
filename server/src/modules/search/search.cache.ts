/** How long after a catalogue change an answer computed before it may still be served while it is recomputed. */
export const STALE_WINDOW_MS = 60_000;
/**
 * Background recomputations a process runs at once. Shoppers answered with a stale answer do not wait for them,
 * so nothing else holds them back: without a bound, every key asked after a change would start one at once (and
 * again at the next change, before the last had finished), queueing more database work than it can do.
 */
export const MAX_BACKGROUND_REFRESHES = 4;

/**
 * A per-process cache of search answers (without their attribution token), with a time to live and a bound
 * on entries (least recently used out first). Identical requests arriving while one is computed wait for it
 * instead of running the same statement again. Typeahead is where it pays: the short prefixes everyone types
 * ("li", "ne") match most of the catalogue and cost the most, and they are also the most repeated.
 *
 * A catalogue change (`invalidate`, from the index version) makes every answer stale. Within `staleWindowMs` of
 * the change, a stale answer is served once more while one recomputation runs in the background, and requests
 * after that get the new answer; later, a stale answer is recomputed before it is served. So the broad words a
 * cold cache pays most for are not paid by shoppers at every stock change (decision 008). An answer whose
 * computation began before a change is kept as stale, never as current. Background recomputations run one a key
 * and `maxRefreshes` in all; a stale answer whose turn has not come is served as it is until a later request.
 */
export class AnswerCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number; generation: number }>();
  private readonly pending = new Map<string, { promise: Promise<T>; generation: number }>();
  /** Raised by each catalogue change: an entry of an older generation is stale. */
  private generation = 0;
  private changedAt = -Infinity;
  /** Answers computed in a generation below this one were cleared (`clear`): never kept, not even as stale. */
  private floor = 0;
  private refreshing = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly staleWindowMs = STALE_WINDOW_MS,
    private readonly now: () => number = Date.now,
    private readonly maxRefreshes = MAX_BACKGROUND_REFRESHES,
  ) {}

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      const current = hit.generation === this.generation;
      if (current || now - this.changedAt < this.staleWindowMs) {
        // Re-insert so Map order is least recently used first.
        this.entries.delete(key);
        this.entries.set(key, hit);
        if (!current) this.refreshInBackground(key, compute);
        return hit.value;
      }
    }
    return this.compute(key, compute);
  }

  /** The catalogue changed: every answer cached so far is stale. */
  invalidate(): void {
    this.generation++;
    this.changedAt = this.now();
  }

  /**
   * What a site shows changed (its catalogue visibility): every answer is forgotten, none served again even once
   * while it is recomputed, and none whose computation began before is kept.
   */
  clear(): void {
    this.generation++;
    this.floor = this.generation;
    this.entries.clear();
  }

  /**
   * The shopper who sees a stale answer has been answered: its recomputation waits for nobody. One a key (even of
   * an older generation: its answer is kept, stale, and the next request starts the next one) and a few in all.
   * A failed one is tried again at a later request.
   */
  private refreshInBackground(key: string, compute: () => Promise<T>): void {
    if (this.pending.has(key) || this.refreshing >= this.maxRefreshes) return;
    this.refreshing++;
    this.compute(key, compute)
      .catch(() => undefined)
      .finally(() => this.refreshing--);
  }

  /** One computation a key and generation; its answer is kept with the generation it began in. */
  private compute(key: string, compute: () => Promise<T>): Promise<T> {
    const running = this.pending.get(key);
    if (running?.generation === this.generation) return running.promise;
    const generation = this.generation;
    const settle = () => {
      if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
    };
    const promise = compute().then(
      (value) => {
        settle();
        this.store(key, value, generation);
        return value;
      },
      (err: unknown) => {
        settle();
        throw err;
      },
    );
    this.pending.set(key, { promise, generation });
    return promise;
  }

  private store(key: string, value: T, generation: number): void {
    if (generation < this.floor) return; // computed before a clear
    if ((this.entries.get(key)?.generation ?? -1) > generation) return; // a newer answer is already there
    this.entries.delete(key);
    this.entries.set(key, { value, generation, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
