import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Logger } from 'pino';
import { isLocale } from '../../../../domain/constants';
import { ROUTES } from '../../../../domain/routes';
import { ROLES } from '../../../../domain/roles';
import {
  WEBHOOK_DISABLED_REASONS,
  WEBHOOK_FAILING_DAYS,
  WEBHOOK_RETRY_SCHEDULE_MS,
  webhookUrlProblem,
} from '../../../../domain/webhooks';
import type { SecretBox } from '../../common/secret-box';
import type { Db } from '../../context';
import type { DispatcherWorker } from '../events';
import { sendMessage } from '../mail';
import { addressesOf, dnsResolver, isPrivateAddress, type WebhookResolver } from './addresses';
import { syncWebhooksConsumer } from './consumer';
import { signatureHeader } from './signing';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is kept with the attempt. */
export const RESPONSE_BYTES_KEPT = 512;
/** A claimed delivery's next try, should this process die during the call: this many timeouts after the claim. */
const LEASE_TIMEOUTS = 3;
const BATCH = 20;
const MAX_RETRY_AFTER_MS = 24 * 3600_000;
/** How often a process checks that the webhooks consumer is on exactly when some endpoint is enabled. */
const SYNC_CONSUMER_MS = 30_000;
const DAY_MS = 24 * 3600_000;

export interface WebhookSenderOptions {
  /** NODE_ENV=production: https only, and no private, loopback or link-local address after resolution (SSRF). */
  production: boolean;
  /** Host names to addresses (default: the system's resolver); asked on every attempt. */
  resolve?: WebhookResolver;
  /** The schedule's clock (tests move it on instead of waiting); `webhook-timestamp` is the wall clock. */
  now?: () => Date;
  /** 0..1 for the schedule's jitter (±10%). */
  random?: () => number;
  /** WEBHOOK_TIMEOUT_MS: how long a receiver has to answer (default 10 s). */
  timeoutMs?: number;
  /** PUBLIC_URL: the console's address in the e-mail that says an endpoint was turned off. */
  publicUrl?: string;
}

interface Claimed {
  id: string;
  messageId: string;
  body: string;
  attempts: number;
  endpointId: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousExpiresAt: Date | string | null;
}

interface Outcome {
  code: number | null;
  body: string | null;
  error: string | null;
  retryAfterMs: number | null;
}

/**
 * Sends webhook deliveries (decision 068), a worker of the events dispatcher's loop, so it runs in every store
 * process and stops with it. A pass claims due deliveries with `for update skip locked` (its next try moved a lease
 * ahead, so a process killed mid-call leaves it for another), then calls each receiver with no database connection
 * held, and records the attempt in one statement: a 2xx delivers, a 410 turns the endpoint off, anything else
 * (a redirect included: none is followed) is tried again on the schedule, or at the receiver's Retry-After.
 */
