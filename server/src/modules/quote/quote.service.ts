import { CONSOLE_ACCESS, STORE_TIME_ZONE } from '../../../../domain/admin';
import { COMPANY_CAN } from '../../../../domain/company';
import {
  canMoveQuote,
  canRequestAgain,
  type QuoteAnswerInput,
  QUOTE_ANSWER_MESSAGES,
  QUOTE_MESSAGES,
  QUOTE_STATUSES,
  quoteAnswerSchema,
  quoteDeclineSchema,
  quoteLineTotal,
  quoteNumberLabel,
  quoteMessageSchema,
  quoteRequestSchema,
  quoteTotals,
  type QuoteStatus,
} from '../../../../domain/quotes';
import { quotePagePath, ROUTES } from '../../../../domain/routes';
import { BRAND } from '../../../../domain/constants';
import { personName } from '../company';
import { lineTerms, packSizeOf } from '../../../../domain/price-terms';
import {
  LINK_TOKEN,
  localeOr,
  queueEmail,
  sendMessage,
  type Email,
  ACCESS_LINK_DAYS,
  accessLinkKind,
  findAccessLink,
  type Message,
} from '../mail';
import { ensureSession } from '../session';
import { isUuid } from '../../../../domain/ids';
import { ATTACHMENT_KINDS, type AttachmentKind, type QuoteInput } from '../../../../domain/forms.schema';
import { ROLES } from '../../../../domain/roles';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx, Db } from '../../context';
import { recordAudit } from '../audit';
import {
  actsForCompany,
  assertAccess,
  hit,
  type SessionUser,
  QUOTES_OWN,
  heldForAudit,
  heldPrices,
  refuseHeldPrices,
  staffNamed,
  type HeldPrice,
} from '../auth';
import { PRICE_APPROVAL_MESSAGES } from '../../../../domain/price-approval';
import { cartService, linesView, type CartLineView, type CartView } from '../cart';
import { pricingOf } from '../catalog';
import { round2 } from '../../../../domain/money';
import { keepDrawings, type Drawing } from '../forms';
import { publish } from '../events';

declare module 'express-session' {
  interface SessionData {
    /** Guest quotes opened in this session from their e-mailed links (decision 061). */
    guestQuotes?: string[];
    /** When the last of them was opened (ms): an account of another address claims them only soon after. */
    guestQuotesAt?: number;
  }
}

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
  /** Sold by the pack: pieces in a pack (the quantity and prices count packs). */
  packSize: number | null;
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
  /** The language the quote was requested in (its PDF's, decision 058); en-US for quotes from before. */
  locale: string;
  neededBy: string | null;
  note: string;
  source: string;
  buyerName: string;
  buyerEmail: string;
  companyName: string | null;
  /** The phone number given on the quote form ('' otherwise). */
  phone: string;
  /** Drawings sent with the request. */
  attachments: QuoteAttachmentView[];
  sentRevision: number | null;
  acceptedRevision: number | null;
  orderId: string | null;
  version: number;
  /** ISO 8601, UTC. */
  createdAt: string;
  updatedAt: string;
  /** The lines as the buyer asked for them (revision 0). */
  lines: QuoteLineView[];
  /** Staff's reason, when declined. */
  declineNote: string;
  /** The priced answer the buyer was sent last, or null. */
  sent: QuoteRevisionView | null;
  /** Messages between the buyer's side and staff, oldest first (staff's name is not shown: "Axisline Supply"). */
  messages: { id: string; staff: boolean; author: string | null; body: string; createdAt: string }[];
  /** Staff's answer saved, not sent (decision 054): staff only; always null for the buyer's side. */
  draft: QuoteDraftView | null;
}

/** A saved, unsent answer: as sendQuote takes it, who saved it and when, the lines held for a Service or Admin user. */
export interface QuoteDraftView {
  lines: { lineNo: number; unitPrice: number; itemId: string | null }[];
  freight: number;
  leadTimeDays: number;
  expiresOn: string;
  note: string;
  savedBy: string | null;
  savedAt: string;
  /** Lines priced more than STAFF_DISCOUNT_LIMIT_PCT below the catalogue's, or at zero, when saved. */
  heldLines: number[];
}

export interface QuoteAttachmentView {
  id: string;
  filename: string;
  kind: string;
  size: number;
}

export interface QuoteRevisionView {
  revision: number;
  freight: number;
  subTotal: number;
  total: number;
  leadTimeDays: number;
  expiresOn: string;
  note: string;
  sentAt: string;
  lines: QuoteLineView[];
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** A quote's status as it stands (`q`): quoted or accepted but past the sent revision's last day reads expired. */
const EFFECTIVE_STATUS = `case when q.status in ('quoted', 'accepted') and exists (select 1 from quote_revision r
    where r.quote_id = q.id and r.revision = q.sent_revision
      and r.expires_on < (now() at time zone '${STORE_TIME_ZONE}')::date)
  then 'expired' else q.status end`;

/** A quote line as JSON (QuoteLineView), for `l`. */
const LINE_JSON = `json_build_object('id', l.id, 'lineNo', l.line_no, 'itemId', l.product_id,
  'description', l.description, 'quantity', l.quantity, 'packSize', l.pack_size, 'configurations', l.configurations,
  'cataloguePrice', l.catalogue_price::float8, 'unitPrice', l.unit_price::float8, 'lineTotal', l.line_total::float8)`;

/** A sent revision `r` as JSON (QuoteRevisionView), its lines with it. */
const REVISION_JSON = `json_build_object('revision', r.revision, 'freight', r.freight::float8,
  'subTotal', r.sub_total::float8, 'total', r.total::float8, 'leadTimeDays', r.lead_time_days,
  'expiresOn', to_char(r.expires_on, 'YYYY-MM-DD'), 'note', r.note, 'sentAt', to_char(r.sent_at at time zone 'UTC', ${ISO}),
  'lines', coalesce((select json_agg(${LINE_JSON} order by l.line_no)
    from quote_line l where l.quote_id = r.quote_id and l.revision = r.revision), '[]'::json))`;

/** The draft `q` holds, with who saved it (QuoteDraftView), for staff. */
const DRAFT_JSON = `case when q.draft is null then null else q.draft::jsonb || jsonb_build_object(
    'savedBy', (select coalesce(nullif(trim(coalesce(d.first_name, '') || ' ' || coalesce(d.last_name, '')), ''), d.email)
      from app_user d where d.id = q.draft_by_id),
    'savedAt', to_char(q.draft_at at time zone 'UTC', ${ISO})) end`;

/** Quotes with their request's lines, in one statement; the caller adds the where clause and order. */
const quotesSql = (staff: boolean) => `
  select ${staff ? DRAFT_JSON : 'null::jsonb'} as draft, q.id, q.number::text as number, ${EFFECTIVE_STATUS} as status,
    q.site, q.currency, q.locale, to_char(q.needed_by, 'YYYY-MM-DD') as "neededBy",
    q.note, q.source,
    coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), q.contact_name, '') as "buyerName",
    coalesce(u.email, q.contact_email) as "buyerEmail", coalesce(ba.company, nullif(q.company_name, '')) as "companyName", q.phone,
    coalesce((select json_agg(json_build_object('id', a.id, 'filename', a.filename, 'kind', a.kind, 'size', a.size)
      order by a.created_at, a.filename) from quote_attachment a where a.quote_id = q.id), '[]'::json) as attachments,
    q.sent_revision as "sentRevision",
    q.accepted_revision as "acceptedRevision", q.order_id as "orderId", q.version,
    to_char(q.created_at at time zone 'UTC', ${ISO}) as "createdAt",
    to_char(q.updated_at at time zone 'UTC', ${ISO}) as "updatedAt",
    coalesce((select json_agg(${LINE_JSON} order by l.line_no)
      from quote_line l where l.quote_id = q.id and l.revision = 0), '[]'::json) as lines,
    q.decline_note as "declineNote",
    (select ${REVISION_JSON}
      from quote_revision r where r.quote_id = q.id and r.revision = q.sent_revision) as sent,
    coalesce((select json_agg(json_build_object('id', m.id, 'staff', m.staff, 'body', m.body,
        'author', case when m.staff then null else trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')) end,
        'createdAt', to_char(m.created_at at time zone 'UTC', ${ISO})) order by m.created_at, m.id)
      from quote_message m left join app_user a on a.id = m.author_id where m.quote_id = q.id), '[]'::json) as messages
  from quote q
  left join app_user u on u.id = q.user_id
  left join business_account ba on ba.id = q.account_id`;

/** The buyer's side's reading: never a draft. */
const QUOTES_SQL = quotesSql(false);
const STAFF_QUOTES_SQL = quotesSql(true);

/** Who may read a quote: its buyer, and the members of its company who see the company's orders. */
const READABLE = `(q.user_id = ? or (q.account_id is not null and q.account_id = ? and ?::boolean))`;

/** The buyer calling: a signed-in person, or a partner key acting as its user (QUOTES_OWN). */
function quoteBuyer(ctx: Ctx): SessionUser {
  assertAccess(ctx, QUOTES_OWN);
  return ctx.user!;
}

/**
 * Who reads: the caller, their company, and whether they see its quotes (their company role sees its orders; a
 * partner key only with company:orders).
 */
/** Charges the buyer one of their QUOTES_PER_DAY requests. */
async function chargeQuote(ctx: Ctx, userId: string): Promise<void> {
  const limit = await hit(ctx.db, { key: `quote:${userId}`, max: QUOTES_PER_DAY, windowMs: 24 * 3600_000 });
  if (!limit.allowed) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many requests sent. Please try again later.');
  }
}

