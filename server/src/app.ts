import { siteUrlOf, SiteDirectory, storefrontOf } from './modules/site';
import { detachedDb, servicesDb } from './db/db';
import 'reflect-metadata';
import { expressMiddleware } from '@as-integrations/express5';
import type { MikroORM } from '@mikro-orm/postgresql';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { isShopRoute, ROUTES } from '../../domain/routes';
import { STOREFRONT_COOKIE, type SiteId } from '../../domain/constants';
import { ERP_ACKNOWLEDGE_MINUTES_DEFAULT } from '../../domain/erp';
import { PUNCHOUT_PRICE_DAYS_DEFAULT } from '../../domain/punchout-orders';
import { AppError } from './common/errors';
import { createCtx, resolveSite, type AppServices, type AppShared, type Ctx } from './context';
import { TestPaymentProvider } from './modules/payment';
import { staticFiles } from './static';
import { loadRenderer, pageHtml, pageTemplate, PRE_HYDRATION_GUARD_CSP, sendPage } from './ssr';
import type { GraphQLRequest } from '../../domain/ssr';
import type { GraphQLResponse } from '@apollo/server';
import { AttributionLog, AnswerCache, searchConsumer, type Found } from './modules/search';
import { OutboxSender, onEmailsQueued } from './modules/mail';
import { EventDispatcher, feedConsumer, oncePerFleet, type EventConsumer } from './modules/events';
import {
  syncWebhooksConsumer,
  webhookConsumer,
  WebhookSender,
  type WebhookSenderOptions,
} from './modules/webhooks';
import { SecretBox } from './common/secret-box';
import { randomBytes } from 'node:crypto';
import { createApolloServer, tokenLimit } from './graphql/server';
import { beginRequest, REST_ROUTERS } from './config/manifests';
import { MAIL_LIMITS, checkBeforeClosing, onSignIn } from './modules/account';
import { adoptCartAtSignIn, pruneCartRequests } from './modules/cart';
import { refuseClosingLastAdmin } from './modules/company';
import {
  CSRF_EXEMPT_PATHS,
  tokenSecret,
  pruneRateLimits,
  pruneSignInThrottle,
  SESSION_LIFETIME,
  sessionUser,
  type AuthCookies,
  type SessionLifetime,
} from './modules/auth';
import { quotePdfAttachment, reopenQuoteOfCancelledOrder } from './modules/quote';
import { endIdleSession, punchoutRequest, punchoutRouter } from './modules/punchout';
import { PgSessionStore, lazySession } from './modules/session';
import { punchoutOrderRouter } from './flows/punchout-order.routes';
import { punchoutStatusConsumer, syncPunchoutStatusConsumer } from './modules/punchout';
import { MULTIPART_PATHS } from './rest/multipart';
import { IMPORT_PATHS } from './modules/imports';
import { csrfProtection, CsrfTokens } from './rest/csrf';
import { errorHandler } from './rest/error-handler';
import { nulFieldIn, refuseMalformedPath, refuseNulCharacters } from './rest/bad-input';
import { NUL_CHARACTER_MESSAGE } from '../../domain/constants';
import { metricsMiddleware, mountOps, readMovedToPrimary, replicaWaited, type Readiness } from './ops';
import { ReadRouting, REPLICA_WAIT_MS } from './db/replica';
import { prepared } from './db/prepared';
import { readYourWrites } from './read-your-writes';
import { requestLog } from './request-log';
import { collectorRoutes, EventBudget, EventBuffer } from './modules/analytics';
import { ReferenceCache } from './common/reference-cache';
import { CACHE_POLL_MS_DEFAULT, CACHE_VERSIONS_SQL, watchCacheVersions } from './common/cache-versions';
import { loadCategoryTree } from './modules/catalog';
import { UNPAID_ORDER_DEFAULTS, type UnpaidOrderPolicy } from '../../domain/checkout';
import { DEFAULT_STAFF_DISCOUNT_LIMIT_PCT } from '../../domain/price-approval';
import { every } from './common/periodic';
import { sweepUnpaidOrders, subscribeToOrderStatus, queueStatusNotice } from './modules/order';
import { releaseStockOfCancelledOrder } from './modules/stock';
import { PromotionCatalog, releasePromotionsOfCancelledOrder } from './modules/promotion';
import type { FxRates } from '../../domain/fx';

