import 'reflect-metadata';
import type { Express } from 'express';
import pino from 'pino';
import supertest from 'supertest';
import { createApp } from '../src/app';
import { createDatabase } from '../src/db/admin';
import { initOrm, type Orm } from '../src/db/orm';
import { hashPassword } from '../src/modules/auth/password';
import { CSRF, type SiteId } from '../../domain/constants';
import { Mailbox, type ReceivedMail } from '../src/dev/mailbox';
import type { EventConsumer } from '../src/modules/events';
import type { WebhookSenderOptions } from '../src/modules/webhooks';
import { TEST_ENV } from './env';

export interface TestApp {
  app: Express;
  orm: Orm;
  /** The read replica, when asked for (a separate database the test can make differ from the primary). */
  replica?: Orm;
  /** The test's own database (for a second connection, as another process would open). */
  databaseUrl: string;
  /** SQL statements run since the last `resetQueries()`. */
  queries: string[];
  resetQueries(): void;
  /** Writes what the app batches in the background (search attribution tokens). */
  flush(): Promise<void>;
  /** One pass over unpaid orders now (the app's timer is off in tests). */
  sweepUnpaid(): Promise<{ reminded: number; cancelled: number }>;
  /** One poll of the cache versions now (the app's timer is off in tests unless `cachePollMs` is given). */
  checkCaches(): Promise<void>;
  /** A supertest agent that keeps cookies, like a browser. */
  agent(): supertest.Agent;
  /** An agent holding a valid CSRF cookie, and the token to send back. */
  agentWithCsrf(): Promise<{ agent: supertest.Agent; token: string }>;
  /** A browser-like client: cookies, the CSRF token (kept current across sign-ins), JSON calls. */
  client(): Promise<Client>;
  /** A valid user with this password (role: domain/roles.ts code); its id. */
  createUser(user: {
    email: string;
    password: string;
    role?: number;
    accountId?: string | null;
  }): Promise<string>;
  /** The mail sink the app delivers to over SMTP (every test app has one, as a person has an inbox). */
  mailbox: Mailbox;
  /**
   * The newest e-mail to `to` as delivered (the outbox drained first), optionally with a subject matching, or
   * only one that arrived after the message id `after`. Fails when none arrives.
   */
  mail(to: string, options?: { subject?: RegExp; after?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** The first link in an e-mail's text, parsed. */
export function linkIn(mail: ReceivedMail): URL {
  const href = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!href) throw new Error(`no link in the e-mail "${mail.subject}"`);
  return new URL(href);
}

export interface Client {
  agent: supertest.Agent;
  token: string;
  send(method: 'post' | 'put' | 'delete' | 'patch', path: string, body?: object): supertest.Test;
  /** POST /api/user/login, expecting 200; the rotated CSRF token is taken up. */
  signIn(email: string, password: string): Promise<supertest.Response>;
  /** A GraphQL call with the CSRF header; the response body. */
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: object,
  ): Promise<{ data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }>;
}

/** After sign-in the CSRF token rotates: read the new one from the response's cookies. */
export function takeCsrfCookie(c: { token: string }, res: supertest.Response): void {
  const cookie = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((v) => v.startsWith(`${CSRF.cookieName}=`));
  if (cookie) c.token = decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!);
}

let counter = 0;