async function readerOf(ctx: Ctx): Promise<[string, string | null, boolean]> {
  const me = quoteBuyer(ctx);
  if (guestQuotesOf(ctx).length) {
    // In the caller's transaction when there is one (a nested `transactional` joins it).
    await ctx.db.transactional(() => claimGuestQuotes(ctx));
  }
  const [row] = await ctx.db.execute<{ accountId: string | null; role: number | null }[]>(
    'select account_id as "accountId", company_role as role from app_user where id = ?',
    [me.id],
    'all',
  );
  const seesCompany = COMPANY_CAN.seeOrders(row?.role) && (!ctx.apiCaller || actsForCompany(ctx));
  return [me.id, row?.accountId ?? null, seesCompany];
}

export const quoteService = {
  /**
   * A quote for some or all of the cart's lines (priced or not), with the day they are needed by and a note. The
   * cart is left as it is: the buyer may still buy what they did not ask about.
   */
  async requestFromCart(ctx: Ctx, body: unknown): Promise<QuoteView> {
    const me = quoteBuyer(ctx);
    if (me.role !== ROLES.Customer) throw new AppError('FORBIDDEN', QUOTE_MESSAGES.staffOnly);
    const input = validate(quoteRequestSchema, body);
    const cart = await cartService.get(ctx);
    const byId = new Map(cart.orderLines.map((l) => [l.cartLineId, l]));
    const missing = input.cartLineIds.flatMap((id, i) =>
      byId.has(id) ? [] : [{ field: `cartLineIds[${i}]`, message: QUOTE_MESSAGES.unknownLine }],
    );
    if (missing.length) throw new AppError('BAD_USER_INPUT', missing[0]!.message, missing);
    const lines = [...new Set(input.cartLineIds)].map((id) => byId.get(id)!);
    await chargeQuote(ctx, me.id);
    const id = await ctx.db.transactional(async () => {
      const [quote] = await ctx.db.execute<{ id: string }[]>(
        `insert into quote (number, site, currency, locale, user_id, account_id, needed_by, note, source)
         values (nextval('quote_number_seq'), ?, ?, ?, ?, (select account_id from app_user where id = ?), ?::date, ?,
           'cart') returning id`,
        [ctx.site, cart.currencyCode, ctx.locale, me.id, me.id, input.neededBy || null, input.note],
        'all',
      );
      await ctx.db.execute(
        `insert into quote_line (quote_id, revision, line_no, product_id, description, quantity, pack_size,
           configurations, catalogue_price)
         select ?, 0, r.line_no, r.product_id, r.description, r.quantity, r.pack_size, r.configurations,
           r.catalogue_price
         from jsonb_to_recordset(?::jsonb) as r(line_no smallint, product_id text, description text, quantity int,
           pack_size int, configurations jsonb, catalogue_price numeric)`,
        [
          quote!.id,
          JSON.stringify(
            lines.map((l, i) => ({
              line_no: i + 1,
              product_id: l.id,
              description: l.name,
              quantity: l.quantity,
              pack_size: packSizeOf({
                minTransfer: l.minTransfer ?? 1,
                minimumPurchaseQuantity: l.minimumPurchaseQuantity ?? 1,
              }),
              configurations: l.configurations.map((c) => ({
                id: c.id,
                name: c.name,
                unit: c.unit,
                value: c.value,
                metadata: c.metadata,
              })),
              // Per unit as the quantity counts them: a pack's price for packs.
              catalogue_price: lineTerms(l).unitPrice,
            })),
          ),
        ],
        'run',
      );
      await recordAudit(ctx, {
        action: 'quote.requested',
        targetType: 'quote',
        targetId: quote!.id,
        after: { lines: lines.length, neededBy: input.neededBy || null },
      });
      return quote!.id;
    });
    return (await this.get(ctx, id))!;
  },

  /**
   * Request again (issue 51): an expired or declined quote's lines and quantities (as the buyer asked them: parts,
   * options, packs) as a new request of the caller's, with their note; the day needed by is asked afresh. Anyone who
   * reads the quote may (a colleague's becomes their own request); another buyer's reads as missing.
   */
  async requestAgain(ctx: Ctx, id: string): Promise<QuoteView> {
    const me = quoteBuyer(ctx);
    if (me.role !== ROLES.Customer) throw new AppError('FORBIDDEN', QUOTE_MESSAGES.staffOnly);
    const newId = await ctx.db.transactional(async () => {
      const old = await lockForBuyer(ctx, id);
      const status =
        old.expired && (old.status === 'quoted' || old.status === 'accepted') ? 'expired' : old.status;
      if (!canRequestAgain(status)) throw new AppError('CONFLICT', QUOTE_MESSAGES.notAgain);
      await chargeQuote(ctx, me.id);
      const [quote] = await ctx.db.execute<{ id: string }[]>(
        `insert into quote (number, site, currency, user_id, account_id, note, source)
         select nextval('quote_number_seq'), q.site, q.currency, ?, (select account_id from app_user where id = ?),
           q.note, q.source
         from quote q where q.id = ? returning id`,
        [me.id, me.id, old.id],
        'all',
      );
      // The lines as asked (a line in words stays in words); staff price the request afresh, held against the
      // catalogue price of today (decision 054).
      await ctx.db.execute(
        `insert into quote_line (quote_id, revision, line_no, product_id, description, quantity, pack_size,
           configurations, catalogue_price)
         select ?, 0, l.line_no, l.product_id, l.description, l.quantity, l.pack_size, l.configurations,
           null
         from quote_line l where l.quote_id = ? and l.revision = 0`,
        [quote!.id, old.id],
        'run',
      );
      await recordAudit(ctx, {
        action: 'quote.requested',
        targetType: 'quote',
        targetId: quote!.id,
        after: { again: old.id },
      });
      return quote!.id;
    });
    return this.get(ctx, newId);
  },

  /**
   * The quote form of a signed-in buyer (decision 049): one line for the item as they wrote it (the catalogue part
   * when the text is a part number sold on the site), the quantity, their comments as the note, and the drawings.
   * Staff's mailbox gets a console link, the buyer a link to the quote's page. Staff price it as any request; a line
   * in words is ordered as the part staff name.
   */
  async requestFromForm(
    ctx: Ctx,
    input: QuoteInput,
    drawings: Drawing[],
  ): Promise<{ id: string; number: string }> {
    const me = quoteBuyer(ctx);
    await chargeQuote(ctx, me.id);
    return this.insertFormQuote(ctx, input, drawings, me);
  },

  /** The quote a quote form makes, for a signed-in buyer or (`guest`) a guest's contact; its e-mails. */
  async insertFormQuote(
    ctx: Ctx,
    input: QuoteInput,
    drawings: Drawing[],
    buyer: SessionUser | { email: string; name: string; locale: string },
  ): Promise<{ id: string; number: string }> {
    const me = 'id' in buyer ? buyer : null;
    const { currency } = await pricingOf(ctx);
    return ctx.db.transactional(async () => {
      const [part] = await ctx.db.execute<
        { id: string; name: string; minTransfer: number; minimumPurchaseQuantity: number }[]
      >(
        `select id, name, min_transfer as "minTransfer", minimum_purchase_quantity as "minimumPurchaseQuantity"
         from product where (upper(id) = upper(?) or upper(manufacturer_part_number) = upper(?)) and ? = any(sites)
         order by (upper(id) = upper(?)) desc limit 1`,
        [input.item, input.item, ctx.site, input.item],
        'all',
      );
      const [quote] = await ctx.db.execute<{ id: string; number: string }[]>(
        `insert into quote (number, site, currency, locale, user_id, account_id, note, source, phone, company_name,
           contact_email, contact_name, contact_locale)
         values (nextval('quote_number_seq'), ?, ?, ?, ?, (select account_id from app_user where id = ?), ?, 'form', ?,
           ?, ?, ?, ?)
         returning id, number::text as number`,
        [
          ctx.site,
          currency,
          ctx.locale,
          me?.id ?? null,
          me?.id ?? null,
          input.comments ?? '',
          input.phone ?? '',
          input.company ?? '',
          me ? null : buyer.email,
          me || !('name' in buyer) ? '' : buyer.name,
          me || !('locale' in buyer) ? null : buyer.locale,
        ],
        'all',
      );
      await ctx.db.execute(
        `insert into quote_line (quote_id, revision, line_no, product_id, description, quantity, pack_size)
         values (?, 0, 1, ?, ?, ?, ?)`,
        [
          quote!.id,
          part?.id ?? null,
          part?.name ?? input.item,
          input.quantity ?? 1,
          part ? packSizeOf(part) : null,
        ],
        'run',
      );
      await keepDrawings(ctx, 'quote', quote!.id, drawings);
      await recordAudit(ctx, {
        action: 'quote.requested',
        targetType: 'quote',
        targetId: quote!.id,
        after: { source: 'form', part: part?.id ?? null, drawings: drawings.length, guest: !me },
      });
      const label = quoteNumberLabel(quote!.number);
      const asked = [
        `item: ${input.item}`,
        `quantity: ${input.quantity ?? 1}`,
        ...(input.comments ? [`comments: ${input.comments}`] : []),
        ...(drawings.length ? [`drawings: ${drawings.map((d) => d.filename).join(', ')}`] : []),
      ];
      await queueEmail(ctx.db, ctx.log, {
        to: BRAND.email.help,
        kind: 'form-quote',
        subject: `Quote request ${label} from ${input.email}`,
        text: `${asked.join('\n')}\n\nPrice it in the console:\n${ctx.app.auth.publicUrl}${ROUTES.admin}/quotes/${quote!.id}\n`,
      });
      const { url, link } = quoteLink(ctx, { id: quote!.id, site: ctx.site, guest: !me });
      await sendMessage(ctx.db, ctx.log, {
        to: buyer.email,
        locale: ctx.locale,
        message: {
          kind: 'form-received',
          form: 'quote',
          reference: label,
          phone: BRAND.phones.tollFree,
          url,
        },
        link,
      });
      return quote!;
    });
  },

  /**
   * A guest's quote form (decision 061): a quote with the contact's e-mail, name and language and no user, priced by
   * staff as any; the guest is e-mailed an access link minted at delivery that opens it in any browser, and accepts
   * it once signed up or in.
   */
  async requestFromGuestForm(
    ctx: Ctx,
    input: QuoteInput,
    drawings: Drawing[],
  ): Promise<{ id: string; number: string }> {
    const email = input.email.toLowerCase();
    const limit = await hit(ctx.db, { key: `quote:${email}`, max: QUOTES_PER_DAY, windowMs: 24 * 3600_000 });
    if (!limit.allowed) {
      throw new AppError('TOO_MANY_REQUESTS', 'Too many requests sent. Please try again later.');
    }
    const name = [input.firstName, input.lastName].filter(Boolean).join(' ');
    return this.insertFormQuote(ctx, input, drawings, { email, name, locale: ctx.locale });
  },

  /** A drawing sent with a quote, to its buyer's side (or staff: `staff`); another's reads as missing. */
  async attachment(ctx: Ctx, quoteId: string, id: string, staff: boolean) {
    const quote = staff ? await this.adminGet(ctx, quoteId) : await this.get(ctx, quoteId);
    if (!isUuid(id) || !quote.attachments.some((a) => a.id === id)) throw notFound('Attachment');
    const [row] = await ctx.db.execute<{ filename: string; kind: AttachmentKind; data: Buffer }[]>(
      'select filename, kind, data from quote_attachment where id = ? and quote_id = ?',
      [id, quote.id],
    );
    if (!row) throw notFound('Attachment');
    return { ...row, contentType: ATTACHMENT_KINDS[row.kind].contentType };
  },

  /** The caller's quotes, and their company's where their role sees its orders; newest first. */
  async mine(ctx: Ctx): Promise<QuoteView[]> {
    const reader = await readerOf(ctx);
    return ctx.db.execute<QuoteView[]>(
      `${QUOTES_SQL} where ${READABLE} order by q.created_at desc limit 100`,
      reader,
    );
  },

  /**
   * One quote the caller may read; NOT_FOUND otherwise (another buyer's reads as missing). A guest reads, without
   * an account, the guest quotes this session opened from their e-mailed links (decision 061).
   */
  async get(ctx: Ctx, id: string): Promise<QuoteView> {
    if (!ctx.user && !ctx.apiCaller && guestQuotesOf(ctx).length) {
      const [guest] = isUuid(id)
        ? await ctx.db.execute<QuoteView[]>(
            `${QUOTES_SQL} where q.id = ?::uuid and q.user_id is null and q.id in (?)`,
            [id, guestQuotesOf(ctx)],
          )
        : [];
      if (guest) return guest;
    }
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
      ? ctx.db.execute<QuoteView[]>(
          `${STAFF_QUOTES_SQL} where ${EFFECTIVE_STATUS} = ? order by q.created_at desc limit 200`,
          [known],
        )
      : ctx.db.execute<QuoteView[]>(
          `${STAFF_QUOTES_SQL} where q.status in ('requested', 'in_review') order by q.created_at limit 200`,
        );
  },

  /** Staff take a request into review (the buyer sees someone is on it). */
  async review(ctx: Ctx, id: string, version: number): Promise<QuoteView> {
    assertAccess(ctx, CONSOLE_ACCESS.quotes);
    await ctx.db.transactional(async () => {
      const quote = await lockQuote(ctx, id, version);
      moveTo(quote.status, 'in_review');
      await ctx.db.execute(
        `update quote set status = 'in_review', version = version + 1, updated_at = now() where id = ?`,
        [quote.id],
        'run',
      );
      await recordAudit(ctx, {
        action: 'quote.in-review',
        targetType: 'quote',
        targetId: quote.id,
        after: {},
      });
    });
    return this.adminGet(ctx, id);
  },

  /**
   * Staff price every line of the request and send it: the next revision (never changed once sent), the quote
   * `quoted`, and the buyer e-mailed a link to it. A stale page (another revision sent meanwhile) is refused. A price
   * more than STAFF_DISCOUNT_LIMIT_PCT below the catalogue's, or zero, needs a Service or Admin role (decision 054):
   * others save the answer as a draft (`saveDraft`) for one of them to send.
   */
  async send(ctx: Ctx, id: string, version: number, body: unknown): Promise<QuoteView> {
    assertAccess(ctx, CONSOLE_ACCESS.quotes);
    const answer = validate(quoteAnswerSchema, body);
    await ctx.db.transactional(async () => {
      const quote = await lockQuote(ctx, id, version);
      moveTo(quote.status, 'quoted');
      const priced = await priceAnswer(ctx, quote, answer);
      refuseHeldPrices(ctx, priced.held);
      await sendRevision(ctx, quote, answer, priced, null);
    });
    return this.adminGet(ctx, id);
  },

  /**
   * Staff save their answer without sending it (decision 054): checked as a send is (every line priced, the parts
   * named, the quote open), kept as the quote's one draft with who saved it; not e-mailed, never shown to the buyer.
   * Any staff member may save one; a Service or Admin user sends it (`sendDraft`).
   */
  async saveDraft(ctx: Ctx, id: string, version: number, body: unknown): Promise<QuoteView> {
    assertAccess(ctx, CONSOLE_ACCESS.quotes);
    const answer = validate(quoteAnswerSchema, body);
    await ctx.db.transactional(async () => {
      const quote = await lockQuote(ctx, id, version);
      moveTo(quote.status, 'quoted');
      const priced = await priceAnswer(ctx, quote, answer);
      // By line number: the part staff named is kept for a line in words, whatever order the answer's lines came in.
      const asked = new Map(priced.asked.map((a) => [a.lineNo, a]));
      const draft = {
        lines: answer.lines.map((l) => ({
          lineNo: l.lineNo,
          unitPrice: l.unitPrice,
          itemId: asked.get(l.lineNo)?.itemId ? null : (l.itemId?.trim() ?? null),
        })),
        freight: answer.freight,
        leadTimeDays: answer.leadTimeDays,
        expiresOn: answer.expiresOn,
        note: answer.note,
        heldLines: priced.held.map((h) => h.line),
      };
      await ctx.db.execute(
        `update quote set draft = ?::jsonb, draft_by_id = ?, draft_at = now(), version = version + 1,
           updated_at = now() where id = ?`,
        [JSON.stringify(draft), ctx.user!.id, quote.id],
        'run',
      );
      await recordAudit(ctx, {
        action: 'quote.draft-saved',
        targetType: 'quote',
        targetId: quote.id,
        after: {
          savedBy: await staffNamed(ctx, ctx.user!.id),
          ...priced.totals,
          belowCatalogue: heldForAudit(priced.held),
        },
      });
    });
    return this.adminGet(ctx, id);
  },

  /**
   * A Service or Admin user sends the draft as it was saved (decision 054): the next revision, e-mailed as any, naming
   * who saved it; re-checked as a send is (a last day now past is refused next to it).
   */
  async sendDraft(ctx: Ctx, id: string, version: number): Promise<QuoteView> {
    assertAccess(ctx, CONSOLE_ACCESS.belowCataloguePrices);
    await ctx.db.transactional(async () => {
      const quote = await lockQuote(ctx, id, version);
      const [saved] = await ctx.db.execute<{ draft: QuoteDraftView | null; draftBy: string | null }[]>(
        'select draft, draft_by_id as "draftBy" from quote where id = ?',
        [quote.id],
        'all',
      );
      if (!saved?.draft) throw new AppError('CONFLICT', PRICE_APPROVAL_MESSAGES.noDraft);
      moveTo(quote.status, 'quoted');
      const { lines, freight, leadTimeDays, expiresOn, note } = saved.draft;
      const answer = validate(quoteAnswerSchema, { lines, freight, leadTimeDays, expiresOn, note });
      const priced = await priceAnswer(ctx, quote, answer);
      await sendRevision(ctx, quote, answer, priced, saved.draftBy);
    });
    return this.adminGet(ctx, id);
  },

  /** Staff decline a request or an open quote with a note; the buyer is e-mailed. */
  async decline(ctx: Ctx, id: string, version: number, body: unknown): Promise<QuoteView> {
    assertAccess(ctx, CONSOLE_ACCESS.quotes);
    const { note } = validate(quoteDeclineSchema, body);
    await ctx.db.transactional(async () => {
      const quote = await lockQuote(ctx, id, version);
      moveTo(quote.status, 'declined');
      await ctx.db.execute(
        `update quote set status = 'declined', decline_note = ?, draft = null, draft_by_id = null, draft_at = null,
           version = version + 1, updated_at = now()
         where id = ?`,
        [note, quote.id],
        'run',
      );
      await recordAudit(ctx, {
        action: 'quote.declined',
        targetType: 'quote',
        targetId: quote.id,
        after: { note },
      });
      await mailBuyer(ctx, quote, { kind: 'quote-declined', note });
    });
    return this.adminGet(ctx, id);
  },

  /**
   * The buyer accepts the revision they read, once, before its last day: a revision sent since, an expired quote or
   * a second acceptance (two tabs at once: the row is locked) is refused with CONFLICT.
   */
  async accept(ctx: Ctx, id: string, revision: number): Promise<QuoteView> {
    const me = quoteBuyer(ctx);
    await ctx.db.transactional(async () => {
      const quote = await lockForBuyer(ctx, id);
      if (quote.userId !== me.id) throw new AppError('UNPROCESSABLE', QUOTE_MESSAGES.notYours);
      if (quote.status === 'accepted' || quote.status === 'ordered') {
        throw new AppError(
          'CONFLICT',
          quote.status === 'ordered' ? QUOTE_MESSAGES.ordered : QUOTE_MESSAGES.notQuoted,
        );
      }
      if (quote.status !== 'quoted') throw new AppError('CONFLICT', QUOTE_MESSAGES.notQuoted);
      if (quote.site !== ctx.site) throw new AppError('CONFLICT', QUOTE_MESSAGES.otherSite);
      if (quote.sentRevision !== revision) throw new AppError('CONFLICT', QUOTE_MESSAGES.revised);
      if (quote.expired) throw new AppError('CONFLICT', QUOTE_MESSAGES.expired);
      const [accepted] = await ctx.db.execute<{ version: number }[]>(
        `update quote set status = 'accepted', accepted_revision = ?, version = version + 1, updated_at = now()
         where id = ? returning version`,
        [revision, quote.id],
        'all',
      );
      publish(ctx, {
        type: 'quote.accepted',
        aggregateType: 'quote',
        aggregateId: quote.id,
        version: accepted!.version,
        actorId: me.id,
        payload: { quoteId: quote.id, revision, userId: quote.userId, accountId: quote.accountId },
      });
      await recordAudit(ctx, {
        action: 'quote.accepted',
        targetType: 'quote',
        targetId: quote.id,
        after: { revision },
      });
    });
    return this.get(ctx, id);
  },

  /**
   * An accepted quote as checkout shows it: its lines at the quote's prices, its freight, tax for the state shipped
   * to; refused as placing it would be (another revision, expired, ordered, another currency).
   */
  async checkout(ctx: Ctx, id: string, revision: number, shipTo: string | null): Promise<CartView> {
    quoteBuyer(ctx);
    const { currency } = await pricingOf(ctx);
    const quote = await ctx.db.transactional(() => quoteForOrder(ctx, id, revision, ctx.site, currency));
    return linesView(ctx, quote.lines, shipTo, quote.freight);
  },

  /** The buyer (or a colleague who sees the quote) writes to staff; the help mailbox is e-mailed a console link. */
  async message(ctx: Ctx, id: string, body: unknown): Promise<QuoteView> {
    const me = quoteBuyer(ctx);
    const input = validate(quoteMessageSchema, body);
    const limit = await hit(ctx.db, { key: `quote-message:${me.id}`, max: 50, windowMs: 24 * 3600_000 });
    if (!limit.allowed)
      throw new AppError('TOO_MANY_REQUESTS', 'Too many requests sent. Please try again later.');
    await ctx.db.transactional(async () => {
      const quote = await lockForBuyer(ctx, id);
      const [row] = await ctx.db.execute<{ number: string }[]>(
        'select number::text as number from quote where id = ?',
        [quote.id],
        'all',
      );
      await ctx.db.execute(
        'insert into quote_message (quote_id, author_id, staff, body) values (?, ?, false, ?)',
        [quote.id, me.id, input.body],
        'run',
      );
      await sendMessage(ctx.db, ctx.log, {
        to: BRAND.email.help,
        locale: 'en-US',
        message: {
          kind: 'quote-message',
          number: quoteNumberLabel(row!.number),
          from: personName(me.firstName, me.lastName, me.email),
          body: input.body,
          url: `${ctx.app.auth.publicUrl}${ROUTES.admin}/quotes/${quote.id}`,
        },
      });
    });
    return this.get(ctx, id);
  },

  /** Staff write to the buyer, who is e-mailed a link to the quote. */
  async staffMessage(ctx: Ctx, id: string, body: unknown): Promise<QuoteView> {
    assertAccess(ctx, CONSOLE_ACCESS.quotes);
    const input = validate(quoteMessageSchema, body);
    await ctx.db.transactional(async () => {
      const quote = await lockQuote(ctx, id, null);
      await ctx.db.execute(
        'insert into quote_message (quote_id, author_id, staff, body) values (?, ?, true, ?)',
        [quote.id, ctx.user!.id, input.body],
        'run',
      );
      await mailBuyer(ctx, quote, { kind: 'quote-message', from: BRAND.name, body: input.body });
    });
    return this.adminGet(ctx, id);
  },

  /**
   * A guest's quote link from an e-mail (decision 061): the quote joins this browser's session, and, once its holder
   * is signed in as a customer, their account. `expired` past its day; `used` once the quote is another account's;
   * `unknown` for a forged or mistyped link.
   */
  async openByLink(ctx: Ctx, token: string): Promise<{ id: string } | 'expired' | 'used' | 'unknown'> {
    const found = await findAccessLink(ctx.db, 'quote', token);
    if (typeof found === 'string') return found;
    const [quote] = await ctx.db.execute<{ id: string; userId: string | null }[]>(
      'select id, user_id as "userId" from quote where id = ?',
      [found.targetId],
    );
    if (!quote) return 'unknown';
    if (quote.userId) return quote.userId === ctx.user?.id ? { id: quote.id } : 'used';
    const session = ensureSession(ctx.req);
    session.guestQuotes = [...guestQuotesOf(ctx).filter((q) => q !== quote.id), quote.id].slice(
      -GUEST_QUOTES_KEPT,
    );
    session.guestQuotesAt = Date.now();
    if (ctx.user?.role === ROLES.Customer) await ctx.db.transactional(() => claimGuestQuotes(ctx));
    return { id: quote.id };
  },

  async adminGet(ctx: Ctx, id: string): Promise<QuoteView> {
    assertAccess(ctx, CONSOLE_ACCESS.quotes);
    if (!isUuid(id)) throw notFound('Quote');
    const [row] = await ctx.db.execute<QuoteView[]>(`${STAFF_QUOTES_SQL} where q.id = ?::uuid`, [id]);
    if (!row) throw notFound('Quote');
    return row;
  },
};