/**
 * Session cookie name (the spec names no cookie for the server session, so it is ours: see README); behind TLS the
 * `__Host-` prefix pins it to this host, path / and Secure.
 */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-axl.sid' : 'axl.sid');
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
const CATEGORY_TREE_TTL_MS = 60_000;

export interface AppOptions {
  orm: MikroORM;
  log: Logger;
  sessionSecret: string;
  /**
   * SECRETS_KEY: seals the secrets kept for signing (webhooks, decision 068). Required in production; without it
   * (benches) a key for this process only is made, so what it seals does not survive a restart.
   */
  secretsKey?: string;
  /** The webhook sender's resolver, schedule clock and jitter (tests); production rules follow `production`. */
  webhooks?: Omit<WebhookSenderOptions, 'production'>;
  /** Folder of the built client (index.html + assets); when missing, only the API is served. */
  clientDir?: string;
  trustProxy?: boolean;
  /** GraphQL introspection for every caller (development). */
  introspection?: boolean;
  /** Mark cookies Secure (behind TLS). */
  secureCookies?: boolean;
  /** The shop's address as shoppers reach it, for links in e-mails (never taken from the Host header). */
  publicUrl?: string;
  /** SMTP delivery of the outbox (e.g. smtp://user:pass@host:587); without it e-mails stay in the outbox. */
  smtpUrl?: string;
  /** Session lifetime from sign-in (staff, others); default SESSION_LIFETIME. */
  sessionLifetime?: SessionLifetime;
  /** METRICS_TOKEN: /metrics wants it as a bearer token; unset, /metrics is for this machine only (off in production). */
  metricsToken?: string;
  /** NODE_ENV=production. */
  production?: boolean;
  /**
   * How often the events dispatcher polls (events of other processes, retries, the e-mail outbox), in ms (default
   * 2000); it also wakes after a commit that wrote events. 0: it runs only when flushBackground() asks (tests).
   */
  outboxIntervalMs?: number;
  /** In-process consumers of the business events (decision 065), each registered by its name. */
  eventConsumers?: EventConsumer[];
  /** EVENT_RETENTION_DAYS (default 30): the feed consumer removes older events (decision 070). */
  eventRetentionDays?: number;
  /** The event retention's clock (tests move it on instead of waiting). */
  eventsNow?: () => Date;
  mailFrom?: string;
  /** Search answer cache; off unless given (tests see every statement). */
  searchCache?: { ttlMs: number; entries: number };
  /** The read replica (DATABASE_READ_URL) for catalogue, search and reporting reads. */
  replica?: MikroORM;
  /** How long a read waits for the replica to replay its writer's position before using the primary (ms). */
  replicaWaitMs?: number;
  /** Shared with the process's shutdown: /readyz answers 503 once draining. */
  readiness?: Readiness;
  /** Host names of the sites beyond `<site-id>.<domain>` (SITE_HOSTS). */
  siteHosts?: Record<string, SiteId>;
  /** The spec's consent test flag (CONSENT_REGION_DEFAULTS). */
  consentRegionDefaults?: boolean;
  /** Click-stream events one address may send a minute, per process (0 or unset: no limit). */
  collectorEventsPerMinute?: number;
  /** E-mails one address may make the store send an hour (MAIL_LIMIT_PER_IP; MAIL_LIMITS.perIp by default). */
  mailPerIp?: number;
  /** Exchange rates for spending limits across sites (FX_RATES; none by default). */
  fxRates?: FxRates;
  /** How far below the catalogue price CustomerService may price (STAFF_DISCOUNT_LIMIT_PCT; default 15). */
  staffDiscountLimitPct?: number;
  /** When unpaid orders are reminded and cancelled (PAYMENT_REMINDER_MINUTES, UNPAID_ORDER_CANCEL_DAYS). */
  unpaidOrders?: UnpaidOrderPolicy;
  /** ERP_ACKNOWLEDGE_MINUTES (default 30): the console's orders not acknowledged by the ERP (decision 071). */
  erpAcknowledgeMinutes?: number;
  /** PUNCHOUT_PRICE_DAYS (default 30, decision 073). */
  punchoutPriceDays?: number;
  /** How often this process looks for unpaid orders, in ms (default 60000); 0: only when the tests ask. */
  unpaidSweepMs?: number;
  /**
   * CACHE_POLL_MS: how often this process reads the cache versions and drops what another process changed (default
   * CACHE_POLL_MS_DEFAULT, decision 078); 0: only when `checkCaches()` asks (tests, so no poll lands among a
   * request's counted statements).
   */
  cachePollMs?: number;
}

