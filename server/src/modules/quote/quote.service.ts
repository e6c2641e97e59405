import { CONSOLE_ACCESS } from '../../../../domain/admin';
import { COMPANY_CAN } from '../../../../domain/company';
import { QUOTE_MESSAGES, QUOTE_STATUSES, quoteRequestSchema } from '../../../../domain/quotes';
import { isUuid } from '../../../../domain/ids';
import { ROLES } from '../../../../domain/roles';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { recordAudit } from '../audit/audit';
import { assertAccess } from '../auth/permissions';
import { hit } from '../auth/rate-limit';
import { requireUser } from '../auth/session-auth';
import { cartService } from '../cart/cart.service';

/** Quotes a person may ask for in a day (each one reaches staff's queue). */
const QUOTES_PER_DAY = 20;

export interface QuoteConfigurationView {
  id: string;
  name: string | null;
  unit: string | null;
  value: number;
}

export interface QuoteLineView {
  id: string;
  lineNo: number;
  /** The catalogue part, or null for work described in words. */
  itemId: string | null;
  description: string;
  quantity: number;
  configurations: QuoteConfigurationView[];
  /** The buyer's catalogue price for one at this quantity when they asked; null: the catalogue has none. */
  cataloguePrice: number | null;
  unitPrice: number | null;
  lineTotal: number | null;
}

