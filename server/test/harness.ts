import 'reflect-metadata';
import type { Express } from 'express';
import pino from 'pino';
import supertest from 'supertest';
import { createApp } from '../src/app';
import { createDatabase } from '../src/db/admin';
import { initOrm, type Orm } from '../src/db/orm';
import { CSRF } from '../../domain/constants';
import { TEST_ENV } from './env';

export interface TestApp {
  app: Express;
  orm: Orm;
  /** SQL statements run since the last `resetQueries()`. */
  queries: string[];
  resetQueries(): void;
  /** Writes what the app batches in the background (search attribution tokens). */
  flush(): Promise<void>;
  /** A supertest agent that keeps cookies, like a browser. */
  agent(): supertest.Agent;
  /** An agent holding a valid CSRF cookie, and the token to send back. */
  agentWithCsrf(): Promise<{ agent: supertest.Agent; token: string }>;
  close(): Promise<void>;
}

let counter = 0;

/** The real app on its own database, cloned from the migrated and seeded template. */
export async function createTestApp(
  options: {
    clientDir?: string;
    introspection?: boolean;
    searchCacheTtlMs?: number;
    secureCookies?: boolean;
    trustProxy?: boolean;
    smtpUrl?: string;
  } = {},
): Promise<TestApp> {
  const serverUrl = process.env[TEST_ENV.serverUrl];
  const prefix = process.env[TEST_ENV.prefix];
  const template = process.env[TEST_ENV.template];
  if (!serverUrl || !prefix || !template)
    throw new Error('test database not prepared: run the tests through jest');
  const name = `${prefix}_w${process.env.JEST_WORKER_ID ?? 0}_${process.pid}_${counter++}`;
  const url = await createDatabase(serverUrl, name, template);
  const queries: string[] = [];
  const orm = await initOrm({ clientUrl: url, poolMax: 5, onQuery: (sql) => queries.push(sql) });
  const { app, close, flushBackground } = await createApp({
    orm,
    log: pino({ level: 'silent' }),
    sessionSecret: 'test-secret-test-secret-test-secret-00',
    clientDir: options.clientDir,
    introspection: options.introspection ?? false,
    searchCache: { ttlMs: options.searchCacheTtlMs ?? 0, entries: 100 },
    secureCookies: options.secureCookies,
    trustProxy: options.trustProxy,
    smtpUrl: options.smtpUrl,
  });
  return {
    app,
    orm,
    queries,
    resetQueries: () => void queries.splice(0),
    flush: flushBackground,
    agent: () => supertest.agent(app),
    async agentWithCsrf() {
      const agent = supertest.agent(app);
      const res = await agent.get('/api/auth/csrf').expect(200);
      const token = (res.body as { csrfToken: string }).csrfToken;
      return { agent, token };
    },
    async close() {
      await close();
      await orm.close(true);
    },
  };
}

export const csrfHeader = CSRF.header;
