/**
 * Reference data read by most requests and changed only by migrations and seeds (sites, the category tree):
 * loaded at most once per `ttlMs` per process, the load shared by the requests that wait for it. A failed load
 * is retried by the next request.
 */
export class ReferenceCache<T> {
  private loaded: { at: number; value: Promise<T> } | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
  ) {}

  get(): Promise<T> {
    const now = Date.now();
    if (!this.loaded || now - this.loaded.at > this.ttlMs) {
      const value = this.load();
      this.loaded = { at: now, value };
      value.catch(() => {
        if (this.loaded?.value === value) this.loaded = null;
      });
    }
    return this.loaded.value;
  }

  clear(): void {
    this.loaded = null;
  }
}