export interface App {
  app: Express;
  /** Writes what background writers hold (search attribution tokens), delivers the due events and e-mails. */
  flushBackground(): Promise<void>;
  /** One pass over unpaid orders now: reminders and cancellations that are due (as the timer does). */
  sweepUnpaid(): Promise<{ reminded: number; cancelled: number }>;
  /** One poll of the cache versions now (as the timer does): drops what changed since the last one. */
  checkCaches(): Promise<void>;
  /** Stops background work (session pruning, Apollo); the caller closes the ORM. */
  close(): Promise<void>;
}

/** GraphQL's own shape for a NUL character anywhere in the request: 400, BAD_USER_INPUT naming the field. */
const graphqlNulCheck: RequestHandler = (req, res, next) => {
  const field = nulFieldIn(req.body) ?? nulFieldIn(req.query);
  if (field === null) return next();
  res.status(400).json({
    errors: [
      {
        message: NUL_CHARACTER_MESSAGE,
        extensions: { code: 'BAD_USER_INPUT', fields: [{ field, message: NUL_CHARACTER_MESSAGE }] },
      },
    ],
  });
};

/**
 * Every cache version in one statement (decision 078), prepared once per connection: 50 µs a poll where the same
 * text planned each time takes 140–230 µs (pgbench, 2 cores under load).
 */
const CACHE_VERSIONS = prepared<{ name: string; version: string }>(
  `select 'search-index' as name, version::text as version from search_index_state where id = 1
   union all ${CACHE_VERSIONS_SQL}`,
);