interface LockedQuote {
  id: string;
  number: string;
  status: QuoteStatus;
  site: string;
  currency: string;
  sentRevision: number | null;
  version: number;
  email: string;
  locale: string;
  /** A guest's quote (no account yet): its e-mails carry an access link instead of the page's address. */
  guest: boolean;
}

/**
 * The quote staff act on, locked for the transaction: NOT_FOUND when missing, CONFLICT when the page was stale
 * (`version` is what the page showed).
 */
async function lockQuote(ctx: Ctx, id: string, version: number | null): Promise<LockedQuote> {
  if (!isUuid(id)) throw notFound('Quote');
  const [quote] = await ctx.db.execute<LockedQuote[]>(
    `select q.id, q.number::text as number, ${EFFECTIVE_STATUS} as status, q.site, q.currency,
       q.sent_revision as "sentRevision", q.version,
       coalesce(u.email, q.contact_email) as email, coalesce(u.locale, q.contact_locale) as locale,
       q.user_id is null as guest
     from quote q left join app_user u on u.id = q.user_id where q.id = ? for update of q`,
    [id],
    'all',
  );
  if (!quote) throw notFound('Quote');
  if (version !== null && quote.version !== version) {
    throw new AppError('CONFLICT', 'This quote was changed meanwhile: reload it to see what changed.');
  }
  return quote;
}

