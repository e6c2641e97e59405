import { localeOfCookies } from '../../domain/cookies';
import type { Locale } from '../../domain/constants';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { DEFAULT_SITE_ID, SITE_IDS, type SiteId } from '../../domain/constants';
import { AppError } from './common/errors';
import type { Db } from './db/db';

export type { Db } from './db/db';

/**
 * The app's process-wide objects (caches, directories, the payment processor, settings), one per process and
 * shared by every request as `ctx.app`. Each module declares the members it owns (declaration merging), so this
 * file names no module:
 *
 *   declare module '../../context' {
 *     interface AppServices {
 *       payments: TestPaymentProvider;
 *     }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AppServices {}

/**
 * Everything a resolver, route or service needs about the current request. Request state a module owns (the
 * signed-in user, the partner's key, the catalogue's per-request loaders) is declared on `Ctx` by that module, as
 * `AppServices` members are.
 */
export interface Ctx {
  /** The services' connection: inside `db.transactional(…)` every statement runs in it (db/db.ts). */
  db: Db;
  /**
   * Catalogue, search and reporting reads: the replica (DATABASE_READ_URL) when there is one, except in a
   * request that writes (mutations, and REST calls other than GET and the read-only POSTs), which stays on the
   * primary so it reads its own writes, and in a read whose caller wrote at a position the replica has not replayed
   * yet (read-your-writes.ts).
   */
  readonly readDb: Db;
  /** Set for requests that write: every read then goes to the primary. */
  writes: boolean;
  req: Request;
  res: Response;
  /** The request's logger (`req.log`, made on first use). */
  readonly log: Logger;
  requestId: string;
  site: SiteId;
  /** The shopper's language (the locale cookie): the catalogue's translated names (decision 034). */
  locale: Locale;
  /** Partners and staff may introspect the GraphQL schema outside development (auth issue grants it). */
  canIntrospect: boolean;
  /** The process-wide objects. */
  app: AppServices;
}

/** What the app shares with every request's context. */
export interface AppShared {
  introspection: boolean;
  db: Db;
  /** The replica's connection, or the primary's when there is no replica. */
  readDb: Db;
  siteHosts: Readonly<Record<string, SiteId>>;
  app: AppServices;
  /** Sets the request state the modules keep on a new context (their per-request members). */
  begin(ctx: Ctx): void;
}

export const SITE_HEADER = 'x-site-id';

const isSiteId = (raw: string): raw is SiteId => (SITE_IDS as readonly string[]).includes(raw);

/**
 * The site of a request (decision 017): the `x-site-id` header (partners, tests), else the host name — listed in
 * SITE_HOSTS, or whose first label is a site id (`pay-ca.axisline.example`) — else the store's own. An unknown
 * id in the header is refused; an unknown host is the default site.
 */
export function resolveSite(req: Request, siteHosts: Readonly<Record<string, SiteId>> = {}): SiteId {
  const raw = req.get(SITE_HEADER)?.trim().toLowerCase();
  if (raw) {
    if (isSiteId(raw)) return raw;
    throw new AppError(
      'BAD_REQUEST',
      `Unknown site "${raw}" in ${SITE_HEADER}: use one of ${SITE_IDS.join(', ')}`,
    );
  }
  const host = (req.hostname ?? '').toLowerCase();
  const listed = siteHosts[host];
  if (listed) return listed;
  const first = host.split('.')[0] ?? '';
  return host.includes('.') && isSiteId(first) ? first : DEFAULT_SITE_ID;
}

/** REST calls that read with POST (bodies too large or structured for a query string); GraphQL decides per operation. */
const READ_ONLY_POSTS = new Set([
  '/graphql',
  '/api/search',
  '/api/search/typeAhead',
  '/api/products/category/search',
  '/api/products/customer-pricing',
  '/api/product/get-product-detail-by-id',
  '/api/product/get-product-detail-by-multi-id',
]);

interface LazyState {
  replicaDb: Db;
  /** Shared by the copies Apollo makes of the context, so the request sees what an operation marked. */
  flags: { writes: boolean };
}

/**
 * The context's computed members, on its prototype: Apollo copies a context's own properties for each operation,
 * which would run own getters — fix `readDb` before a mutation sets `writes`, and make a child logger for a request
 * that logs nothing. `writes` lives in an object the copies share: the request (read-your-writes.ts) sees that an
 * operation wrote.
 */
const computedMembers = Object.create(Object.prototype, {
  readDb: {
    get(this: Ctx & LazyState) {
      return this.flags.writes ? this.db : this.replicaDb;
    },
  },
  writes: {
    get(this: LazyState) {
      return this.flags.writes;
    },
    set(this: LazyState, writes: boolean) {
      this.flags.writes = writes;
    },
  },
  // Read through: `req.log` makes the request's child logger on first use, and most requests never log.
  log: {
    get(this: Ctx) {
      return this.req.log;
    },
  },
}) as object;

/** Sends the request's reads to `db` (the primary, when the replica has not yet replayed the reader's writes). */
export function readFrom(ctx: Ctx, db: Db): void {
  (ctx as Ctx & LazyState).replicaDb = db;
}

/**
 * The request's context. Services read and write with SQL on `db` (decision 037): the ORM's entities describe the
 * schema (migrations, the drift test) and no request needs a unit of work.
 */
export function createCtx(req: Request, res: Response, shared: AppShared): Ctx {
  const state: LazyState = {
    replicaDb: shared.readDb,
    flags: {
      writes:
        req.method !== 'GET' && req.method !== 'HEAD' && !READ_ONLY_POSTS.has(req.originalUrl.split('?')[0]!),
    },
  };
  const ctx = Object.assign(Object.create(computedMembers) as Ctx, state, {
    db: shared.db,
    req,
    res,
    requestId: String(req.id),
    site: resolveSite(req, shared.siteHosts),
    locale: localeOfCookies(req.headers.cookie),
    canIntrospect: shared.introspection,
    app: shared.app,
  });
  shared.begin(ctx);
  return ctx;
}