/** Probes and scrapes: not logged per request. */
const OPS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export async function createApp(options: AppOptions): Promise<App> {
  const { orm, log, sessionSecret } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ? 1 : false);
  app.set('query parser', 'simple');

  app.use(metricsMiddleware());
  app.use(requestLog(log, OPS_PATHS));
  app.use(refuseMalformedPath);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          // The one inline script: server-rendered pages' pre-hydration form guard, by its hash.
          'script-src': ["'self'", PRE_HYDRATION_GUARD_CSP],
          // antd (admin console) injects its CSS-in-JS <style> tags.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'connect-src': ["'self'"],
          'font-src': ["'self'", 'data:'],
          'object-src': ["'none'"],
          'frame-ancestors': ["'none'"],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  mountOps(app, { primary: orm, replica: options.replica }, options.readiness ?? { draining: false }, {
    token: options.metricsToken,
    production: options.production ?? false,
  });

  // The auth module's counters are pruned with the sessions, on the store's timer (the session module is below auth).
  const store = new PgSessionStore(orm, SESSION_TTL_MS, undefined, [
    (db) => pruneRateLimits(db),
    (db) => pruneSignInThrottle(db),
    (db) => pruneCartRequests(db),
  ]);
  const secureCookies = options.secureCookies ?? false;
  const csrfTokens = new CsrfTokens(sessionSecret);
  const cookies: AuthCookies = {
    csrf: csrfTokens,
    secureCookies,
    sessionCookie: sessionCookieName(secureCookies),
    lifetime: options.sessionLifetime ?? SESSION_LIFETIME,
  };
  const apollo = await createApolloServer(options.production);
  const searchCache = new AnswerCache<Found>(
    options.searchCache?.ttlMs ?? 0,
    options.searchCache?.entries ?? 1000,
  );
  // The category tree is cached with the search answers (reference data: migrations and seeds change it, and
  // re-index the catalogue, which drops both).
  const routing = options.replica
    ? new ReadRouting(orm, options.replica, {
        waitMs: options.replicaWaitMs ?? REPLICA_WAIT_MS,
        moved: readMovedToPrimary,
        waited: replicaWaited,
      })
    : null;
  // Services' connection: a statement inside `db.transactional` runs in that transaction (db/db.ts).
  const db = servicesDb(orm);
  // Reads of a request that does not write: the replica, or a primary's connection that never joins the services'
  // transaction (as the replica cannot).
  const readDb = routing?.replica ?? detachedDb(orm);
  const categoryTrees =
    searchCache.ttlMs > 0 ? new ReferenceCache(() => loadCategoryTree(readDb), CATEGORY_TREE_TTL_MS) : null;
  const sites = new SiteDirectory(readDb);
  const promotions = new PromotionCatalog(readDb);
  const outbox = options.smtpUrl
    ? new OutboxSender(
        db,
        log,
        options.smtpUrl,
        options.mailFrom ?? 'Axisline Supply <help@axisline.example>',
        { 'quote-pdf': (ref) => quotePdfAttachment(db, ref) },
      )
    : null;
  if (options.production && !options.secretsKey) throw new Error('SECRETS_KEY is required in production');
  const secretBox = new SecretBox(options.secretsKey ?? randomBytes(32).toString('hex'));
  const production = options.production ?? false;
  // Webhooks (decision 068): an event consumer writes the deliveries, a worker of the same loop sends them.
  const webhookSender = new WebhookSender(db, log, secretBox, {
    publicUrl: options.publicUrl,
    ...options.webhooks,
    production,
  });
  // The one loop after commits (decision 065): events to their consumers, then the e-mail outbox and webhooks.
  const dispatcher = new EventDispatcher(
    db,
    log,
    [
      webhookConsumer(db),
      // Punchout orders' status back to the procurement system (decision 073).
      punchoutStatusConsumer(db, { box: secretBox, log, production }),
      // The event feed (decision 070): positions after commit, and the events' retention.
      feedConsumer(db, { retentionDays: options.eventRetentionDays ?? 30, now: options.eventsNow }),
      // An import's search rows, after its commit (decision 069).
      searchConsumer(db),
      ...(options.eventConsumers ?? []),
    ],
    outbox ? [outbox, webhookSender] : [webhookSender],
    options.outboxIntervalMs || undefined,
  );
  await dispatcher.register();
  // On only while some credential has a status URL (a new consumer is registered on).
  await syncPunchoutStatusConsumer(db);
  await syncWebhooksConsumer(db);
  if (options.outboxIntervalMs !== 0) dispatcher.start();
  // An e-mail leaves as soon as the change that queued it commits, not at the next interval.
  const stopWaking = onEmailsQueued(() => dispatcher.wake());
  // The payment processor keeps its own records: never inside the store's transactions.
  const payments = new TestPaymentProvider(detachedDb(orm));
  // What follows an order's status change, in its transaction (decision 067).
  subscribeToOrderStatus(
    releaseStockOfCancelledOrder,
    releasePromotionsOfCancelledOrder,
    reopenQuoteOfCancelledOrder,
    queueStatusNotice,
  );
  // The account module is below cart and company: what they do at sign-in and at an account's closing is wired here.
  onSignIn(adoptCartAtSignIn);
  checkBeforeClosing(refuseClosingLastAdmin);
  const unpaidOrders = options.unpaidOrders ?? UNPAID_ORDER_DEFAULTS;
  const publicUrl = options.publicUrl ?? 'http://localhost:4000';
  const siteHosts = options.siteHosts ?? {};
  const siteUrl = (site: string) => siteUrlOf(publicUrl, siteHosts, site);
  const sweepUnpaid = () => sweepUnpaidOrders({ db, log, siteUrl, payments, policy: unpaidOrders });
  const sweepMs = options.unpaidSweepMs ?? 60_000;
  // Every process keeps the timer; one of the fleet sweeps per interval (oncePerFleet).
  const unpaidSweep = every(
    sweepMs,
    Math.min(sweepMs, 30_000),
    'look for unpaid orders',
    log,
    oncePerFleet(db, 'unpaid-orders', sweepMs, async () => void (await sweepUnpaid())),
  );
  const services: AppServices = {
    attribution: new AttributionLog(orm, log),
    searchCache,
    categoryTrees,
    auth: {
      cookies,
      publicUrl,
      siteUrl,
      tokenSecret: tokenSecret(sessionSecret),
      mailPerIp: options.mailPerIp ?? MAIL_LIMITS.perIp,
    },
    payments,
    unpaidOrders,
    erpAcknowledgeMinutes: options.erpAcknowledgeMinutes ?? ERP_ACKNOWLEDGE_MINUTES_DEFAULT,
    punchoutPriceDays: options.punchoutPriceDays ?? PUNCHOUT_PRICE_DAYS_DEFAULT,
    consentRegionDefaults: options.consentRegionDefaults ?? false,
    fxRates: options.fxRates ?? {},
    staffDiscountLimitPct: options.staffDiscountLimitPct ?? DEFAULT_STAFF_DISCOUNT_LIMIT_PCT,
    sites,
    promotions,
    webhooks: { box: secretBox, production, now: options.webhooks?.now ?? (() => new Date()) },
  };
  const shared: AppShared = {
    introspection: options.introspection ?? false,
    db,
    readDb,
    siteHosts,
    app: services,
    // The request state the modules keep on the context, from their manifests.
    begin: beginRequest,
  };

  const api = express.Router();
  const json = express.json({ limit: '1mb' });
  const parsers: RequestHandler[] = [
    // An import's JSON (up to 10 MB) is read by its route, once the caller's access is checked.
    (req, res, next) =>
      IMPORT_PATHS.includes(req.originalUrl.split('?')[0]!) ? next() : json(req, res, next),
    express.urlencoded({ extended: false, limit: '100kb' }),
    refuseNulCharacters,
  ];
  const sessionAndContext: RequestHandler[] = [
    lazySession(
      session({
        name: cookies.sessionCookie,
        secret: sessionSecret,
        store,
        resave: false,
        saveUninitialized: false,
        rolling: false,
        cookie: { httpOnly: true, sameSite: 'lax', secure: secureCookies, maxAge: SESSION_TTL_MS, path: '/' },
      }),
      cookies.sessionCookie,
    ),
    (req, res, next) => {
      req.ctx = createCtx(req, res, shared);
      next();
    },
    ...(routing ? [readYourWrites(routing, secureCookies, log)] : []),
    // A punchout session's idle end, CSP and framed cookies (decision 072).
    punchoutRequest(endIdleSession),
  ];
  const perRequest: RequestHandler[] = [
    ...sessionAndContext,
    // Partner calls carry a bearer token and no cookies: nothing for a forged cross-site request to ride on.
    csrfProtection(
      csrfTokens,
      (p, req) => CSRF_EXEMPT_PATHS.has(p) || /^Bearer /i.test(req.get('authorization') ?? ''),
      (p) => MULTIPART_PATHS.has(p) || IMPORT_PATHS.includes(p),
    ),
    sessionUser(cookies),
  ];

  for (const [prefix, routes] of REST_ROUTERS) api.use(prefix, routes());
  api.use((req) => {
    throw new AppError('NOT_FOUND', `No API route ${req.method} ${req.baseUrl}${req.path}`);
  });

  app.use('/api', ...parsers, ...perRequest, api);
  // Punchout (decision 072): authenticated by its shared secret or one-time token, not by CSRF; before the shop.
  app.use('/punchout', punchoutRouter([...sessionAndContext, sessionUser(cookies)]));
  const events = new EventBuffer(shared.db, (err, lost) =>
    log.error({ err, lost }, 'could not store click-stream events'),
  );
  const budget = new EventBudget(options.collectorEventsPerMinute ?? 0, shared.db, (err) =>
    log.warn({ err }, 'could not count click-stream events for the fleet'),
  );
  app.use('/userevents', collectorRoutes(events, budget));
  // A punchout OrderRequest (decision 073): authenticated by its shared secret, no session, no CSRF token.
  app.use(
    punchoutOrderRouter([
      (req, res, next) => {
        req.ctx = createCtx(req, res, shared);
        req.ctx.user = null;
        next();
      },
    ]),
  );
  app.use(
    '/graphql',
    // Answers are the caller's own data (cart, account, customer prices): no cache may keep them.
    (_req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
    express.json({ limit: '256kb' }),
    graphqlNulCheck,
    ...perRequest,
    tokenLimit(undefined, options.production),
    expressMiddleware(apollo, { context: async ({ req }) => req.ctx as Ctx }),
  );

  if (options.clientDir) {
    serveClient(app, options.clientDir, shared, perRequest, (req, request) =>
      apollo.executeOperation(request, { contextValue: req.ctx as Ctx }),
    );
  }
  app.use(errorHandler);

  // Cross-process invalidation (decision 078): one statement every CACHE_POLL_MS reads the search index's version
  // and the named caches' versions, each raised in the transaction of its change. It reads where the caches load
  // from (the replica when there is one): a version seen there comes with the change it counts, so a cache dropped
  // for it never reloads what was there before.
  const cacheWatch = watchCacheVersions(
    async () => new Map((await CACHE_VERSIONS.all(readDb, [])).map((r) => [r.name, r.version])),
    {
      // Stale answers are served once more while recomputed (decision 008); the tree is read again.
      'search-index': () => {
        searchCache.invalidate();
        categoryTrees?.clear();
      },
      // A site's name, legal identity or price list, or what it shows: nothing cached of it is served again.
      sites: () => {
        sites.clear();
        searchCache.clear();
      },
      // A promotion saved or ended: carts read the rules again.
      promotions: () => promotions.clear(),
    },
    {
      failed: (err) => log.warn({ err }, 'could not read the cache versions; trying again'),
      recovered: () => log.info('reading the cache versions again'),
    },
    options.cachePollMs ?? CACHE_POLL_MS_DEFAULT,
  );
  // The versions as they are now (a change after this is dropped at a poll); last, so no failure above leaves a timer.
  await cacheWatch.check();

  return {
    app,
    sweepUnpaid,
    checkCaches: () => cacheWatch.check(),
    flushBackground: async () => {
      await services.attribution.flush();
      await events.flush();
      await budget.sync();
      await dispatcher.drain();
    },
    async close() {
      store.close();
      await cacheWatch.stop();
      await unpaidSweep.stop();
      stopWaking();
      await dispatcher.stop();
      outbox?.close();
      await apollo.stop();
      await services.attribution.flush();
      await events.flush();
    },
  };
}