type BuyerMail = Extract<Message, { kind: 'quote-sent' | 'quote-declined' | 'quote-message' }>;
type WithoutLink<M> = M extends unknown ? Omit<M, 'number' | 'url'> : never;

/** E-mails a quote's buyer, in their language, with its number and a link to its page (in the caller's transaction). */
function mailBuyer(
  ctx: Ctx,
  quote: LockedQuote,
  message: WithoutLink<BuyerMail>,
  attachment?: Email['attachment'],
): Promise<void> {
  const { url, link } = quoteLink(ctx, quote);
  return sendMessage(ctx.db, ctx.log, {
    to: quote.email,
    locale: localeOr(quote.locale),
    message: { ...message, number: quoteNumberLabel(quote.number), url } as BuyerMail,
    link,
    attachment,
  });
}

/**
 * The link to a quote in its buyer's e-mail: its page for an account's quote; for a guest's, an access link minted at
 * delivery (decision 061) that opens it in any browser, the way a guest's order link does (decision 031).
 */
function quoteLink(
  ctx: Ctx,
  quote: { id: string; site: string; guest: boolean },
): { url: string; link?: Email['link'] } {
  const site = ctx.app.auth.siteUrl(quote.site);
  if (!quote.guest) return { url: `${site}${quotePagePath(quote.id)}` };
  return {
    url: `${site}${QUOTE_ACCESS_PATH}?token=${LINK_TOKEN}`,
    link: {
      kind: accessLinkKind('quote'),
      ref: quote.id,
      expiresAt: new Date(Date.now() + ACCESS_LINK_DAYS * 86_400_000),
    },
  };
}

