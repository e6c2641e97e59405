/**
 * The floor of the stack on this machine: what the design card's fixed parts answer at 16 connections before the
 * store adds anything, measured the way `npm run bench` measures the store (autocannon in its own process, the
 * servers in this one), so the store's figures and the issues' targets can be read against them.
 *   npm run bench:floor -- [--seconds 8] [--connections 16] [--database NAME]
 * Scenarios: bare `node:http`; `node:http` with one prepared `select 1` per request (pg, a pool of 10); bare
 * Express 5; Express 5 with helmet's defaults; Express 5 with Apollo Server 5 answering `{ __typename }`; and the
 * store itself (`/healthz`, `{ __typename }`). Prints figures; never pass/fail.
 */
import 'reflect-metadata';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import helmet from 'helmet';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CSRF } from '../domain/constants';
import { benchDatabase, cpuColumns, listen, load } from './support';

const HEALTH = JSON.stringify({ status: 'ok' });
const TYPENAME = JSON.stringify({ query: '{ __typename }' });

async function serve(server: http.Server): Promise<{ base: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '8' },
      connections: { type: 'string', default: '16' },
      database: { type: 'string' },
    },
  });
  const bench = await benchDatabase({ products: 1000, database: values.database });
  const pool = new pg.Pool({ connectionString: bench.url, max: 10 });
  const apollo = new ApolloServer({
    typeDefs: 'type Query { hello: String }',
    resolvers: { Query: { hello: () => 'hello' } },
  });
  await apollo.start();

  const bareExpress = (withHelmet: boolean) => {
    const app = express();
    app.disable('x-powered-by');
    if (withHelmet) app.use(helmet());
    app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
    return http.createServer(app);
  };
  const withApollo = express();
  withApollo.disable('x-powered-by');
  withApollo.use('/graphql', express.json(), expressMiddleware(apollo));

  const store = await listen(bench.orm);
  const csrf = (await (await fetch(`${store.base}/api/auth/csrf`)).json()) as { csrfToken: string };
  const json = { 'content-type': 'application/json' };
  const storeHeaders = {
    ...json,
    cookie: `${CSRF.cookieName}=${csrf.csrfToken}`,
    [CSRF.header]: csrf.csrfToken,
  };

  const servers = {
    node: await serve(
      http.createServer((_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(HEALTH);
      }),
    ),
    nodePg: await serve(
      http.createServer((_req, res) => {
        pool.query({ name: 'floor-select-1', text: 'select 1' }).then(
          () => {
            res.setHeader('content-type', 'application/json');
            res.end(HEALTH);
          },
          () => {
            res.statusCode = 500;
            res.end();
          },
        );
      }),
    ),
    express: await serve(bareExpress(false)),
    helmet: await serve(bareExpress(true)),
    apollo: await serve(http.createServer(withApollo)),
  };
  const scenarios: { label: string; url: string; headers?: Record<string, string>; body?: string }[] = [
    { label: 'node:http, JSON', url: `${servers.node.base}/healthz` },
    { label: 'node:http, one prepared `select 1` (pg)', url: `${servers.nodePg.base}/healthz` },
    { label: 'Express 5, JSON', url: `${servers.express.base}/healthz` },
    { label: 'Express 5 + helmet, JSON', url: `${servers.helmet.base}/healthz` },
    {
      label: 'Express 5 + Apollo Server 5, `{ __typename }`',
      url: `${servers.apollo.base}/graphql`,
      headers: json,
      body: TYPENAME,
    },
    { label: 'the store: GET /healthz', url: `${store.base}/healthz` },
    {
      label: 'the store: `{ __typename }`',
      url: `${store.base}/graphql`,
      headers: storeHeaders,
      body: TYPENAME,
    },
  ];
  try {
    console.log(
      `${values.connections} connections, ${values.seconds} s a scenario\n\n| scenario | req/s | p50 ms | p99 ms | errors | CPU µs/req (this process) | PostgreSQL CPU µs/req |\n|---|---|---|---|---|---|---|`,
    );
    for (const s of scenarios) {
      const result = await load({
        url: s.url,
        method: s.body ? 'POST' : 'GET',
        headers: s.headers ?? {},
        bodies: s.body ? [s.body] : [],
        connections: Number(values.connections),
        seconds: Number(values.seconds),
      });
      console.log(
        `| ${s.label} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.non2xx} | ${cpuColumns(result)} |`,
      );
    }
    console.log(
      `\nBy Little's law a p50 of 5 ms at ${values.connections} connections needs about ${Math.round(Number(values.connections) / 0.005)} req/s.`,
    );
  } finally {
    for (const server of Object.values(servers)) await server.close();
    await store.close();
    await apollo.stop();
    await pool.end();
    await bench.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
