import type { MikroORM } from '@mikro-orm/postgresql';
import type { Express, Request, RequestHandler } from 'express';
import cluster from 'node:cluster';
import crypto, { randomUUID } from 'node:crypto';
import client from 'prom-client';
import { databaseUnavailable } from './common/errors';
import type { MoveReason } from './db/replica';

/*
 * Operations endpoints (docs/deploy.md): /healthz (the process answers), /readyz (database reachable, every
 * migration applied, not shutting down) and /metrics (Prometheus text; in cluster mode the primary sums every
 * worker's metrics, so one scrape of the shared port sees the whole store).
 */

const registry = client.register;
let defaultsCollected = false;

const httpRequests = new client.Counter({
  name: 'axl_http_requests_total',
  help: 'HTTP requests by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
});
const httpDuration = new client.Histogram({
  name: 'axl_http_request_duration_seconds',
  help: 'HTTP request duration by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
});
const graphqlDuration = new client.Histogram({
  name: 'axl_graphql_operation_duration_seconds',
  help: 'GraphQL request duration by operation name',
  labelNames: ['operation'] as const,
  buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
});

const replicaReadsMoved = new client.Counter({
  name: 'axl_replica_reads_moved_total',
  help: "Reads meant for the replica served by the primary: lag (it had not replayed the reader's write), conflict (cancelled by recovery), unavailable",
  labelNames: ['reason'] as const,
});
const replicaWait = new client.Histogram({
  name: 'axl_replica_wait_seconds',
  help: "Time a read waited for the replica to replay its writer's position before reading there",
  buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05],
});

/** Counts a read moved from the replica to the primary (db/replica.ts). */
export const readMovedToPrimary = (reason: MoveReason) => replicaReadsMoved.inc({ reason });
/** Observes a read's wait for the replica to catch up with its writer. */
export const replicaWaited = (seconds: number) => replicaWait.observe(seconds);

/** Operation names become labels: only well-formed ones, and at most this many (then "other"). */
const MAX_OPERATIONS = 300;
const operations = new Set<string>();
function operationLabel(req: Request): string {
  const name =
    (req.body as { operationName?: unknown } | undefined)?.operationName ??
    (req.query as { operationName?: unknown } | undefined)?.operationName;
  if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) return 'anonymous';
  if (operations.has(name)) return name;
  if (operations.size >= MAX_OPERATIONS) return 'other';
  operations.add(name);
  return name;
}

/** The route pattern a request matched (`/api/products/*id`), never the raw path (bounded label values). */
function routeLabel(req: Request): string {
  if (req.route?.path) return `${req.baseUrl}${String(req.route.path)}`;
  if (req.originalUrl.startsWith('/graphql')) return '/graphql';
  if (req.originalUrl.startsWith('/api/')) return 'unmatched';
  return 'client';
}

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/** The database pools of this process (primary, replica), read when metrics are collected. */
const pools = new Map<string, MikroORM>();
const poolOf = (orm: MikroORM) => (orm.em.getConnection().getKnex().client as { pool?: TarnPool }).pool;
const poolGauge = (name: string, help: string, read: (pool: TarnPool) => number) =>
  new client.Gauge({
    name,
    help,
    labelNames: ['pool'] as const,
    collect() {
      for (const [label, orm] of pools) {
        const pool = poolOf(orm);
        if (pool) this.set({ pool: label }, read(pool));
      }
    },
  });
poolGauge('axl_db_pool_connections_in_use', 'Database connections in use', (p) => p.numUsed());
poolGauge('axl_db_pool_connections_idle', 'Database connections open and idle', (p) => p.numFree());
poolGauge('axl_db_pool_waiting', 'Queries waiting for a database connection', (p) => p.numPendingAcquires());

/** Records every request's duration and outcome (registered first, so it times the whole pipeline). */
export function metricsMiddleware(): RequestHandler {
  return (req, res, next) => {
    const end = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - end) / 1e9;
      const route = routeLabel(req);
      httpRequests.inc({ method: req.method, route, status: String(res.statusCode) });
      httpDuration.observe({ method: req.method, route }, seconds);
      if (route === '/graphql') graphqlDuration.observe({ operation: operationLabel(req) }, seconds);
    });
    next();
  };
}

export interface Readiness {
  /** Set when shutdown starts: /readyz answers 503 so load balancers stop sending new requests. */
  draining: boolean;
}