/** The route that redeems a guest's quote link (quote.routes.ts). */
export const QUOTE_ACCESS_PATH = '/api/quotes/access';

/** Quotes a guest's session may read, opened from their links (the newest kept). */
const GUEST_QUOTES_KEPT = 20;

/** The guest quotes this session opened from e-mailed links. */
const guestQuotesOf = (ctx: Ctx): string[] => ctx.req.session?.guestQuotes ?? [];

/** How long after opening a guest quote's link an account of another address may take it (30 minutes). */
export const GUEST_QUOTE_CLAIM_MS = 30 * 60_000;

/**
 * A signed-in customer whose session opened guest quotes' links: those still without an account join theirs (the
 * link's holder proved they read that mailbox; decision 061), and the session forgets them.
 */
async function claimGuestQuotes(ctx: Ctx): Promise<void> {
  const held = guestQuotesOf(ctx);
  const me = ctx.user;
  if (held.length === 0 || !me || me.role !== ROLES.Customer || ctx.apiCaller) return;
  // The account of the quote's own address claims it; another account only right after the link was opened (the
  // guest signing up or in to accept it), never a later visitor of a shared browser (decision 061).
  const fresh = Date.now() - (ctx.req.session?.guestQuotesAt ?? 0) < GUEST_QUOTE_CLAIM_MS;
  const claimed = await ctx.db.execute<{ id: string }[]>(
    `update quote set user_id = ?, account_id = (select account_id from app_user where id = ?),
       version = version + 1, updated_at = now()
     where id in (?) and user_id is null and (? or lower(contact_email) = lower(?)) returning id`,
    [me.id, me.id, held, fresh, me.email],
    'all',
  );
  for (const { id } of claimed) {
    await recordAudit(ctx, {
      action: 'quote.claimed',
      targetType: 'quote',
      targetId: id,
      after: { by: me.id },
    });
  }
  ctx.req.session!.guestQuotes = [];
}