/** The real app on its own database, cloned from the migrated and seeded template. */
export async function createTestApp(
  options: {
    clientDir?: string;
    introspection?: boolean;
    /** E-mails one address may ask for an hour (MAIL_LIMIT_PER_IP). */
    mailPerIp?: number;
    searchCacheTtlMs?: number;
    secureCookies?: boolean;
    trustProxy?: boolean;
    smtpUrl?: string;
    /** The app's logger (default: silent). */
    log?: pino.Logger;
    /** A second clone of the template as a read replica (DATABASE_READ_URL): `replica` on the app. */
    replica?: boolean;
    /** SITE_HOSTS: host name -> site. */
    siteHosts?: Record<string, SiteId>;
    /** PUBLIC_URL: the address e-mailed links start with. */
    publicUrl?: string;
    /** METRICS_TOKEN, and NODE_ENV=production for what depends on it. */
    metricsToken?: string;
    production?: boolean;
    /** COLLECTOR_EVENTS_PER_MINUTE (default: no limit). */
    collectorEventsPerMinute?: number;
    /** FX_RATES, e.g. { CAD: 0.73 } (default: none). */
    fxRates?: Record<string, number>;
    /** Business-event consumers (delivered when the test flushes, as the mail). */
    eventConsumers?: EventConsumer[];
    /** ERP_ACKNOWLEDGE_MINUTES (default 30). */
    erpAcknowledgeMinutes?: number;
    /** PUNCHOUT_PRICE_DAYS (default 30). */
    punchoutPriceDays?: number;
    /** Starts the dispatcher with this interval (default: not started; the test flushes). */
    outboxIntervalMs?: number;
    /** The webhook sender's resolver, schedule clock and jitter. */
    webhooks?: Omit<WebhookSenderOptions, 'production'>;
    /** EVENT_RETENTION_DAYS, and the retention's clock (decision 070). */
    eventRetentionDays?: number;
    eventsNow?: () => Date;
    /**
     * Another process on this database (another test app's `databaseUrl`), with caches of its own, instead of a
     * clone of the template.
     */
    databaseUrl?: string;
    /** CACHE_POLL_MS (default: no timer; the test polls with `checkCaches()`). */
    cachePollMs?: number;
  } = {},
): Promise<TestApp> {
  const serverUrl = process.env[TEST_ENV.serverUrl];
  const prefix = process.env[TEST_ENV.prefix];
  const template = process.env[TEST_ENV.template];
  if (!serverUrl || !prefix || !template)
    throw new Error('test database not prepared: run the tests through jest');
  const name = `${prefix}_w${process.env.JEST_WORKER_ID ?? 0}_${process.pid}_${counter++}`;
  const url = options.databaseUrl ?? (await createDatabase(serverUrl, name, template));
  const mailbox = new Mailbox();
  const { smtpUrl } = await mailbox.start();
  const queries: string[] = [];
  const orm = await initOrm({ clientUrl: url, poolMax: 5, onQuery: (sql) => queries.push(sql) });
  const replica = options.replica
    ? await initOrm({ clientUrl: await createDatabase(serverUrl, `${name}_replica`, template), poolMax: 3 })
    : undefined;
  const { app, close, flushBackground, sweepUnpaid, checkCaches } = await createApp({
    orm,
    log: options.log ?? pino({ level: 'silent' }),
    sessionSecret: 'test-secret-test-secret-test-secret-00',
    secretsKey: 'test-secrets-key-test-secrets-key-0000',
    webhooks: options.webhooks,
    clientDir: options.clientDir,
    introspection: options.introspection ?? false,
    searchCache: { ttlMs: options.searchCacheTtlMs ?? 0, entries: 100 },
    secureCookies: options.secureCookies,
    trustProxy: options.trustProxy,
    smtpUrl: options.smtpUrl ?? smtpUrl,
    // Delivered when the test reads its mail (flush), never in the middle of a request, unless the test starts it.
    outboxIntervalMs: options.outboxIntervalMs ?? 0,
    unpaidSweepMs: 0, // unpaid orders are looked at when the test asks (sweepUnpaid)
    // No poll among a request's counted statements: the versions are read when the test asks (checkCaches).
    cachePollMs: options.cachePollMs ?? 0,
    replica,
    siteHosts: options.siteHosts,
    publicUrl: options.publicUrl,
    collectorEventsPerMinute: options.collectorEventsPerMinute,
    mailPerIp: options.mailPerIp,
    metricsToken: options.metricsToken,
    production: options.production,
    fxRates: options.fxRates,
    eventConsumers: options.eventConsumers,
    eventRetentionDays: options.eventRetentionDays,
    erpAcknowledgeMinutes: options.erpAcknowledgeMinutes,
    punchoutPriceDays: options.punchoutPriceDays,
    eventsNow: options.eventsNow,
  });
  const testApp: TestApp = {
    app,
    orm,
    replica,
    databaseUrl: url,
    queries,
    resetQueries: () => void queries.splice(0),
    flush: flushBackground,
    sweepUnpaid,
    checkCaches,
    agent: () => supertest.agent(app),
    async agentWithCsrf() {
      const agent = supertest.agent(app);
      const res = await agent.get('/api/auth/csrf').expect(200);
      const token = (res.body as { csrfToken: string }).csrfToken;
      return { agent, token };
    },
    async client() {
      const { agent, token } = await testApp.agentWithCsrf();
      const c: Client = {
        agent,
        token,
        send: (method, path, body = {}) => agent[method](path).set(CSRF.header, c.token).send(body),
        async signIn(email, password) {
          const res = await c.send('post', '/api/user/login', { email, password }).expect(200);
          takeCsrfCookie(c, res);
          return res;
        },
        async gql(query, variables = {}) {
          const res = await c.send('post', '/graphql', { query, variables });
          takeCsrfCookie(c, res);
          return res.body;
        },
      };
      return c;
    },
    async createUser({ email, password, role = 500, accountId = null }) {
      const [row] = await orm.em.getConnection().execute<{ id: string }[]>(
        `insert into app_user (email, password_hash, first_name, last_name, role, account_id)
           values (?, ?, 'Test', 'Buyer', ?, ?) returning id`,
        [email, await hashPassword(password), role, accountId],
      );
      return row!.id;
    },
    mailbox,
    async mail(to, mailOptions = {}) {
      await flushBackground();
      return mailbox.waitFor(to, { ...mailOptions, timeoutMs: 5000 });
    },
    async close() {
      await close();
      await mailbox.close();
      await orm.close(true);
      await replica?.close(true);
    },
  };
  return testApp;
}

export const csrfHeader = CSRF.header;
