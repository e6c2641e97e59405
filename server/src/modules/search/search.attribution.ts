import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';

declare module '../../context' {
  interface AppServices {
    /** Stores search attribution tokens (batched, shared by the app's requests). */
    attribution: AttributionLog;
  }
}

export interface AttributionRow {
  token: string;
  kind: 'typeahead' | 'search';
  query: string;
  correctedQuery: string | null;
  resultCount: number;
}

/**
 * Stores the attribution token of every search answer without making the shopper wait for a commit: rows are
 * written in one multi-row insert every `flushMs` (or every `maxRows`), and at shutdown. A crash can lose at
 * most the last `flushMs` of tokens; they only attribute later clicks (docs/decisions/008).
 */
export class AttributionLog {
  private rows: AttributionRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly orm: MikroORM,
    private readonly log: Logger,
    private readonly flushMs = 250,
    private readonly maxRows = 500,
  ) {}

  record(row: AttributionRow): void {
    this.rows.push(row);
    if (this.rows.length >= this.maxRows) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  /** Writes what is queued; resolves once every row recorded before the call is stored. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.rows;
    this.rows = [];
    if (rows.length > 0) {
      this.writing = this.writing.then(() => this.write(rows));
    }
    return this.writing;
  }

  private async write(rows: AttributionRow[]): Promise<void> {
    try {
      await this.orm.em.getConnection().execute(
        `insert into search_attribution (token, kind, query, corrected_query, result_count)
         select * from unnest(array[?]::uuid[], array[?]::text[], array[?]::text[], array[?]::text[], array[?]::int[])
         on conflict (token) do nothing`,
        [
          rows.map((r) => r.token),
          rows.map((r) => r.kind),
          rows.map((r) => r.query),
          rows.map((r) => r.correctedQuery),
          rows.map((r) => r.resultCount),
        ],
      );
    } catch (err) {
      this.log.error({ err, rows: rows.length }, 'search attribution tokens could not be stored');
    }
  }
}
