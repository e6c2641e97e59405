import { array, boolean, number, object, string, type InferType } from 'yup';
import { countryFields, noPadding } from './account.schema';
import { freight, lineSubtotal, orderTotal, round2 } from './money';
import { isCountry } from './regions';
import { isTaxKind, taxLines, taxTotal, type TaxComponent } from './tax';
import { ORDER_STATUS_CODES } from './order-status';
import { unitPrice } from './cart';
import { ROLES, type RoleName } from './roles';
import { oneLine } from './text.schema';
import { WEBHOOKS_ACCESS } from './webhooks';
import type { SiteId } from './constants';
import {
  CHECKED_CUSTOMER,
  NO_PROMOTIONS,
  applyPromotions,
  type PromotionLine,
  type PromotionOutcome,
  type PromotionRule,
} from './promotions';

/* The admin console's rules, shared by the server and the console (docs/decisions/013-admin-console.md). */

const STAFF_ROLES: readonly RoleName[] = ['Admin', 'Service', 'CustomerService'];

/**
 * Who may use each part of the console. The server's permission matrix reads the same lists, so the
 * navigation never offers what the API would refuse.
 */
export const CONSOLE_ACCESS = {
  dashboard: STAFF_ROLES,
  orders: STAFF_ROLES,
  editOrders: STAFF_ROLES,
  returns: STAFF_ROLES,
  customers: STAFF_ROLES,
  /** Lock and unlock accounts (their sessions end at once). */
  lockUsers: ['Admin', 'Service'],
  /** Attach a customer to a company (verifying the ERP account number they claimed), or detach them. */
  companies: ['Admin', 'Service'],
  /** Keep promotions and their codes (issue 58). */
  promotions: ['Admin', 'Service'],
  /** Change a user's role; reset every password. */
  manageUsers: ['Admin'],
  inbox: STAFF_ROLES,
  outbox: STAFF_ROLES,
  apiKeys: ['Admin'],
  sites: ['Admin'],
  /** Volume price breaks of the catalogue's and the customer lists' prices (decision 048). */
  prices: ['Admin', 'Service'],
  /** Buyers' quote requests, answered with prices (decision 049). */
  quotes: STAFF_ROLES,
  /**
   * Send a quote or save an order with a price more than STAFF_DISCOUNT_LIMIT_PCT below the catalogue's, or at zero;
   * send a quote's draft (decision 054). Others save such a quote as a draft for them.
   */
  belowCataloguePrices: ['Admin', 'Service'],
  /** Stock counts by warehouse, adjusted with a reason, and the low-stock view (decision 050). */
  stock: ['Admin', 'Service'],
  /** Prices, volume prices, stock counts and products' details imported from a file, after a dry run (decision 069). */
  imports: ['Admin', 'Service'],
  /** Webhook endpoints and their deliveries (decision 068): the endpoints' keepers, signed in. */
  integrations: WEBHOOKS_ACCESS,
} as const satisfies Record<string, readonly RoleName[]>;

export type ConsoleSection = keyof typeof CONSOLE_ACCESS;

export function mayUse(role: number | null | undefined, section: ConsoleSection): boolean {
  return (CONSOLE_ACCESS[section] as readonly RoleName[]).some((name) => ROLES[name] === role);
}