/**
 * The catalogue part each line in words is ordered and invoiced as (an order line is always a part: a custom-work
 * part for work to a drawing), from staff's answer: required, and sold on the quote's site. By line number.
 */
async function orderedAs(
  ctx: Ctx,
  site: string,
  asked: { lineNo: number; itemId: string | null }[],
  answer: Map<number, { itemId?: string | null }>,
): Promise<Map<number, string>> {
  const inWords = asked.map((l, i) => ({ ...l, i })).filter((l) => !l.itemId);
  const named = inWords.map((l) => answer.get(l.lineNo)?.itemId?.trim() ?? '');
  if (inWords.length === 0) return new Map();
  const known = new Map(
    (
      await ctx.db.execute<{ id: string; asked: string }[]>(
        `select p.id, a.asked from jsonb_array_elements_text(?::jsonb) as a(asked)
         join product p on (upper(p.id) = upper(a.asked) or upper(p.manufacturer_part_number) = upper(a.asked))
           and ? = any(p.sites)`,
        [JSON.stringify(named.filter(Boolean)), site],
        'all',
      )
    ).map((r) => [r.asked, r.id]),
  );
  const problems = inWords.flatMap((l, k) => {
    const message = !named[k]
      ? QUOTE_ANSWER_MESSAGES.partNeeded
      : known.has(named[k]!)
        ? null
        : QUOTE_ANSWER_MESSAGES.unknownPart;
    return message ? [{ field: `lines[${l.i}].itemId`, message }] : [];
  });
  if (problems.length) throw new AppError('BAD_USER_INPUT', problems[0]!.message, problems);
  return new Map(inWords.map((l, k) => [l.lineNo, known.get(named[k]!)!]));
}

/** An answer checked against the request: its lines priced and totalled, and the prices held (decision 054). */
interface PricedAnswer {
  asked: {
    lineNo: number;
    quantity: number;
    itemId: string | null;
    cataloguePrice: number | null;
    packSize: number | null;
  }[];
  lines: { lineNo: number; unitPrice: number; lineTotal: number; itemId: string }[];
  totals: ReturnType<typeof quoteTotals>;
  held: HeldPrice[];
}

/**
 * Staff's answer against the request: every line priced (next to the first missing), each line in words named as a
 * catalogue part, the totals, and the lines priced more than the store's share below their catalogue price or at
 * zero (the catalogue price the buyer's line recorded when they asked).
 */
