import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_TEST_TYPE,
  WEBHOOKS_ACCESS,
  WEBHOOKS_MANAGE,
  webhookDeliveriesSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookIdSchema,
} from '../../../../domain/webhooks';
import { AppError, notFound } from '../../common/errors';
import type { SecretBox } from '../../common/secret-box';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { recordAudit } from '../audit';
import { assertAccess } from '../auth';
import { syncWebhooksConsumer } from './consumer';
import { newWebhookSecret } from './signing';
import type { WebhookAttemptView, WebhookDeliveryView, WebhookEndpointView } from './webhooks.views';

declare module '../../context' {
  interface AppServices {
    /**
     * Webhooks' settings (decision 068): the box that seals their secrets, whether production rules apply, and the
     * clock of their schedule and secrets' expiry (the sender's).
     */
    webhooks: { box: SecretBox; production: boolean; now: () => Date };
  }
}

/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_HOURS = 24;

const ENDPOINT_COLUMNS = `e.id, url, events, description, enabled, disabled_reason as "disabledReason",
  e.failing_since::text as "failingSince", e.created_at::text as "createdAt", updated_at::text as "updatedAt",
  case when previous_secret is not null then previous_secret_expires_at::text end as "previousSecretExpiresAt",
  (select d.status from webhook_delivery d where d.endpoint_id = e.id order by d.created_at desc, d.id desc limit 1)
    as "lastDeliveryStatus"`;

/** What the audit trail keeps of an endpoint: never its secret. */
const audited = (e: WebhookEndpointView) => ({
  url: e.url,
  events: e.events,
  description: e.description,
  enabled: e.enabled,
});

/**
 * Whose endpoints the caller keeps (decision 070): an Admin signed in every one (null); a key with webhooks:manage
 * only those it made (its user's id). Others: 401 / 403.
 */
function ownerOf(ctx: Ctx): string | null {
  assertAccess(ctx, WEBHOOKS_MANAGE);
  if (ctx.apiCaller) return ctx.user!.id;
  assertAccess(ctx, WEBHOOKS_ACCESS);
  return null;
}

/** `and` the caller's endpoints (alias `e`): everything for staff, the owner's own for a key. */
const OWNED = '(?::uuid is null or e.owner_user_id = ?::uuid)';
const owned = (owner: string | null) => [owner, owner];