export class WebhookSender implements DispatcherWorker {
  private readonly resolve: WebhookResolver;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly timeoutMs: number;
  private consumerSyncedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly box: SecretBox,
    private readonly options: WebhookSenderOptions,
  ) {
    this.resolve = options.resolve ?? dnsResolver;
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  }

  async drain(): Promise<number> {
    if (Date.now() - this.consumerSyncedAt >= SYNC_CONSUMER_MS) {
      // Endpoint changes keep it right in their transactions; this mends what two racing changes could leave.
      this.consumerSyncedAt = Date.now();
      await syncWebhooksConsumer(this.db);
    }
    const now = this.now();
    const claimed = await this.db.execute<Claimed[]>(
      `with due as (
         select d.id from webhook_delivery d join webhook_endpoint e on e.id = d.endpoint_id
         where d.status = 'pending' and d.next_attempt_at <= ? and e.enabled
         order by d.next_attempt_at limit ? for update of d skip locked),
       claimed as (
         update webhook_delivery d set attempts = d.attempts + 1, next_attempt_at = ?
         from due where d.id = due.id
         returning d.id, d.endpoint_id, d.message_id, d.body, d.attempts)
       select c.id, c.message_id as "messageId", c.body, c.attempts, e.id as "endpointId", e.url, e.secret,
         e.previous_secret as "previousSecret", e.previous_secret_expires_at as "previousExpiresAt"
       from claimed c join webhook_endpoint e on e.id = c.endpoint_id`,
      [now, BATCH, new Date(now.getTime() + LEASE_TIMEOUTS * this.timeoutMs)],
    );
    await Promise.all(claimed.map((delivery) => this.attempt(delivery)));
    return claimed.length;
  }

  private async attempt(delivery: Claimed): Promise<void> {
    const started = Date.now();
    const attemptedAt = this.now();
    let outcome: Outcome;
    try {
      outcome = await this.call(delivery, attemptedAt);
    } catch (err) {
      outcome = {
        code: null,
        body: null,
        error: err instanceof Error ? err.message : String(err),
        retryAfterMs: null,
      };
    }
    const ok = outcome.code !== null && outcome.code >= 200 && outcome.code < 300;
    const gone = outcome.code === 410;
    const last = delivery.attempts >= WEBHOOK_RETRY_SCHEDULE_MS.length;
    const status = ok ? 'succeeded' : gone || last ? 'failed' : 'pending';
    const next =
      status === 'pending'
        ? new Date(attemptedAt.getTime() + this.delay(delivery.attempts, outcome.retryAfterMs))
        : attemptedAt;
    if (!ok) {
      this.log.warn(
        {
          delivery: delivery.id,
          endpoint: delivery.endpointId,
          attempts: delivery.attempts,
          code: outcome.code,
          error: outcome.error,
          status,
        },
        'webhook not delivered',
      );
    }
    await this.db.execute(
      `with attempt as (
         insert into webhook_attempt (delivery_id, attempted_at, response_code, response_body, error, duration_ms)
         values (?, ?, ?, ?, ?, ?)),
       endpoint as (
         update webhook_endpoint set enabled = enabled and not ?::boolean,
           disabled_reason = case when ?::boolean then ? else disabled_reason end,
           failing_since = case when ?::boolean then null else coalesce(failing_since, ?) end,
           updated_at = case when ?::boolean then now() else updated_at end
         where id = ? and (?::boolean or (failing_since is null) = ?::boolean))
       update webhook_delivery set status = ?, next_attempt_at = ?, last_attempt_at = ?, last_response_code = ?
       where id = ?`,
      [
        delivery.id,
        attemptedAt,
        outcome.code,
        outcome.body,
        outcome.error?.slice(0, 500) ?? null,
        Date.now() - started,
        gone,
        gone,
        WEBHOOK_DISABLED_REASONS.gone,
        ok,
        attemptedAt,
        gone,
        delivery.endpointId,
        gone,
        !ok,
        status,
        next,
        attemptedAt,
        outcome.code,
        delivery.id,
      ],
      'run',
    );
    if (gone) await syncWebhooksConsumer(this.db);
    else if (!ok) await this.disableIfFailing(delivery.endpointId, attemptedAt, outcome);
  }

  /**
   * After a failed attempt: an endpoint failing since WEBHOOK_FAILING_DAYS ago is turned off, and the Admins (and
   * the partner who made it) are e-mailed, in one transaction. Its deliveries stay, to be replayed once it is fixed.
   */
  private async disableIfFailing(endpointId: string, at: Date, outcome: Outcome): Promise<void> {
    await this.db.transactional(async () => {
      const [off] = await this.db.execute<{ url: string; failingSince: Date; ownerUserId: string | null }[]>(
        `update webhook_endpoint set enabled = false, disabled_reason = ?, updated_at = now()
         where id = ? and enabled and failing_since <= ?
         returning url, failing_since as "failingSince", owner_user_id as "ownerUserId"`,
        [
          WEBHOOK_DISABLED_REASONS.failing,
          endpointId,
          new Date(at.getTime() - WEBHOOK_FAILING_DAYS * DAY_MS),
        ],
      );
      if (!off) return;
      await syncWebhooksConsumer(this.db);
      const keepers = await this.db.execute<{ id: string; email: string; locale: string }[]>(
        `select id, email, locale from app_user
         where (role = ? or id = ?::uuid) and email not like '%.invalid' order by email`,
        [ROLES.Admin, off.ownerUserId],
      );
      this.log.warn(
        { endpoint: endpointId, since: off.failingSince },
        'webhook endpoint turned off: failing',
      );
      const publicUrl = this.options.publicUrl ?? 'http://localhost:4000';
      for (const keeper of keepers) {
        await sendMessage(this.db, this.log, {
          to: keeper.email,
          locale: isLocale(keeper.locale) ? keeper.locale : 'en-US',
          message: {
            kind: 'webhook-disabled',
            endpoint: off.url,
            since: new Date(off.failingSince),
            lastError: outcome.code !== null ? `HTTP ${outcome.code}` : (outcome.error ?? 'no answer'),
            days: WEBHOOK_FAILING_DAYS,
            url: keeper.id === off.ownerUserId ? null : `${publicUrl}${ROUTES.admin}/integrations`,
          },
        });
      }
    });
  }

  /** The wait after the n-th failed attempt: the schedule's, with ±10% jitter, or longer when the receiver asks. */
  private delay(attempts: number, retryAfterMs: number | null): number {
    const scheduled = WEBHOOK_RETRY_SCHEDULE_MS[attempts] ?? WEBHOOK_RETRY_SCHEDULE_MS.at(-1)!;
    const jittered = Math.round(scheduled * (0.9 + 0.2 * this.random()));
    return Math.max(jittered, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
  }

  /** One HTTP call: the address checked after resolution (and pinned for the connection), then the POST. */
  private async call(delivery: Claimed, at: Date): Promise<Outcome> {
    const problem = webhookUrlProblem(delivery.url, this.options.production);
    if (problem) return refused(`the address is not allowed: ${problem}`);
    const url = new URL(delivery.url);
    const addresses = await addressesOf(url.hostname, this.resolve);
    if (addresses.length === 0) return refused(`${url.hostname} has no address`);
    if (this.options.production) {
      const inside = addresses.find((a) => isPrivateAddress(a.address));
      if (inside) return refused(`refused: ${url.hostname} resolves to ${inside.address}, a private address`);
    }
    const target = addresses[0]!;
    const secrets = [this.box.open(delivery.secret)];
    if (delivery.previousSecret && delivery.previousExpiresAt && new Date(delivery.previousExpiresAt) > at) {
      secrets.push(this.box.open(delivery.previousSecret));
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Axisline-Webhooks/1',
      'webhook-id': delivery.messageId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, delivery.messageId, timestamp, delivery.body),
    };
    // The connection goes to the address just checked, never to a second answer of the resolver.
    const lookup: LookupFunction = (_host, options, callback) => {
      const cb = callback as (...args: unknown[]) => void;
      if ((options as { all?: boolean }).all) cb(null, [target]);
      else cb(null, target.address, target.family);
    };
    return post(url, headers, delivery.body, lookup, this.timeoutMs);
  }
}

const refused = (error: string): Outcome => ({ code: null, body: null, error, retryAfterMs: null });

/** Retry-After as seconds or an HTTP date, in ms from now; null when absent or unreadable. */
function retryAfterMs(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const when = Date.parse(value);
  return Number.isNaN(when) ? null : Math.max(0, when - Date.now());
}

function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  lookup: LookupFunction,
  timeoutMs: number,
): Promise<Outcome> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = () =>
          resolve({
            code: res.statusCode ?? null,
            body: Buffer.concat(chunks).subarray(0, RESPONSE_BYTES_KEPT).toString('utf8'),
            error: null,
            retryAfterMs: retryAfterMs(res.headers['retry-after']),
          });
        res.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_BYTES_KEPT) chunks.push(chunk);
          kept += chunk.length;
          if (kept >= RESPONSE_BYTES_KEPT) {
            finish();
            res.destroy();
          }
        });
        res.on('end', finish);
        res.on('error', (err) => (kept >= RESPONSE_BYTES_KEPT ? undefined : reject(err)));
      },
    );
    req.on('error', (err) =>
      reject(err.name === 'AbortError' ? new Error(`no answer in ${timeoutMs} ms`) : err),
    );
    req.end(body);
  });
}