async function priceAnswer(ctx: Ctx, quote: LockedQuote, answer: QuoteAnswerInput): Promise<PricedAnswer> {
  const asked = await ctx.db.execute<PricedAnswer['asked']>(
    `select line_no as "lineNo", quantity, product_id as "itemId", catalogue_price::float8 as "cataloguePrice",
       pack_size as "packSize"
     from quote_line where quote_id = ? and revision = 0 order by line_no`,
    [quote.id],
    'all',
  );
  const prices = new Map(answer.lines.map((l) => [l.lineNo, l]));
  const unpriced = asked.findIndex((l) => !prices.has(l.lineNo));
  if (unpriced >= 0 || prices.size !== asked.length) {
    const field = unpriced >= 0 ? `lines[${unpriced}].unitPrice` : 'lines';
    throw new AppError('BAD_USER_INPUT', QUOTE_ANSWER_MESSAGES.everyLine, [
      { field, message: QUOTE_ANSWER_MESSAGES.everyLine },
    ]);
  }
  const parts = await orderedAs(ctx, quote.site, asked, prices);
  const lines = asked.map((l) => {
    const { unitPrice } = prices.get(l.lineNo)!;
    return {
      lineNo: l.lineNo,
      unitPrice,
      lineTotal: quoteLineTotal(unitPrice, l.quantity),
      itemId: l.itemId ?? parts.get(l.lineNo)!,
    };
  });
  // A line that recorded no catalogue price (a form's, a line in words, a request made again) is held against the
  // part's price on the quote's site now (decision 054).
  const current = await sitePrices(
    ctx,
    quote.site,
    lines.filter((_, i) => asked[i]!.cataloguePrice === null).map((l) => l.itemId),
  );
  const held = heldPrices(
    ctx,
    asked.map((l, i) => ({
      line: l.lineNo,
      itemId: lines[i]!.itemId,
      cataloguePrice:
        l.cataloguePrice ??
        (current.has(lines[i]!.itemId) ? round2(current.get(lines[i]!.itemId)! * (l.packSize ?? 1)) : null),
      price: lines[i]!.unitPrice,
      field: `lines[${i}].unitPrice`,
    })),
  );
  return { asked, lines, totals: quoteTotals(lines, answer.freight), held };
}

/**
 * The catalogue's price of each part on a site (its own price list's, else the part's): per piece, before volume
 * breaks; a part the site prices on request is missing.
 */
async function sitePrices(ctx: Ctx, site: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.execute<{ id: string; price: number | null }[]>(
    `select p.id, (case when s.price_list_id is null then p.price else pli.price end)::float8 as price
     from product p left join site s on s.id = ?
     left join price_list_item pli on pli.price_list_id = s.price_list_id and pli.product_id = p.id
     where p.id in (?)`,
    [site, [...new Set(ids)]],
    'all',
  );
  return new Map(rows.flatMap((r) => (r.price === null ? [] : [[r.id, r.price] as const])));
}

/**
 * Writes the next revision of a priced answer (never changed once sent), makes the quote `quoted`, clears its draft,
 * writes the audit entry (who sent it, who saved it when a draft, the prices below the catalogue's) and e-mails the
 * buyer with the revision as a PDF.
 */
async function sendRevision(
  ctx: Ctx,
  quote: LockedQuote,
  answer: QuoteAnswerInput,
  { lines, totals, held }: PricedAnswer,
  draftedBy: string | null,
): Promise<void> {
  const revision = (quote.sentRevision ?? 0) + 1;
  await ctx.db.execute(
    `insert into quote_revision (quote_id, revision, freight, sub_total, total, lead_time_days, expires_on, note,
       sent_by_id, drafted_by_id)
     values (?, ?, ?, ?, ?, ?, ?::date, ?, ?, ?)`,
    [
      quote.id,
      revision,
      totals.freight,
      totals.subTotal,
      totals.total,
      answer.leadTimeDays,
      answer.expiresOn,
      answer.note,
      ctx.user!.id,
      draftedBy,
    ],
    'run',
  );
  await ctx.db.execute(
    `insert into quote_line (quote_id, revision, line_no, product_id, description, quantity, pack_size,
       configurations, catalogue_price, unit_price, line_total)
     select l.quote_id, ?, l.line_no, p.product_id, l.description, l.quantity, l.pack_size, l.configurations,
       l.catalogue_price, p.unit_price, p.line_total
     from quote_line l
     join jsonb_to_recordset(?::jsonb)
       as p(line_no smallint, product_id text, unit_price numeric, line_total numeric)
       on p.line_no = l.line_no
     where l.quote_id = ? and l.revision = 0`,
    [
      revision,
      JSON.stringify(
        lines.map((l) => ({
          line_no: l.lineNo,
          product_id: l.itemId,
          unit_price: l.unitPrice,
          line_total: l.lineTotal,
        })),
      ),
      quote.id,
    ],
    'run',
  );
  const [sent] = await ctx.db.execute<{ version: number }[]>(
    `update quote set status = 'quoted', sent_revision = ?, draft = null, draft_by_id = null, draft_at = null,
       version = version + 1, updated_at = now()
     where id = ? returning version`,
    [revision, quote.id],
    'all',
  );
  publish(ctx, {
    type: 'quote.sent',
    aggregateType: 'quote',
    aggregateId: quote.id,
    version: sent!.version,
    actorId: ctx.user!.id,
    payload: {
      quoteId: quote.id,
      revision,
      currency: quote.currency,
      ...totals,
      expiresOn: answer.expiresOn,
    },
  });
  await recordAudit(ctx, {
    action: 'quote.sent',
    targetType: 'quote',
    targetId: quote.id,
    after: {
      revision,
      ...totals,
      leadTimeDays: answer.leadTimeDays,
      expiresOn: answer.expiresOn,
      sentBy: await staffNamed(ctx, ctx.user!.id),
      ...(draftedBy ? { savedBy: await staffNamed(ctx, draftedBy) } : {}),
      ...(held.length ? { belowCatalogue: heldForAudit(held) } : {}),
    },
  });
  await mailBuyer(
    ctx,
    quote,
    {
      kind: 'quote-sent',
      total: { value: totals.total, currency: quote.currency },
      // The store's day, read at noon so no time zone moves it.
      expiresOn: new Date(`${answer.expiresOn}T17:00:00Z`),
      leadTimeDays: answer.leadTimeDays,
      note: answer.note,
    },
    // The revision as a PDF, made when the e-mail is delivered.
    { kind: 'quote-pdf', ref: `${quote.id}:${revision}` },
  );
}

function moveTo(from: QuoteStatus, to: QuoteStatus): void {
  if (!canMoveQuote(from, to)) {
    throw new AppError(
      'CONFLICT',
      `A quote that is ${from.replace('_', ' ')} cannot become ${to.replace('_', ' ')}.`,
    );
  }
}

interface BuyerQuote {
  id: string;
  userId: string;
  accountId: string | null;
  site: string;
  status: QuoteStatus;
  currency: string;
  sentRevision: number | null;
  acceptedRevision: number | null;
  orderId: string | null;
  freight: number | null;
  /** Past the sent revision's last day (the store's day). */
  expired: boolean;
}

/** The quote a buyer acts on, locked for the transaction; another buyer's (or a malformed id) is NOT_FOUND. */
async function lockForBuyer(ctx: Ctx, id: string): Promise<BuyerQuote> {
  if (!isUuid(id)) throw notFound('Quote');
  const [quote] = await ctx.db.execute<BuyerQuote[]>(
    `select q.id, q.user_id as "userId", q.account_id as "accountId", q.status, q.currency, q.site, q.sent_revision as "sentRevision",
       q.accepted_revision as "acceptedRevision", q.order_id as "orderId", r.freight::float8 as freight,
       coalesce(r.expires_on < (now() at time zone '${STORE_TIME_ZONE}')::date, false) as expired
     from quote q
     left join quote_revision r on r.quote_id = q.id and r.revision = q.sent_revision
     where q.id = ? for update of q`,
    [id],
    'all',
  );
  const [reader, account, seesOrders] = await readerOf(ctx);
  if (
    !quote ||
    !(quote.userId === reader || (seesOrders && account !== null && quote.accountId === account))
  ) {
    throw notFound('Quote');
  }
  return quote;
}