/** Who may scrape /metrics (METRICS_TOKEN; docs/deploy.md). */
export interface MetricsAccess {
  /** Required as `Authorization: Bearer <token>` when set. */
  token: string | undefined;
  /** Without a token: production serves no metrics; development and tests serve them to this machine only. */
  production: boolean;
}

function metricsAllowed(req: Request, access: MetricsAccess): boolean {
  if (access.token) {
    const given = Buffer.from(/^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1] ?? '');
    const expected = Buffer.from(access.token);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }
  // The socket's own address, never X-Forwarded-For: a proxy cannot make a remote scrape look local.
  const peer = req.socket.remoteAddress ?? '';
  return !access.production && (peer === '127.0.0.1' || peer === '::1' || peer === '::ffff:127.0.0.1');
}

/** Mounts /healthz, /readyz and /metrics. */
export function mountOps(
  app: Express,
  orms: { primary: MikroORM; replica?: MikroORM },
  readiness: Readiness,
  metricsAccess: MetricsAccess = { token: undefined, production: false },
) {
  if (!defaultsCollected) {
    client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
    defaultsCollected = true;
  }
  pools.set('primary', orms.primary);
  if (orms.replica) pools.set('replica', orms.replica);

  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  let migrationsApplied = false;
  app.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (readiness.draining) return void res.status(503).json({ status: 'draining' });
    try {
      await orms.primary.em.getConnection().execute('select 1');
      // A replica away does not make the process unready: its reads go to the primary (db/replica.ts).
      const replica = orms.replica
        ? await orms.replica.em
            .getConnection()
            .execute('select 1')
            .then(
              () => 'reachable',
              // Away: its reads go to the primary. Any other failure (credentials, a missing database) is not ready.
              (err: unknown) => {
                if (databaseUnavailable(err)) return 'unreachable';
                throw err;
              },
            )
        : undefined;
      if (!migrationsApplied) {
        const pending = await orms.primary.getMigrator().getPendingMigrations();
        if (pending.length) {
          return void res
            .status(503)
            .json({ status: 'migrations pending', pending: pending.map((m) => m.name) });
        }
        migrationsApplied = true;
      }
      res.json({ status: 'ready', ...(replica && { replica }) });
    } catch {
      res.status(503).json({ status: 'unavailable', database: 'unreachable' });
    }
  });

  app.get('/metrics', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!metricsAllowed(req, metricsAccess)) {
      return void res
        .status(metricsAccess.token ? 401 : 404)
        .set('WWW-Authenticate', metricsAccess.token ? 'Bearer realm="metrics"' : '')
        .json({
          error: { code: metricsAccess.token ? 'UNAUTHENTICATED' : 'NOT_FOUND', message: 'Not found.' },
        });
    }
    const text = cluster.isWorker ? await clusterMetrics() : await registry.metrics();
    res.set('Content-Type', registry.contentType).set('Cache-Control', 'no-store').send(text);
  });
}

/* ---- cluster: a worker asks the primary, which sums every worker's metrics (prom-client's aggregator) ---- */

interface MetricsMessage {
  type: 'axl:metrics' | 'axl:metrics:reply';
  id: string;
  text?: string;
}

const waiting = new Map<string, (text: string) => void>();

function clusterMetrics(): Promise<string> {
  return new Promise((resolve) => {
    const id = randomUUID();
    const timer = setTimeout(() => {
      waiting.delete(id);
      void registry.metrics().then(resolve); // the primary did not answer: this worker's own metrics
    }, 3000);
    waiting.set(id, (text) => {
      clearTimeout(timer);
      resolve(text);
    });
    process.send?.({ type: 'axl:metrics', id } satisfies MetricsMessage);
  });
}

if (cluster.isWorker) {
  // Constructing an aggregator is what makes prom-client answer the primary's requests for this worker's metrics.
  new client.AggregatorRegistry();
  process.on('message', (message: MetricsMessage) => {
    if (message?.type === 'axl:metrics:reply') waiting.get(message.id)?.(message.text ?? '');
    waiting.delete(message?.id);
  });
}

/** In the cluster primary: answers workers' metrics requests with the sum over every worker. */
export function serveClusterMetrics(): void {
  const aggregator = new client.AggregatorRegistry();
  cluster.on('message', (worker, message: MetricsMessage) => {
    if (message?.type !== 'axl:metrics') return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: 'axl:metrics:reply', id: message.id, text } satisfies MetricsMessage),
      () => worker.send({ type: 'axl:metrics:reply', id: message.id, text: '' } satisfies MetricsMessage),
    );
  });
}
