import { isUuid } from '../../../../domain/ids';
import { fulfilmentOf, trackingUrl, type LineFulfilment } from '../../../../domain/fulfilment';
import { orderTaxes, type TaxLine } from '../../../../domain/tax';
import { AWAITING_PAYMENT, orderStatusLabel } from '../../../../domain/order-status';
import { tokenHash } from '../../common/tokens';
import { ensureSession } from '../session';
import { ROLES } from '../../../../domain/roles';
import { COMPANY_ROLES } from '../../../../domain/company';
import { orderListSchema } from '../../../../domain/checkout.schema';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { ORDERS_OWN, actsForCompany, assertAccess, assertOrdersScope, STAFF } from '../auth';
import { cartService, type CartView } from '../cart';
import type { OrderAddress, OrderedConfiguration } from './order.entity';
import { Prepared } from '../../db/prepared';

/** Company roles that read every order of their company (domain/company.ts COMPANY_CAN.seeOrders). */
const COMPANY_ORDER_READERS = [COMPANY_ROLES.Admin, COMPANY_ROLES.Approver, COMPANY_ROLES.Viewer];

/** Orders a guest session keeps access to (placed in it, or opened from an e-mail's link). */
export const GUEST_ORDERS_KEPT = 20;

declare module 'express-session' {
  interface SessionData {
    /** Orders a guest placed in this session (they may read them while it lasts). */
    guestOrders?: string[];
  }
}

export interface OrderLineView {
  id: string;
  lineNo: number;
  itemId: string;
  name: string;
  manufacturerPartNumber: string | null;
  unitOfMeasure: string;
  image: string | null;
  quantity: number;
  minimumPurchaseQuantity: number;
  minTransfer: number;
  price: number;
  basePrice: number | null;
  configurations: OrderedConfiguration[];
  lineTotal: number;
  /** The promotions' share of the line (decision 079), and what it costs after them. */
  discount: number;
  netLineTotal: number;
  /** The quantity tier the price came from (1: the price for one), and that price for one when a tier lowered it. */
  tierMinQuantity: number;
  unitPriceForOne: number | null;
  /** Priced by an accepted quote (decision 049). */
  quoted: boolean;
  /** The day what is still to ship is planned to ship (YYYY-MM-DD), and how much of it waits on a backorder. */
  shipOn: string | null;
  backordered: number;
  /** How much of the line has shipped and been delivered, and its status once all of it has. */
  fulfilment: LineFulfilment;
}

/** A shipment of the order (decision 035): carrier, tracking, days, and the quantities of lines it carries. */
export interface ShipmentView {
  id: string;
  carrier: string;
  trackingNumber: string;
  /** The carrier's tracking page for this number, or null (an LTL PRO number). */
  trackingUrl: string | null;
  shippedOn: string;
  deliveredOn: string | null;
  lines: { lineId: string; quantity: number }[];
}

export interface OrderEventView {
  at: string;
  fromStatus: number | null;
  toStatus: number | null;
  note: string;
}

/** A promotion as an order took it (decision 079). */
export interface OrderPromotionView {
  name: string;
  code: string | null;
  amount: number;
  freightAmount: number;
}

export interface OrderView {
  id: string;
  orderNumber: string;
  status: number;
  statusLabel: string;
  paymentStatus: string;
  shipmentStatus: string;
  deliveryStatus: string;
  returnStatus: string;
  contactEmail: string;
  userId: string | null;
  currencyCode: string;
  subTotal: number;
  /** The freight charged; the freight table gave freightAmt + freightDiscount. */
  freightAmt: number;
  /** Promotions' discount on the goods and on the freight (decision 079): total = subTotal − discountTotal + freightAmt + tax. */
  discountTotal: number;
  freightDiscount: number;
  /** The promotions applied, as they were at placement (not those staff dropped). */
  promotions: OrderPromotionView[];
  taxPct: number;
  taxAmount: number;
  /** Each tax, as the invoice shows it (orderTaxes: the taxes kept, or the one tax amount). */
  taxes: TaxLine[];
  taxGeoCode: string;
  total: number;
  shippingAddress: OrderAddress;
  /** The company's bill-to address when the order was placed (decision 045), or null. */
  billTo: OrderAddress | null;
  carrierId: string;
  carrierMethod: string;
  shippingNote: string;
  paymentKind: string;
  cardBrand: string | null;
  cardLast4: string | null;
  poNumber: string | null;
  paymentIntentId: string | null;
  erpOrderId: string | null;
  /** When the ERP acknowledged the order (decision 071), or null. */
  acknowledgedAt: string | null;
  deliveredAt: string | null;
  /** The language the order was placed in (its e-mails are written in it). */
  locale: string;
  /** When payment first failed or first waited for the bank (the unpaid order's cancel clock), or null. */
  unpaidSince: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  lines: OrderLineView[];
  shipments: ShipmentView[];
  events: OrderEventView[];
}