/** An endpoint of the caller's; someone else's answers exactly like a missing one (404). */
async function endpoint(ctx: Ctx, id: string, owner: string | null): Promise<WebhookEndpointView> {
  const [row] = await ctx.db.execute<WebhookEndpointView[]>(
    `select ${ENDPOINT_COLUMNS} from webhook_endpoint e where id = ? and ${OWNED}`,
    [id, ...owned(owner)],
  );
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

/**
 * Webhook endpoints (decision 068; Admins signed in keep all, a key with webhooks:manage its own, decision 070): registering one shows its secret once, rotating
 * gives a new one while the old keeps signing for a day; deliveries and their attempts, replays and a test message.
 */
export const webhooksService = {
  async list(ctx: Ctx): Promise<WebhookEndpointView[]> {
    const owner = ownerOf(ctx);
    return ctx.db.execute<WebhookEndpointView[]>(
      `select ${ENDPOINT_COLUMNS} from webhook_endpoint e where ${OWNED} order by created_at desc, id limit 500`,
      owned(owner),
    );
  },

  async create(ctx: Ctx, body: unknown): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
    const owner = ownerOf(ctx);
    const input = validate(webhookEndpointSchema(ctx.app.webhooks.production), body);
    const secret = newWebhookSecret();
    return ctx.db.transactional(async () => {
      const [row] = await ctx.db.execute<WebhookEndpointView[]>(
        `insert into webhook_endpoint as e (url, events, description, secret, owner_user_id)
         values (?, array(select jsonb_array_elements_text(?::jsonb)), ?, ?, ?)
         returning ${ENDPOINT_COLUMNS}`,
        [
          input.url,
          JSON.stringify(input.events),
          input.description,
          ctx.app.webhooks.box.seal(secret),
          owner,
        ],
      );
      await syncWebhooksConsumer(ctx.db);
      await recordAudit(ctx, {
        action: 'webhook.create',
        targetType: 'webhook_endpoint',
        targetId: row!.id,
        after: audited(row!),
      });
      return { endpoint: row!, secret };
    });
  },

  async update(ctx: Ctx, body: unknown): Promise<WebhookEndpointView> {
    const owner = ownerOf(ctx);
    const input = validate(webhookEndpointUpdateSchema(ctx.app.webhooks.production), body);
    return ctx.db.transactional(async () => {
      const before = await endpoint(ctx, input.id, owner);
      const [row] = await ctx.db.execute<WebhookEndpointView[]>(
        `update webhook_endpoint e set url = coalesce(?, url), events = case when ?::jsonb is null then events
             else array(select jsonb_array_elements_text(?::jsonb)) end,
           description = coalesce(?, description), enabled = coalesce(?, enabled),
           disabled_reason = case when ? then null else disabled_reason end,
           failing_since = case when ? then null else failing_since end, updated_at = now()
         where id = ? returning ${ENDPOINT_COLUMNS}`,
        [
          input.url ?? null,
          input.events ? JSON.stringify(input.events) : null,
          input.events ? JSON.stringify(input.events) : null,
          input.description ?? null,
          input.enabled ?? null,
          input.enabled === true,
          input.enabled === true,
          input.id,
        ],
      );
      await syncWebhooksConsumer(ctx.db);
      await recordAudit(ctx, {
        action: 'webhook.update',
        targetType: 'webhook_endpoint',
        targetId: input.id,
        before: audited(before),
        after: audited(row!),
      });
      return row!;
    });
  },

  /** A new secret, shown once; the current one keeps signing beside it for PREVIOUS_SECRET_HOURS. */
  async rotate(ctx: Ctx, body: unknown): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
    const owner = ownerOf(ctx);
    const { id } = validate(webhookIdSchema, body);
    const secret = newWebhookSecret();
    return ctx.db.transactional(async () => {
      const [row] = await ctx.db.execute<WebhookEndpointView[]>(
        `update webhook_endpoint e set previous_secret = secret, secret = ?,
           previous_secret_expires_at = ?::timestamptz + make_interval(hours => ?), updated_at = now()
         where id = ? and ${OWNED} returning ${ENDPOINT_COLUMNS}`,
        [
          ctx.app.webhooks.box.seal(secret),
          ctx.app.webhooks.now(),
          PREVIOUS_SECRET_HOURS,
          id,
          ...owned(owner),
        ],
      );
      if (!row) throw notFound('Webhook endpoint');
      await recordAudit(ctx, {
        action: 'webhook.rotate_secret',
        targetType: 'webhook_endpoint',
        targetId: id,
        after: { previousSecretExpiresAt: row.previousSecretExpiresAt },
      });
      return { endpoint: row, secret };
    });
  },

  async remove(ctx: Ctx, body: unknown): Promise<true> {
    const owner = ownerOf(ctx);
    const { id } = validate(webhookIdSchema, body);
    await ctx.db.transactional(async () => {
      const before = await endpoint(ctx, id, owner);
      await ctx.db.execute('delete from webhook_endpoint where id = ?', [id], 'run');
      await syncWebhooksConsumer(ctx.db);
      await recordAudit(ctx, {
        action: 'webhook.delete',
        targetType: 'webhook_endpoint',
        targetId: id,
        before: audited(before),
        after: {},
      });
    });
    return true;
  },

  async deliveries(
    ctx: Ctx,
    body: unknown,
  ): Promise<{ items: WebhookDeliveryView[]; total: number; page: number; pageSize: number }> {
    const owner = ownerOf(ctx);
    const { endpointId, status, page, pageSize } = validate(webhookDeliveriesSchema, body);
    await endpoint(ctx, endpointId, owner);
    const rows = await ctx.db.execute<(Omit<WebhookDeliveryView, 'attemptLog'> & { total: number })[]>(
      `select id, endpoint_id as "endpointId", event_id as "eventId", message_id as "messageId",
         event_type as "eventType", status, attempts, case when status = 'pending' then next_attempt_at::text end
         as "nextAttemptAt", last_attempt_at::text as "lastAttemptAt", last_response_code as "lastResponseCode",
         replay_of as "replayOf", created_at::text as "createdAt", body, count(*) over ()::int as total
       from webhook_delivery where endpoint_id = ? and (?::text is null or status = ?)
       order by created_at desc, id limit ? offset ?`,
      [endpointId, status, status, pageSize, (page - 1) * pageSize],
    );
    const attempts = rows.length
      ? await ctx.db.execute<(WebhookAttemptView & { deliveryId: string })[]>(
          `select delivery_id as "deliveryId", attempted_at::text as "attemptedAt", response_code as "responseCode",
             response_body as "responseBody", error, duration_ms as "durationMs"
           from webhook_attempt where delivery_id in (select jsonb_array_elements_text(?::jsonb)::uuid) order by attempted_at, id`,
          [JSON.stringify(rows.map((r) => r.id))],
        )
      : [];
    const total = rows[0]?.total ?? 0;
    return {
      items: rows.map(({ total: _total, ...row }) => ({
        ...row,
        attemptLog: attempts.filter((a) => a.deliveryId === row.id).map(({ deliveryId: _d, ...a }) => a),
      })),
      total,
      page,
      pageSize,
    };
  },

  /** Sends a delivery's message again: a new delivery with the same `webhook-id` and body, due now. */
  async replay(ctx: Ctx, body: unknown): Promise<{ id: string; messageId: string }> {
    const owner = ownerOf(ctx);
    const { id } = validate(webhookIdSchema, body);
    const [row] = await ctx.db.execute<{ id: string; messageId: string }[]>(
      `insert into webhook_delivery (endpoint_id, event_id, message_id, event_type, body, next_attempt_at, replay_of)
       select d.endpoint_id, d.event_id, d.message_id, d.event_type, d.body, now(), d.id
       from webhook_delivery d join webhook_endpoint e on e.id = d.endpoint_id where d.id = ? and ${OWNED}
       returning id, message_id as "messageId"`,
      [id, ...owned(owner)],
    );
    if (!row) throw notFound('Webhook delivery');
    return row;
  },

  /** A `webhook.test` message to the endpoint, due now (its deliveries list shows how it went). */
  async sendTest(ctx: Ctx, body: unknown): Promise<{ id: string; messageId: string }> {
    const owner = ownerOf(ctx);
    const { id } = validate(webhookIdSchema, body);
    const found = await endpoint(ctx, id, owner);
    if (!found.enabled) {
      throw new AppError('BAD_USER_INPUT', 'Turn the endpoint on to send it a test', [
        { field: 'enabled', message: 'Turn the endpoint on to send it a test' },
      ]);
    }
    const messageId = `msg_${randomUUID()}`;
    const message = JSON.stringify({
      type: WEBHOOK_TEST_TYPE,
      timestamp: new Date().toISOString(),
      data: { endpointId: id, message: 'A test from Axisline Supply' },
    });
    const [row] = await ctx.db.execute<{ id: string; messageId: string }[]>(
      `insert into webhook_delivery (endpoint_id, message_id, event_type, body, next_attempt_at)
       values (?, ?, ?, ?, now()) returning id, message_id as "messageId"`,
      [id, messageId, WEBHOOK_TEST_TYPE, message],
    );
    return row!;
  },
};
