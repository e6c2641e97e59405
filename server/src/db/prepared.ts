import { createHash } from 'node:crypto';
import { Db } from './db';
import { fallbackOf, moveReason } from './replica';

interface PgClient {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

interface KnexClient {
  acquireConnection(): Promise<PgClient>;
  releaseConnection(connection: PgClient): Promise<void>;
}

/** ORMs (their configuration) behind a transaction-mode pooler: their statements go unnamed (decision 076). */
const unnamed = new WeakSet<object>();

/**
 * Sends this ORM's prepared statements unnamed: parsed and planned with each call, as the ORM's own are, because a
 * transaction-mode pooler hands each transaction another server connection, where a name prepared elsewhere is
 * unknown or already taken (pgbouncer 1.18: `prepared statement "axl_…" already exists`).
 */
export function sendUnnamedStatements(config: object): void {
  unnamed.add(config);
}

/**
 * A statement of a hot path (product detail, the cart) that PostgreSQL parses and plans once per connection
 * (a named prepared statement), on the ORM's own pool (decision 020). The ORM inlines parameters and sends each
 * statement as new text, which PostgreSQL plans every time: 0.4 ms of planning for product detail against 0.1 ms
 * of execution. Parameters are `?` as elsewhere (numbered here, so no other `?` may appear in the text); a list
 * is one array parameter (`p.id = any(?::text[])`), never `in (?)`. Inside a transaction on the services' connection
 * (db/db.ts), it runs on that transaction's connection.
 */
export class Prepared<Row> {
  readonly name: string;
  readonly text: string;

  constructor(sql: string) {
    let n = 0;
    this.text = sql.replace(/\?/g, () => `$${++n}`);
    this.name = `axl_${createHash('sha256').update(this.text).digest('hex').slice(0, 24)}`;
  }

  /** The statement's rows; errors are the ORM's own (unique violations and the rest), like `execute`'s. */
  async all(db: Db, params: unknown[]): Promise<Row[]> {
    const connection = Db.connectionOf(db);
    const config = connection.getPlatform().getConfig();
    // Observed like every ORM statement (tests count statements per request).
    config.get('onQuery')(this.text, params);
    // A transaction's client hands out its own connection, and releasing it is a no-op: inside a transaction of
    // `db`, the statement runs in it (db/db.ts).
    const within = Db.transactionOf(db);
    const fallback = fallbackOf(db);
    if (fallback?.resting()) return this.all(fallback.primary, params);
    const client = ((within as { client?: KnexClient } | undefined)?.client ??
      connection.getKnex().client) as KnexClient;
    let failure: unknown;
    try {
      const pg = await client.acquireConnection();
      try {
        const { rows } = await pg.query(
          unnamed.has(config)
            ? { text: this.text, values: params }
            : { name: this.name, text: this.text, values: params },
        );
        return rows as Row[];
      } catch (err) {
        throw connection
          .getPlatform()
          .getExceptionConverter()
          .convertException(err as Error);
      } finally {
        await client.releaseConnection(pg);
      }
    } catch (err) {
      failure = err;
    }
    // On the replica's connection, a statement cancelled by recovery or meeting the replica away runs on the primary.
    const reason = fallback && moveReason(failure);
    if (!reason) throw failure;
    fallback.moved(reason);
    return this.all(fallback.primary, params);
  }
}

const statements = new Map<string, Prepared<unknown>>();

/** The prepared statement for `sql` (one per text: statements built from a few variants share theirs). */
export function prepared<Row>(sql: string): Prepared<Row> {
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = new Prepared(sql)));
  return statement as Prepared<Row>;
}