export type OrderSummaryView = Omit<OrderView, 'lines' | 'events' | 'shipments' | 'promotions'> & {
  lineCount: number;
  itemCount: number;
};

const ORDER_COLUMNS = `
  o.id, o.order_number::text as "orderNumber", o.status, o.payment_status as "paymentStatus",
  o.shipment_status as "shipmentStatus", o.delivery_status as "deliveryStatus", o.return_status as "returnStatus",
  o.contact_email as "contactEmail", o.user_id as "userId", o.currency_code as "currencyCode",
  o.sub_total::float8 as "subTotal", o.freight_amt::float8 as "freightAmt", o.tax_pct::float8 as "taxPct",
  o.tax_amount::float8 as "taxAmount", o.discount_total::float8 as "discountTotal",
  o.freight_discount::float8 as "freightDiscount", o.taxes, o.tax_geo_code as "taxGeoCode", o.total::float8 as total,
  o.shipping_address as "shippingAddress", o.bill_to as "billTo", o.carrier_id as "carrierId", o.carrier_method as "carrierMethod",
  o.shipping_note as "shippingNote", o.payment_kind as "paymentKind", o.card_brand as "cardBrand",
  o.card_last4 as "cardLast4", o.po_number as "poNumber", o.payment_intent_id as "paymentIntentId",
  o.erp_order_id as "erpOrderId", o.acknowledged_at as "acknowledgedAt", o.delivered_at as "deliveredAt", o.version, o.locale,
  (select min(e.at) from order_event e where e.order_id = o.id and e.to_status in (14, 15)) as "unpaidSince", o.created_at as "createdAt", o.updated_at as "updatedAt"`;

/** One order with its lines and history, in one statement. */
const ORDER_SQL = `
  select ${ORDER_COLUMNS},
    coalesce((select json_agg(json_build_object(
      'id', l.id, 'lineNo', l.line_no, 'itemId', l.product_id, 'name', l.name,
      'manufacturerPartNumber', l.manufacturer_part_number, 'unitOfMeasure', l.unit_of_measure, 'image', l.image,
      'quantity', l.quantity, 'minimumPurchaseQuantity', l.minimum_purchase_quantity, 'minTransfer', l.min_transfer,
      'price', l.price::float8, 'basePrice', l.base_price::float8, 'configurations', l.configurations,
      'lineTotal', l.line_total::float8, 'discount', l.discount_amount::float8,
      'netLineTotal', (l.line_total - l.discount_amount)::float8, 'tierMinQuantity', l.tier_min_quantity, 'quoted', l.quoted,
      'unitPriceForOne', l.unit_price_for_one::float8,
      'shipOn', (select to_char(max(r.ship_on), 'YYYY-MM-DD') from stock_reservation r
        where r.order_line_id = l.id and r.status = 'reserved'),
      'backordered', (select coalesce(sum(r.quantity), 0) from stock_reservation r
        where r.order_line_id = l.id and r.status = 'reserved' and r.backordered)) order by l.line_no)
      from order_line l where l.order_id = o.id), '[]'::json) as lines,
    coalesce((select json_agg(json_build_object('id', s.id, 'carrier', s.carrier,
      'trackingNumber', s.tracking_number, 'shippedOn', s.shipped_on, 'deliveredOn', s.delivered_on,
      'lines', (select json_agg(json_build_object('lineId', sl.order_line_id, 'quantity', sl.quantity))
        from shipment_line sl where sl.shipment_id = s.id)) order by s.shipped_on, s.created_at)
      from shipment s where s.order_id = o.id), '[]'::json) as shipments,
    coalesce((select json_agg(json_build_object('name', p.name, 'code', p.code, 'amount', p.amount::float8,
      'freightAmount', p.freight_amount::float8) order by p.position)
      from order_promotion p where p.order_id = o.id and p.dropped_at is null
        and (p.amount > 0 or p.freight_amount > 0)), '[]'::json) as promotions,
    coalesce((select json_agg(json_build_object('at', e.at, 'fromStatus', e.from_status, 'toStatus', e.to_status,
      'note', e.note) order by e.id) from order_event e where e.order_id = o.id), '[]'::json) as events
  from customer_order o where o.id = ?`;