/** An accepted quote's revision as checkout's lines (priced by the quote, not the catalogue) and its freight. */
export interface QuoteForOrder {
  id: string;
  currency: string;
  freight: number;
  lines: CartLineView[];
  /** Each line's catalogue price when asked (decision 054: the order line keeps it). */
  cataloguePrices: (number | null)[];
}

/**
 * Checkout of an accepted quote (decision 049), inside the order's transaction: the quote locked, re-checked (the
 * caller's, accepted, the revision they accepted still the one sent, not expired, not ordered, in the site's
 * currency), and its lines as ordered: the quote's prices, a pack line as packs at the pack's price.
 */
export async function quoteForOrder(
  ctx: Ctx,
  id: string,
  revision: number,
  site: string,
  currency: string,
): Promise<QuoteForOrder> {
  const quote = await lockForBuyer(ctx, id);
  if (quote.userId !== ctx.user?.id) throw new AppError('UNPROCESSABLE', QUOTE_MESSAGES.notYours);
  if (quote.status === 'ordered' || quote.orderId) throw new AppError('CONFLICT', QUOTE_MESSAGES.ordered);
  if (quote.status !== 'accepted') throw new AppError('CONFLICT', QUOTE_MESSAGES.acceptFirst);
  if (quote.acceptedRevision !== revision || quote.sentRevision !== revision) {
    throw new AppError('CONFLICT', QUOTE_MESSAGES.revised);
  }
  if (quote.expired) throw new AppError('CONFLICT', QUOTE_MESSAGES.expired);
  if (quote.site !== site || quote.currency !== currency) {
    throw new AppError('CONFLICT', QUOTE_MESSAGES.otherSite);
  }
  const rows = await ctx.db.execute<
    {
      lineNo: number;
      id: string | null;
      description: string;
      quantity: number;
      packSize: number | null;
      configurations: {
        id: string;
        name: string | null;
        unit: string | null;
        value: number;
        metadata?: string | null;
      }[];
      unitPrice: number;
      lineTotal: number;
      cataloguePrice: number | null;
      manufacturerPartNumber: string | null;
      unitOfMeasure: string | null;
      image: string | null;
      allowedStates: string[] | null;
      maxOrderQuantity: number | null;
      sold: boolean;
    }[]
  >(
    `select l.line_no as "lineNo", l.product_id as id, l.description, l.quantity, l.pack_size as "packSize",
       l.configurations, l.unit_price::float8 as "unitPrice", l.line_total::float8 as "lineTotal",
       l.catalogue_price::float8 as "cataloguePrice", p.manufacturer_part_number as "manufacturerPartNumber", p.unit_of_measure as "unitOfMeasure",
       p.images[1] as image, p.allowed_states as "allowedStates", p.max_order_quantity as "maxOrderQuantity",
       p.id is not null as sold
     from quote_line l left join product p on p.id = l.product_id
     where l.quote_id = ? and l.revision = ? order by l.line_no`,
    [quote.id, revision],
    'all',
  );
  if (rows.some((r) => !r.sold || !r.id)) throw new AppError('CONFLICT', QUOTE_MESSAGES.partGone);
  return {
    id: quote.id,
    currency: quote.currency,
    freight: quote.freight ?? 0,
    cataloguePrices: rows.map((r) => r.cataloguePrice),
    lines: rows.map((r) => ({
      id: r.id!,
      // Unique per line, so a client's cache keeps every line apart (never a cart line's id).
      cartLineId: `quote:${quote.id}:${r.lineNo}`,
      cartId: '',
      dateAdded: new Date().toISOString(),
      categoryId: null,
      // A quoted price is already agreed: no promotion reaches it (decision 079).
      categoryHandle: null,
      brandId: null,
      priceSource: 'quote' as const,
      priceListId: null,
      // A pack line is ordered as packs at the quoted pack price.
      name: r.packSize ? `${r.description} (pack of ${r.packSize})` : r.description,
      manufacturerPartNumber: r.manufacturerPartNumber,
      unitOfMeasure: r.packSize ? 'PK' : (r.unitOfMeasure ?? 'EA'),
      image: r.image,
      quantity: r.quantity,
      minimumPurchaseQuantity: 1,
      minTransfer: 1,
      // Quoted or not, one order takes at most the part's maximum (packs for a pack line).
      maxOrderQuantity: r.maxOrderQuantity,
      price: r.unitPrice,
      basePrice: null,
      allowedStates: r.allowedStates ?? [],
      configurations: r.configurations.map((c) => ({
        id: c.id,
        name: c.name,
        unit: c.unit,
        value: c.value,
        price: null,
        type: null,
        metadata: c.metadata ?? null,
      })),
      lineTotal: r.lineTotal,
      tier: null,
      priceTiers: [],
    })),
  };
}

/** The order placed from the quote: the quote is ordered, once (quote.order_id is unique). */
/**
 * One checkout of a quote at a time (the quote checkout flow's first step, in the order's transaction): a
 * concurrent call with the same key waits here, then finds the order; another key finds the quote ordered.
 */
export async function lockQuoteForCheckout(ctx: Ctx, quoteId: string): Promise<void> {
  if (!isUuid(quoteId)) return;
  await ctx.db.execute('select id from quote where id = ? for update', [quoteId], 'all');
}

export async function markQuoteOrdered(ctx: Ctx, quoteId: string, orderId: string): Promise<void> {
  await ctx.db.execute(
    `update quote set status = 'ordered', order_id = ?, version = version + 1, updated_at = now() where id = ?`,
    [orderId, quoteId],
    'run',
  );
  await recordAudit(ctx, {
    action: 'quote.ordered',
    targetType: 'quote',
    targetId: quoteId,
    after: { orderId },
  });
}

/**
 * The quotes' subscriber to an order's status changes (decision 067): an order placed from a quote is cancelled
 * (rejected by an approver, refused credit, unpaid, by the buyer or the store), so its quote is accepted again and
 * the buyer may check it out anew while it is open (decision 049).
 */
export async function reopenQuoteOfCancelledOrder(
  ctx: Pick<Ctx, 'db'>,
  change: { orderId: string; cancelled: boolean },
): Promise<void> {
  if (!change.cancelled) return;
  await ctx.db.execute(
    `update quote set status = 'accepted', order_id = null, version = version + 1, updated_at = now()
     where order_id = ?`,
    [change.orderId],
    'run',
  );
}

/**
 * One sent revision of a quote with the quote, whoever asks (the outbox's attachment maker: the e-mail's recipient
 * is the quote's buyer); null when either is gone.
 */
export async function quoteRevision(
  db: Db,
  quoteId: string,
  revision: number,
): Promise<{ quote: QuoteView; sent: QuoteRevisionView } | null> {
  if (!isUuid(quoteId)) return null;
  const [quote] = await db.execute<QuoteView[]>(`${QUOTES_SQL} where q.id = ?::uuid`, [quoteId]);
  const [row] = await db.execute<{ sent: QuoteRevisionView }[]>(
    `select ${REVISION_JSON} as sent from quote_revision r where r.quote_id = ? and r.revision = ?`,
    [quoteId, revision],
  );
  return quote && row ? { quote, sent: row.sent } : null;
}