/**
 * The built shop: hashed assets cached for a year; the app's HTML for shop routes (200) and others (404), with
 * the host's site in the `storefront` cookie so the page paints in the right currency without asking first.
 * Shop pages are server-rendered with the visitor's data when the build has the renderer (decision 018); the
 * admin console, and any page whose rendering fails, is the client-rendered shell.
 */
function serveClient(
  app: Express,
  clientDir: string,
  shared: AppShared,
  perRequest: RequestHandler[],
  execute: (req: Request, request: GraphQLRequest) => Promise<GraphQLResponse<Record<string, unknown>>>,
): void {
  const indexFile = path.join(clientDir, 'index.html');
  const files = staticFiles(clientDir);
  const renderer = loadRenderer(clientDir);
  const template = renderer && fs.existsSync(indexFile) ? pageTemplate(clientDir) : null;
  files.mount(app);
  const sendShell = (req: Request, res: Response) => {
    if (!files.send(req, res, indexFile, 'no-cache')) {
      res.set('Cache-Control', 'no-cache');
      res.sendFile(indexFile);
    }
  };
  const rendered = async (req: Request, res: Response) => {
    const page = await renderer!.render({
      url: `${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`,
      cookies: req.headers.cookie ?? '',
      execute: async (request) => {
        const response = await execute(req, request);
        return response.body.kind === 'single' ? response.body.singleResult : { errors: [] };
      },
    });
    if (page.kind === 'redirect') return res.redirect(page.status, page.location);
    if (!page.found) res.status(404);
    await sendPage(req, res, pageHtml(template!, page));
  };
  const pageRequest = express.Router();
  pageRequest.use(...perRequest);
  pageRequest.get(/.*/, (req: Request, res, next) => {
    void rendered(req, res).catch((err: unknown) => {
      req.log.error({ err }, 'server rendering failed; sending the client-rendered page');
      if (res.headersSent) return next(err);
      sendShell(req, res);
    });
  });
  app.get(/.*/, (req: Request, res, next) => {
    if (!req.accepts('html') || req.path.startsWith('/api/') || req.path === '/graphql') return next();
    if (!fs.existsSync(indexFile)) {
      return next(
        new AppError('NOT_FOUND', 'The shop is not built: run npm run build (npm start does it for you)'),
      );
    }
    res.status(isShopRoute(req.path) ? 200 : 404);
    void requestStorefront(req, shared)
      .then((site) => {
        if (site) {
          res.cookie(STOREFRONT_COOKIE, JSON.stringify(site), {
            path: '/',
            sameSite: 'lax',
            secure: shared.app.auth.cookies.secureCookies,
          });
        }
      })
      .catch(() => undefined)
      .then(() => {
        if (template && !req.path.startsWith(ROUTES.admin)) pageRequest(req, res, next);
        else sendShell(req, res);
      });
  });
  // The shop's forms are POST, so nothing typed lands in a URL. One sent natively (a browser without the shop's
  // script) comes back to its page, unread: the shop's script does the sending.
  app.post(/.*/, (req: Request, res, next) => {
    if (!req.accepts('html') || !isShopRoute(req.path) || req.path.startsWith(ROUTES.admin)) return next();
    res.redirect(303, req.originalUrl);
  });
}

/** The request's site as the page needs it, or null (an unknown x-site-id). */
async function requestStorefront(req: Request, shared: AppShared) {
  let id: SiteId;
  try {
    id = resolveSite(req, shared.siteHosts);
  } catch {
    return null;
  }
  const site = await shared.app.sites.get(id);
  return site ? storefrontOf(site, shared.app.consentRegionDefaults) : null;
}
