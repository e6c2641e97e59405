/**
 * A per-process cache of search answers (without their attribution token), with a time to live and a bound
 * on entries (least recently used out first). Identical requests arriving while one is computed wait for it
 * instead of running the same statement again. Typeahead is where it pays: the short prefixes everyone types
 * ("li", "ne") match most of the catalogue and cost the most, and they are also the most repeated.
 * Answers hold no prices or stock, so a catalogue change shows within the time to live (docs/decisions/008).
 */
export class AnswerCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();
  private readonly pending = new Map<string, Promise<T>>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      // Re-insert so Map order is least recently used first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const running = this.pending.get(key);
    if (running) return running;
    const promise = compute().then(
      (value) => {
        this.pending.delete(key);
        this.entries.delete(key);
        this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
        while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        return value;
      },
      (err: unknown) => {
        this.pending.delete(key);
        throw err;
      },
    );
    this.pending.set(key, promise);
    return promise;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Polls the search index version (one indexed read every `intervalMs`) and clears `cache` when a rebuild in
 * any process raised it, so cached answers never outlive the catalogue they came from by more than that.
 */
export function watchIndexVersion(
  cache: { clear(): void },
  read: () => Promise<string | null>,
  onError: (err: unknown) => void,
  intervalMs = 5000,
): { stop(): void; check(): Promise<void> } {
  let seen: string | null | undefined;
  const check = async () => {
    try {
      const version = await read();
      if (seen !== undefined && version !== seen) cache.clear();
      seen = version;
    } catch (err) {
      onError(err);
    }
  };
  void check();
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), check };
}
