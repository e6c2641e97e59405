import { localeOfCookies } from '../../domain/cookies';
import type { Locale } from '../../domain/constants';
import type { EntityManager } from '@mikro-orm/postgresql';

/** The shared SQL connection of the app's ORM. */
export type SqlConnection = ReturnType<EntityManager['getConnection']>;
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { DEFAULT_SITE_ID, SITE_IDS, type SiteId } from '../../domain/constants';
import type { UnpaidOrderPolicy } from '../../domain/checkout';
import { AppError } from './common/errors';
import type { ReferenceCache } from './common/reference-cache';
import { CatalogLoaders, type CategoryTree } from './modules/catalog/catalog.loaders';
import type { SessionUser } from './modules/account/account.service';
import type { ApiCaller } from './modules/auth/api-tokens';
import type { AuthCookies } from './modules/auth/session-auth';
import type { AttributionLog } from './modules/search/search.attribution';
import type { AnswerCache } from './modules/search/search.cache';
import type { Found } from './modules/search/search.service';
import type { TestPaymentProvider } from './modules/payment/payment.provider';
import type { SiteDirectory } from './modules/site/site.directory';

/** Everything a resolver, route or service needs about the current request. */
export interface Ctx {
  /** The request's unit of work (forked on first use); plain SQL reads use `db`. */
  em: EntityManager;
  /** The shared connection, for plain SQL (no unit of work needed). */
  db: SqlConnection;
  /**
   * Catalogue, search and reporting reads: the replica (DATABASE_READ_URL) when there is one, except in a
   * request that writes (mutations, and REST calls other than GET and the read-only POSTs), which stays on the
   * primary so it reads its own writes.
   */
  readonly readDb: SqlConnection;
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
  catalog: CatalogLoaders;
  /** Stores search attribution tokens (batched, shared by the app's requests). */
  attribution: AttributionLog;
  /** Cookie settings for sign-in and sign-out, and the public address for e-mailed links. */
  auth: { cookies: AuthCookies; publicUrl: string; tokenSecret: Buffer };
  /** Set when the request authenticated with a partner API token (Authorization: Bearer). */
  apiCaller: ApiCaller | null;
  /** The signed-in user (loaded from the session on every request), or null. */
  user: SessionUser | null;
  /** Recent search answers (per process). */
  searchCache: AnswerCache<Found>;
  /** The payment processor (the built-in test provider). */
  payments: TestPaymentProvider;
  /** When unpaid orders are reminded and cancelled. */
  unpaidOrders: UnpaidOrderPolicy;
  /** The spec's consent test flag (CONSENT_REGION_DEFAULTS). */
  consentRegionDefaults: boolean;
  /** The sites (name, currency, logo, price list), cached per process. */
  sites: SiteDirectory;
  /** The category tree cached per process, or null (catalogue caches off: read per request). */
  categoryTrees: ReferenceCache<CategoryTree> | null;
}

/** What the app shares with every request's context. */
export interface AppShared {
  introspection: boolean;
  attribution: AttributionLog;
  searchCache: AnswerCache<Found>;
  db: SqlConnection;
  /** The replica's connection, or the primary's when there is no replica. */
  readDb: SqlConnection;
  auth: Ctx['auth'];
  payments: TestPaymentProvider;
  unpaidOrders: UnpaidOrderPolicy;
  siteHosts: Readonly<Record<string, SiteId>>;
  consentRegionDefaults: boolean;
  sites: SiteDirectory;
  categoryTrees: ReferenceCache<CategoryTree> | null;
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
  forkEm: () => EntityManager;
  forkedEm?: EntityManager;
  replicaDb: SqlConnection;
}

/**
 * The context's computed members, on its prototype: Apollo copies a context's own properties for each operation,
 * which would run own getters — fork an entity manager nobody uses, fix `readDb` before a mutation sets
 * `writes`, and make a child logger for a request that logs nothing.
 */
const computedMembers = Object.create(Object.prototype, {
  em: {
    get(this: Ctx & LazyState) {
      return (this.forkedEm ??= this.forkEm());
    },
  },
  readDb: {
    get(this: Ctx & LazyState) {
      return this.writes ? this.db : this.replicaDb;
    },
  },
  // Read through: `req.log` makes the request's child logger on first use, and most requests never log.
  log: {
    get(this: Ctx) {
      return this.req.log;
    },
  },
}) as object;

/** `fork` makes the request's entity manager, on first use (most reads run plain SQL and never need one). */
export function createCtx(req: Request, res: Response, fork: () => EntityManager, shared: AppShared): Ctx {
  const state: LazyState = { forkEm: fork, replicaDb: shared.readDb };
  const ctx = Object.assign(Object.create(computedMembers) as Ctx, state, {
    db: shared.db,
    writes:
      req.method !== 'GET' && req.method !== 'HEAD' && !READ_ONLY_POSTS.has(req.originalUrl.split('?')[0]!),
    req,
    res,
    requestId: String(req.id),
    site: resolveSite(req, shared.siteHosts),
    locale: localeOfCookies(req.headers.cookie),
    canIntrospect: shared.introspection,
    attribution: shared.attribution,
    searchCache: shared.searchCache,
    payments: shared.payments,
    unpaidOrders: shared.unpaidOrders,
    consentRegionDefaults: shared.consentRegionDefaults,
    sites: shared.sites,
    categoryTrees: shared.categoryTrees,
    auth: shared.auth,
    user: null,
    apiCaller: null,
  } satisfies Omit<Ctx, 'em' | 'readDb' | 'log' | 'catalog'>);
  ctx.catalog = new CatalogLoaders(ctx);
  return ctx;
}