const READ_ORDER = new Prepared<OrderRow>(ORDER_SQL);

type OrderRow = Omit<OrderView, 'statusLabel' | 'createdAt' | 'updatedAt' | 'lines' | 'shipments'> & {
  lines: Omit<OrderLineView, 'fulfilment'>[];
  shipments: Omit<ShipmentView, 'trackingUrl'>[];
  createdAt: Date;
  updatedAt: Date;
};

const view = (row: OrderRow): OrderView => {
  const shipments = row.shipments.map((s) => ({
    ...s,
    trackingUrl: trackingUrl(s.carrier, s.trackingNumber),
  }));
  const fulfilment = fulfilmentOf({ lines: row.lines, shipments });
  return {
    ...row,
    lines: row.lines.map((l) => ({ ...l, fulfilment: fulfilment.lines[l.id]! })),
    shipments,
    taxes: orderTaxes(row),
    statusLabel: orderStatusLabel(row.status),
    // Instants as ISO 8601 (PostgreSQL's own text, "2026-11-25 12:00:00+00", is not read by every browser).
    deliveredAt: row.deliveredAt ? new Date(row.deliveredAt).toISOString() : null,
    acknowledgedAt: row.acknowledgedAt ? new Date(row.acknowledgedAt).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
};

const isStaff = (ctx: Ctx) => !ctx.apiCaller && STAFF.some((role) => ROLES[role] === ctx.user?.role);

export interface OrderFilter {
  statuses?: number[];
  from?: Date | null;
  to?: Date | null;
  page: number;
  pageSize: number;
}

export const orderService = {
  /**
   * An order its owner may read: the signed-in user's, a guest's from this session, or any for staff.
   * Someone else's order answers exactly like a missing one.
   */
  async get(ctx: Ctx, id: string): Promise<OrderView> {
    assertOrdersScope(ctx);
    if (!isUuid(id)) throw notFound('Order');
    const [row] = await READ_ORDER.all(ctx.db, [id]);
    const mine =
      row &&
      ((ctx.user && row.userId === ctx.user.id) ||
        (!row.userId && ctx.req.session?.guestOrders?.includes(row.id)) ||
        isStaff(ctx));
    if (!mine) throw notFound('Order');
    return view(row);
  },

  /**
   * Reads an order without an ownership check (the service's own use after writing it); in the caller's
   * transaction when given, so what it reads is what that transaction holds.
   */
  async load(ctx: Ctx, id: string): Promise<OrderView> {
    const [row] = await READ_ORDER.all(ctx.db, [id]);
    if (!row) throw notFound('Order');
    return view(row);
  },

  /**
   * Entry point: the caller's orders (a signed-in user, or a key with orders:own), `{ statuses, from, to, page,
   * pageSize }` as sent.
   */
  async mine(ctx: Ctx, input: unknown) {
    assertAccess(ctx, ORDERS_OWN);
    return this.list(ctx, { userId: ctx.user!.id }, validate(orderListSchema, input));
  },

  /**
   * Orders newest first, filtered by status and date, one page at a time: a user's (`userId`), or a company's
   * (`accountId`, one buyer's with `userId` too).
   */
  async list(ctx: Ctx, whose: { userId?: string | null; accountId?: string }, filter: OrderFilter) {
    assertOrdersScope(ctx);
    const where: string[] = [];
    const params: unknown[] = [];
    if (whose.accountId) {
      where.push('o.account_id = ?');
      params.push(whose.accountId);
    }
    if (whose.userId) {
      where.push('o.user_id = ?');
      params.push(whose.userId);
    }
    // Never everyone's orders.
    if (where.length === 0) throw notFound('Order');
    if (filter.statuses?.length) {
      where.push('o.status in (?)');
      params.push(filter.statuses);
    }
    if (filter.from) {
      where.push('o.created_at >= ?');
      params.push(filter.from);
    }
    if (filter.to) {
      where.push('o.created_at < ?');
      params.push(filter.to);
    }
    const rows = await ctx.db.execute<(OrderRow & { lineCount: number; itemCount: number; count: number })[]>(
      `select ${ORDER_COLUMNS},
         (select count(*)::int from order_line l where l.order_id = o.id) as "lineCount",
         (select coalesce(sum(l.quantity), 0)::int from order_line l where l.order_id = o.id) as "itemCount",
         count(*) over ()::int as count
       from customer_order o where ${where.join(' and ')}
       order by o.created_at desc, o.order_number desc
       limit ? offset ?`,
      [...params, filter.pageSize, (filter.page - 1) * filter.pageSize],
    );
    return {
      items: rows.map(({ count: _c, ...r }) => ({
        ...view({ ...r, lines: [], shipments: [], events: [] }),
        lineCount: r.lineCount,
        itemCount: r.itemCount,
      })),
      total: rows[0]?.count ?? 0,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  },

  /**
   * An order the caller may read: one `get` allows, or, for an admin, approver or viewer of a company, any order
   * placed for that company (its invoice; they act on none of them). Someone else's answers like a missing one.
   */
  async readable(ctx: Ctx, id: string): Promise<OrderView> {
    try {
      return await this.get(ctx, id);
    } catch (err) {
      if (
        !(err instanceof AppError) ||
        err.code !== 'NOT_FOUND' ||
        !ctx.user ||
        (ctx.apiCaller && !actsForCompany(ctx)) ||
        !isUuid(id)
      ) {
        throw err;
      }
      const [company] = await ctx.db.execute<{ id: string }[]>(
        `select o.id from customer_order o join app_user u on u.account_id = o.account_id
         where o.id = ? and u.id = ? and u.company_role in (?)`,
        [id, ctx.user.id, COMPANY_ORDER_READERS],
      );
      if (!company) throw err;
      return this.load(ctx, id);
    }
  },

  /** The caller's orders waiting for a payment (the signed-in user's, or a guest's in this session), newest first. */
  async awaitingPayment(ctx: Ctx): Promise<OrderView[]> {
    assertOrdersScope(ctx);
    const guestOrders = ctx.req.session?.guestOrders ?? [];
    if (!ctx.user && guestOrders.length === 0) return [];
    const rows = await ctx.db.execute<OrderRow[]>(
      `${ORDER_SQL.replace('where o.id = ?', '')}
       where o.status in (?) and ${ctx.user ? 'o.user_id = ?' : 'o.user_id is null and o.id in (?)'}
       order by o.created_at desc limit 5`,
      [AWAITING_PAYMENT, ctx.user ? ctx.user.id : guestOrders],
    );
    return rows.map(view);
  },

  /**
   * A guest's order link from an e-mail: the order joins this session's guest orders. The order's id, or null
   * for an unknown or expired link.
   */
  async openByLink(ctx: Ctx, token: string): Promise<string | null> {
    if (!token || token.length > 200) return null;
    const [row] = await ctx.db.execute<{ orderId: string }[]>(
      `select a.order_id as "orderId" from order_access a join customer_order o on o.id = a.order_id
       where a.token_hash = ? and a.expires_at > now() and o.user_id is null`,
      [tokenHash(token)],
    );
    if (!row) return null;
    const session = ensureSession(ctx.req);
    session.guestOrders = [
      ...(session.guestOrders ?? []).filter((id) => id !== row.orderId),
      row.orderId,
    ].slice(-GUEST_ORDERS_KEPT);
    return row.orderId;
  },

  /**
   * Re-order: every line of the order back in the cart at today's prices. Lines no longer sold (or whose
   * options changed) are left out and named.
   */
  async reorder(ctx: Ctx, id: string): Promise<{ cart: CartView; skipped: string[] }> {
    const order = await this.get(ctx, id);
    let lines = order.lines;
    const skipped: string[] = [];
    for (;;) {
      try {
        const cart = await cartService.add(
          ctx,
          lines.map((l) => ({
            itemId: l.itemId,
            qty: l.quantity,
            configurations: l.configurations.map((c) => ({
              productConfigurationId: c.id,
              value: c.value,
              metadata: c.metadata,
            })),
          })),
        );
        return { cart, skipped };
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'BAD_USER_INPUT') throw err;
        const bad = new Set(err.fields.map((f) => Number(/^items\[(\d+)\]/.exec(f.field)?.[1] ?? -1)));
        if (bad.has(-1) || bad.size === 0) throw err;
        skipped.push(...lines.filter((_, i) => bad.has(i)).map((l) => `${l.name} (${l.itemId})`));
        lines = lines.filter((_, i) => !bad.has(i));
        if (lines.length === 0) return { cart: await cartService.get(ctx), skipped };
      }
    }
  },
};