/** Scopes of partner API keys (docs/decisions/010-permissions.md). */
export const API_SCOPES = [
  'catalog:read',
  'orders:own',
  'company:orders',
  'supplier:products',
  'webhooks:manage',
  'erp:orders',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** A partner API key as an Admin issues it: for a user, a name, its scopes and its rate. */
export const apiKeySchema = object({
  userId: string().uuid('User not found').required('User not found'),
  name: string()
    .trim()
    .required('Name the key')
    .max(100, 'Names are limited to 100 characters')
    .test(oneLine),
  scopes: array(
    string()
      .oneOf([...API_SCOPES], 'Unknown scope')
      .required(),
  )
    .min(1, 'Choose at least one scope')
    .required('Choose at least one scope'),
  ratePerMinute: number().integer().min(1).max(100_000).default(600),
});
export type ApiKeyInput = InferType<typeof apiKeySchema>;

/** A key named by its id (revoking it). */
export const apiKeyIdSchema = object({ id: string().uuid('Key not found').required('Key not found') });

/** Typed by an Admin to confirm resetting every password. */
export const RESET_ALL_CONFIRMATION = 'RESET ALL PASSWORDS';

/* ---------- Admin order edit (spec sections 3 and 5, messages verbatim) ---------- */

const amount = (label: string) =>
  number()
    .typeError(`${label} is a required field`)
    .required(`${label} is a required field`)
    .min(0, `${label} can't be a negative value`);

export const adminOrderLineSchema = object({
  id: string().required('Line is a required field'),
  quantity: amount('Quantity').integer('Quantity must be a whole number'),
  price: amount('Price'),
  configurations: array()
    .of(
      object({
        id: string().required('Configuration ID is a required field'),
        price: amount('Configuration price'),
      }),
    )
    .default([]),
});

export const adminOrderSchema = object({
  contactEmail: string().trim().required('Email is required').email('Email must be valid'),
  address: object({
    addressLine1: noPadding('Address line 1')
      .required('Address line 1 is a required field')
      .max(200)
      .test(oneLine),
    addressLine2: noPadding('Address line 2').max(200).nullable().optional().test(oneLine),
    city: noPadding('City').required('City is a required field').max(100).test(oneLine),
    // The order's country (it stays) and its address rules (decision 033).
    ...countryFields(),
  }),
  taxAmount: amount('Tax amount'),
  shippingCharges: number()
    .typeError('Freight is a required field')
    .required('Freight is a required field')
    .min(0, "Freight can't be a negative value"),
  totalAmount: amount('Total amount'),
  erpOrderId: noPadding('ERP Order ID').required('ERP Order ID is a required field').max(64).test(oneLine),
  status: number()
    .typeError('Status is a required field')
    .required('Status is a required field')
    .oneOf(ORDER_STATUS_CODES, 'Status is a required field'),
  lines: array().of(adminOrderLineSchema).min(1).required(),
  /** The promotions staff drop from the order (decision 079), by their place on it. */
  dropPromotions: array()
    .of(number().integer().min(1).max(100).required())
    .max(100)
    .transform((v: unknown) => v ?? [])
    .default([]),
});

export type AdminOrderInput = InferType<typeof adminOrderSchema>;
export type AdminOrderLineInput = InferType<typeof adminOrderLineSchema>;

/** What the totals of an edited line depend on beyond what the form edits. */
export interface OrderedLineFacts {
  minimumPurchaseQuantity: number;
  minTransfer: number;
  /** The configuration values ordered (staff edit their prices, not the values). */
  configurationValues: Record<string, number>;
}

/**
 * Staff edit a configured line by its base and option prices, unless a quantity tier (decision 048) or a quote
 * (decision 049) priced it: that price is for the whole piece, so such a line is edited by its unit price, its
 * options kept as ordered.
 */
export const editsByBaseAndOptions = (line: {
  configurations: readonly unknown[];
  tierMinQuantity: number;
  quoted?: boolean;
}) => line.configurations.length > 0 && line.tierMinQuantity < 2 && !line.quoted;

/**
 * An edited line's unit price and total. For configured lines `price` is the base price: the unit price adds
 * each configuration's value x price (the configured-price rule); for others it is the unit price.
 */
export function editedLine(
  line: Pick<AdminOrderLineInput, 'quantity' | 'price' | 'configurations'>,
  facts: OrderedLineFacts,
): { unitPrice: number; lineTotal: number } {
  const configurations = (line.configurations ?? []).map((c) => ({
    id: c.id,
    value: facts.configurationValues[c.id] ?? 0,
    price: c.price,
  }));
  const unit = unitPrice({ price: line.price, basePrice: line.price, configurations }) ?? 0;
  return {
    unitPrice: unit,
    lineTotal: lineSubtotal({ ...facts, price: unit, quantity: line.quantity }),
  };
}

export const editedSubtotal = (lineTotals: readonly number[]) =>
  round2(lineTotals.reduce((a, b) => a + b, 0));

/**
 * The freight and taxes the domain rules give for a new subtotal, by the order's country and the taxes it pays
 * (the form proposes them; staff may override).
 */
export function proposedCharges(
  subTotal: number,
  order: {
    country: string;
    taxes: readonly { kind: string; pct: number }[];
    /** Agreed freight (an order from a quote: decision 049), kept whatever the subtotal. */
    freight?: number;
    /** The promotions as re-evaluated on the edited lines (decision 079): tax on the net goods and freight. */
    promotions?: Pick<PromotionOutcome, 'goodsDiscount' | 'freightDiscount'>;
  },
): { shippingCharges: number; taxAmount: number } {
  const country = isCountry(order.country) ? order.country : 'US';
  const table = order.freight ?? freight(subTotal, country);
  const shippingCharges = round2(Math.max(0, table - (order.promotions?.freightDiscount ?? 0)));
  const components = order.taxes.flatMap((t): TaxComponent[] =>
    isTaxKind(t.kind) ? [{ kind: t.kind, pct: t.pct }] : [],
  );
  const net = round2(subTotal - (order.promotions?.goodsDiscount ?? 0));
  const taxes = taxLines(components, { subTotal: net, freight: shippingCharges });
  return { shippingCharges, taxAmount: taxTotal(taxes) };
}

/** The only total an edit may save: subtotal − the promotions' discount + freight + tax, to the cent. */
export const editedTotal = (subTotal: number, shippingCharges: number, taxAmount: number, discount = 0) =>
  orderTotal({ subTotal, freight: shippingCharges, taxAmount, discount });

/** A promotion an order took, as the console's edit reads it (decision 079): its place, its rule as placed. */
export interface OrderPromotionRule {
  position: number;
  name: string;
  /** The code that reached it (a shared or a single-use one), null for an automatic one. */
  code: string | null;
  rule: PromotionRule;
  /** Dropped by staff in an earlier edit: it never comes back. */
  dropped: boolean;
}

/** What the console's edit needs to evaluate an order's promotions again: its rules as placed, its lines' facts. */
export interface OrderPromotionFacts {
  promotions: readonly OrderPromotionRule[];
  lines: readonly Pick<
    PromotionLine,
    'lineId' | 'productId' | 'brandId' | 'categoryHandle' | 'source' | 'priceListId'
  >[];
}

/**
 * The promotions of an order being edited (decision 079): those it took and staff did not drop, evaluated again on
 * the edited lines at the prices staff gave them, as at placement (its day, its customer and limits as checked
 * then), so a line condition no longer met (a minimum, a matching line) lets the promotion fall off. The freight is
 * the table's for the new subtotal (or the quote's). The server's check and the console's form call it alike.
 */
export function editedPromotions(
  order: {
    facts: OrderPromotionFacts;
    site: SiteId;
    currency: string;
    createdAt: string;
    country: string;
    freight?: number;
  },
  lines: readonly { id: string; quantity: number; unitPrice: number; lineTotal: number }[],
  dropped: readonly number[] = [],
): PromotionOutcome {
  const kept = order.facts.promotions.filter((p) => !p.dropped && !dropped.includes(p.position));
  if (kept.length === 0) return NO_PROMOTIONS;
  const promotionLines = lines.flatMap((l): PromotionLine[] => {
    const facts = order.facts.lines.find((f) => f.lineId === l.id);
    return facts ? [{ ...facts, quantity: l.quantity, unitPrice: l.unitPrice, lineTotal: l.lineTotal }] : [];
  });
  const subTotal = round2(lines.reduce((sum, l) => sum + l.lineTotal, 0));
  const country = isCountry(order.country) ? order.country : 'US';
  return applyPromotions({
    lines: promotionLines,
    freight: order.freight ?? freight(subTotal, country),
    customer: CHECKED_CUSTOMER,
    site: order.site,
    currency: order.currency,
    now: new Date(order.createdAt),
    rules: kept.map((p) => p.rule),
    codes: kept.flatMap((p) => (p.code ? [{ code: p.code, promotionId: p.rule.id }] : [])),
    customerChecked: true,
  });
}

/* ---------- Dashboard date ranges (spec section 2: default This week) ---------- */

export const DATE_RANGES = ['thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'pickRange'] as const;
export type DateRangeKey = (typeof DATE_RANGES)[number];
export const DATE_RANGE_LABELS: Record<DateRangeKey, string> = {
  thisWeek: 'This week',
  lastWeek: 'Last week',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  pickRange: 'Pick range',
};
export const DEFAULT_DATE_RANGE: DateRangeKey = 'thisWeek';

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);

/**
 * A named range as [from, to) in the viewer's local time. Weeks start on Monday; "this" ranges end tomorrow
 * at midnight (today included).
 */
export function dateRange(
  key: Exclude<DateRangeKey, 'pickRange'>,
  now: Date = new Date(),
): { from: Date; to: Date } {
  const today = startOfDay(now);
  const monday = addDays(today, -((today.getDay() + 6) % 7));
  switch (key) {
    case 'thisWeek':
      return { from: monday, to: addDays(today, 1) };
    case 'lastWeek':
      return { from: addDays(monday, -7), to: monday };
    case 'thisMonth':
      return { from: new Date(today.getFullYear(), today.getMonth(), 1), to: addDays(today, 1) };
    case 'lastMonth':
      return {
        from: new Date(today.getFullYear(), today.getMonth() - 1, 1),
        to: new Date(today.getFullYear(), today.getMonth(), 1),
      };
  }
}

/** Longest range the dashboard reports on at once. */
export const MAX_DASHBOARD_DAYS = 366;

export const dashboardRangeSchema = object({
  from: string().required().datetime('From must be a date'),
  to: string()
    .required()
    .datetime('To must be a date')
    .test('after', 'The end of the range must be after its start', function (to) {
      return !to || !this.parent.from || new Date(to) > new Date(this.parent.from);
    })
    .test('bounded', `Pick at most ${MAX_DASHBOARD_DAYS} days`, function (to) {
      return (
        !to || !this.parent.from || +new Date(to) - +new Date(this.parent.from) <= MAX_DASHBOARD_DAYS * 864e5
      );
    }),
});

/* ---------- Orders table (server-side filters) ---------- */

export const ADMIN_ORDER_SORTS = ['createdAt', 'orderNumber', 'total', 'status'] as const;
export const ADMIN_ORDERS_MAX_PAGE_SIZE = 100;

export const adminOrderFilterSchema = object({
  q: string().trim().max(200).optional(),
  statuses: array()
    .of(number().oneOf(ORDER_STATUS_CODES).required())
    .max(ORDER_STATUS_CODES.length)
    .optional(),
  from: string().datetime('From must be a date').optional(),
  to: string().datetime('To must be a date').optional(),
  userId: string().uuid('Customer not found').optional(),
  site: string().max(32).optional(),
  sort: string().oneOf(ADMIN_ORDER_SORTS).default('createdAt'),
  descending: boolean().default(true),
  page: number().integer().min(1).max(100_000).default(1),
  pageSize: number().integer().min(1).max(ADMIN_ORDERS_MAX_PAGE_SIZE).default(25),
});
export type AdminOrderFilter = InferType<typeof adminOrderFilterSchema>;

/** Search text of the orders table: an order number (AXL-1042 or 1042), else an e-mail or ERP order id. */
export function orderNumberFromSearch(q: string): string | null {
  const m = /^(?:axl-?)?(\d{1,18})$/i.exec(q.trim());
  return m ? m[1]!.replace(/^0+(?=\d)/, '') : null;
}

export { STORE_TIME_ZONE } from './constants';

/** Statuses whose orders count as sales: paid or on terms, not failed, pending, cancelled or deleted. */
export const SALES_STATUSES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 18];

/** A partner's exchange of its API key for a short-lived bearer token. */
export const apiKeyExchangeSchema = object({
  apiKey: string().trim().required('apiKey is required').max(200),
});

/** Who keeps their own brand's stock: Suppliers, signed in or through a key with the supplier:products scope. */
export const SUPPLIER_ACCESS = { roles: ['Supplier'] as RoleName[], scope: 'supplier:products' } as const;

/** A Supplier's page of products (100 a page). */
export const supplierPageSchema = object({
  page: number().integer().min(1, 'Pages start at 1').max(100_000).default(1),
});

/** A Supplier sets the stock flag of one of its brand's products. */
export const supplierStockSchema = object({
  id: string().trim().required('Product is required').max(64),
  inStock: boolean().required('In stock is required'),
});