export interface QuoteView {
  id: string;
  number: string;
  status: string;
  site: string;
  currency: string;
  neededBy: string | null;
  note: string;
  source: string;
  buyerName: string;
  buyerEmail: string;
  companyName: string | null;
  sentRevision: number | null;
  acceptedRevision: number | null;
  orderId: string | null;
  version: number;
  /** ISO 8601, UTC. */
  createdAt: string;
  updatedAt: string;
  /** The lines as the buyer asked for them (revision 0). */
  lines: QuoteLineView[];
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** Quotes with their request's lines, in one statement; the caller adds the where clause and order. */
const QUOTES_SQL = `
  select q.id, q.number::text as number, q.status, q.site, q.currency, to_char(q.needed_by, 'YYYY-MM-DD') as "neededBy",
    q.note, q.source, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as "buyerName",
    u.email as "buyerEmail", ba.company as "companyName", q.sent_revision as "sentRevision",
    q.accepted_revision as "acceptedRevision", q.order_id as "orderId", q.version,
    to_char(q.created_at at time zone 'UTC', ${ISO}) as "createdAt",
    to_char(q.updated_at at time zone 'UTC', ${ISO}) as "updatedAt",
    coalesce((select json_agg(json_build_object('id', l.id, 'lineNo', l.line_no, 'itemId', l.product_id,
        'description', l.description, 'quantity', l.quantity, 'configurations', l.configurations,
        'cataloguePrice', l.catalogue_price::float8, 'unitPrice', l.unit_price::float8,
        'lineTotal', l.line_total::float8) order by l.line_no)
      from quote_line l where l.quote_id = q.id and l.revision = 0), '[]'::json) as lines
  from quote q
  join app_user u on u.id = q.user_id
  left join business_account ba on ba.id = q.account_id`;

/** Who may read a quote: its buyer, and the members of its company who see the company's orders. */
const READABLE = `(q.user_id = ? or (q.account_id is not null and q.account_id = ? and ?::boolean))`;

async function readerOf(ctx: Ctx): Promise<[string, string | null, boolean]> {
  const me = requireUser(ctx);
  const [row] = await ctx.db.execute<{ accountId: string | null; role: number | null }[]>(
    'select account_id as "accountId", company_role as role from app_user where id = ?',
    [me.id],
  );
  return [me.id, row?.accountId ?? null, COMPANY_CAN.seeOrders(row?.role)];
}

export const quoteService = {
  /**
   * A quote for some or all of the cart's lines (priced or not), with the day they are needed by and a note. The
   * cart is left as it is: the buyer may still buy what they did not ask about.
   */
  async requestFromCart(ctx: Ctx, body: unknown): Promise<QuoteView> {
    const me = requireUser(ctx);
    if (me.role !== ROLES.Customer) throw new AppError('FORBIDDEN', QUOTE_MESSAGES.staffOnly);
    const input = validate(quoteRequestSchema, body);
    const cart = await cartService.get(ctx);
    const byId = new Map(cart.orderLines.map((l) => [l.cartLineId, l]));
    const missing = input.cartLineIds.flatMap((id, i) =>
      byId.has(id) ? [] : [{ field: `cartLineIds[${i}]`, message: QUOTE_MESSAGES.unknownLine }],
    );
    if (missing.length) throw new AppError('BAD_USER_INPUT', missing[0]!.message, missing);
    const lines = [...new Set(input.cartLineIds)].map((id) => byId.get(id)!);
    const limit = await hit(ctx.db, { key: `quote:${me.id}`, max: QUOTES_PER_DAY, windowMs: 24 * 3600_000 });
    if (!limit.allowed) {
      throw new AppError('TOO_MANY_REQUESTS', 'Too many requests sent. Please try again later.');
    }
    const id = await ctx.db.transactional(async (trx) => {
      const [quote] = await ctx.db.execute<{ id: string }[]>(
        `insert into quote (site, currency, user_id, account_id, needed_by, note, source)
         values (?, ?, ?, (select account_id from app_user where id = ?), ?::date, ?, 'cart') returning id`,
        [ctx.site, cart.currencyCode, me.id, me.id, input.neededBy || null, input.note],
        'all',
        trx,
      );
      await ctx.db.execute(
        `insert into quote_line (quote_id, revision, line_no, product_id, description, quantity, configurations,
           catalogue_price)
         select ?, 0, r.line_no, r.product_id, r.description, r.quantity, r.configurations, r.catalogue_price
         from jsonb_to_recordset(?::jsonb) as r(line_no smallint, product_id text, description text, quantity int,
           configurations jsonb, catalogue_price numeric)`,
        [
          quote!.id,
          JSON.stringify(
            lines.map((l, i) => ({
              line_no: i + 1,
              product_id: l.id,
              description: l.name,
              quantity: l.quantity,
              configurations: l.configurations.map((c) => ({
                id: c.id,
                name: c.name,
                unit: c.unit,
                value: c.value,
                metadata: c.metadata,
              })),
              catalogue_price: l.price,
            })),
          ),
        ],
        'run',
        trx,
      );
      await recordAudit(ctx, trx, {
        action: 'quote.requested',
        targetType: 'quote',
        targetId: quote!.id,
        after: { lines: lines.length, neededBy: input.neededBy || null },
      });
      return quote!.id;
    });
    return (await this.get(ctx, id))!;
  },

  /** The caller's quotes, and their company's where their role sees its orders; newest first. */
  async mine(ctx: Ctx): Promise<QuoteView[]> {
    const reader = await readerOf(ctx);
    return ctx.db.execute<QuoteView[]>(
      `${QUOTES_SQL} where ${READABLE} order by q.created_at desc limit 100`,
      reader,
    );
  },

  /** One quote the caller may read; NOT_FOUND otherwise (another buyer's reads as missing). */
  async get(ctx: Ctx, id: string): Promise<QuoteView> {
    const reader = await readerOf(ctx);
    if (!isUuid(id)) throw notFound('Quote');
    const [row] = await ctx.db.execute<QuoteView[]>(`${QUOTES_SQL} where q.id = ?::uuid and ${READABLE}`, [
      id,
      ...reader,
    ]);
    if (!row) throw notFound('Quote');
    return row;
  },

  /** Staff's queue: one status, or those waiting for an answer (requested, in review) oldest first. */
  async list(ctx: Ctx, status: string | null): Promise<QuoteView[]> {
    assertAccess(ctx, CONSOLE_ACCESS.quotes);
    const known = QUOTE_STATUSES.find((s) => s === status);
    return known
      ? ctx.db.execute<QuoteView[]>(`${QUOTES_SQL} where q.status = ? order by q.created_at desc limit 200`, [
          known,
        ])
      : ctx.db.execute<QuoteView[]>(
          `${QUOTES_SQL} where q.status in ('requested', 'in_review') order by q.created_at limit 200`,
        );
  },

  async adminGet(ctx: Ctx, id: string): Promise<QuoteView> {
    assertAccess(ctx, CONSOLE_ACCESS.quotes);
    if (!isUuid(id)) throw notFound('Quote');
    const [row] = await ctx.db.execute<QuoteView[]>(`${QUOTES_SQL} where q.id = ?::uuid`, [id]);
    if (!row) throw notFound('Quote');
    return row;
  },
};
