import type { Db } from '../../context';
import { punchoutOrderMessage } from '../../../../domain/punchout-orders';
import { VALIDITY } from '../../../../domain/roles';
import { PHONE_PATTERN } from '../../../../domain/account.schema';
import type { TransferLine } from './punchout.entity';
import { CxmlError, cxmlResponse, statusText, type CxmlEnvelope } from './xml';

/*
 * A cXML OrderRequest read and answered (issue 57, decision 073). The reader checks the fields the order uses
 * (orderID, ShipTo, each ItemOut's part, configuration key, quantity and unit price); the flow
 * (server/src/flows/punchout-order.ts) places the order. The transferred line an ItemOut names is the company's
 * latest transfer of that part and configuration: its price and the punchout session's buyer.
 */

export interface OrderRequestLine {
  lineNumber: number;
  partId: string;
  configKey: string;
  quantity: number;
  unitPrice: number | null;
  currency: string;
}

export interface OrderRequestAddress {
  name: string;
  companyName: string | null;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  email: string | null;
  phone: string | null;
}

export interface OrderRequestDocument {
  payloadId: string;
  orderId: string;
  orderDate: string;
  /** new (anything else is refused: an order is changed or cancelled with the store). */
  type: string;
  currency: string | null;
  total: number | null;
  shipTo: OrderRequestAddress | null;
  comments: string;
  lines: OrderRequestLine[];
}

const bad = (message: string) => new CxmlError(400, message);

/** The OrderRequest of a cXML envelope, checked. */
export function readOrderRequest(envelope: CxmlEnvelope): OrderRequestDocument {
  if (envelope.request?.name !== 'OrderRequest') throw bad(punchoutOrderMessage('notOrderRequest'));
  const request = envelope.request.node;
  const header = request.one('OrderRequestHeader');
  const orderId = header?.attr('orderID').trim() ?? '';
  if (!header || !orderId || orderId.length > 100) throw bad(punchoutOrderMessage('missingOrderId'));
  const money = header.one('Total', 'Money');
  const totalText = money?.text() ?? '';
  const items = request.all('ItemOut');
  if (items.length === 0 || items.length > 500) throw bad(punchoutOrderMessage('noLines'));
  const lines = items.map((item, i): OrderRequestLine => {
    const lineNumber = Number(item.attr('lineNumber')) || i + 1;
    const quantity = Number(item.attr('quantity'));
    const partId = item.text('ItemID', 'SupplierPartID');
    if (
      !partId ||
      partId.length > 100 ||
      !Number.isInteger(quantity) ||
      quantity < 1 ||
      quantity > 1_000_000
    ) {
      throw bad(punchoutOrderMessage('badLine', { line: lineNumber }));
    }
    const price = item.one('ItemDetail', 'UnitPrice', 'Money');
    const unitPrice = price ? Number(price.text()) : null;
    return {
      lineNumber,
      partId,
      configKey: item.text('ItemID', 'SupplierPartAuxiliaryID'),
      quantity,
      unitPrice: unitPrice !== null && Number.isFinite(unitPrice) ? unitPrice : null,
      currency: price?.attr('currency') ?? '',
    };
  });
  return {
    payloadId: envelope.payloadId,
    orderId,
    orderDate: header.attr('orderDate'),
    type: header.attr('type') || 'new',
    currency: money?.attr('currency') || null,
    total: totalText && Number.isFinite(Number(totalText)) ? Number(totalText) : null,
    shipTo: addressOf(header),
    comments: header.text('Comments').slice(0, 500),
    lines,
  };
}

function addressOf(header: NonNullable<ReturnType<CxmlEnvelope['root']['one']>>): OrderRequestAddress | null {
  const address = header.one('ShipTo', 'Address');
  const postal = address?.one('PostalAddress');
  if (!address || !postal) return null;
  const streets = postal.all('Street').map((s) => s.text());
  const deliverTo = postal.text('DeliverTo');
  const phone = address.one('Phone', 'TelephoneNumber');
  // The shop's phone rule (10 digits and an extension at most): the country code is left out, an odd number dropped.
  const phoneText = phone ? `${phone.text('AreaOrCityCode')} ${phone.text('Number')}`.trim() : '';
  return {
    name: deliverTo || address.text('Name'),
    companyName: address.text('Name') || null,
    addressLine1: streets[0] ?? '',
    addressLine2: streets.slice(1).join(', ') || null,
    city: postal.text('City'),
    state: postal.text('State'),
    zip: postal.text('PostalCode'),
    country: postal.one('Country')?.attr('isoCountryCode') || postal.text('Country'),
    email: address.text('Email') || null,
    phone: PHONE_PATTERN.test(phoneText) ? phoneText : null,
  };
}

/** A line as the company's latest punchout transfer carried it, with when and for whom. */
export interface TransferredLine {
  line: TransferLine;
  transferredAt: Date;
  userId: string;
  sessionId: string;
  currency: string;
}

/** The company's latest transfer of this part in this configuration, or null (never transferred). */
export async function transferredLine(
  db: Db,
  companyId: string,
  partId: string,
  configKey: string,
): Promise<TransferredLine | null> {
  const [row] = await db.execute<
    { line: TransferLine; transferredAt: Date; userId: string; sessionId: string; currency: string }[]
  >(
    `select l.line, t.created_at as "transferredAt", s.user_id as "userId", s.id as "sessionId", t.currency
     from punchout_transfer t
     join punchout_session s on s.id = t.session_id
     cross join lateral jsonb_array_elements(t.lines) as l(line)
     where t.company_id = ?
       and (l.line->>'partNumber' = ? or l.line->>'productId' = ?)
       and coalesce(l.line->>'configKey', '') = ?
     order by t.created_at desc limit 1`,
    [companyId, partId, partId, configKey],
  );
  return row ?? null;
}

/** The OrderRequest's answer: 200 with the order's number, or the status and why. */
export function orderResponse(
  status: number,
  message: string,
  order?: { orderNumber: string; orderId: string },
): string {
  return cxmlResponse({
    code: status,
    text: statusText(status === 201 ? 200 : status),
    message: order ? `Order ${order.orderNumber} received for ${order.orderId}` : message,
  });
}

/** The buyer an OrderRequest orders as: the session's user, still valid and still in the company; or null. */
export async function punchoutBuyer(
  db: Db,
  userId: string,
  companyId: string,
): Promise<{
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: number;
  accountId: string;
} | null> {
  const [row] = await db.execute<
    { id: string; email: string; firstName: string; lastName: string; role: number; accountId: string }[]
  >(
    `select id, email, first_name as "firstName", last_name as "lastName", role, account_id as "accountId"
     from app_user where id = ? and account_id = ? and validity = ?`,
    [userId, companyId, VALIDITY.Valid],
  );
  return row ?? null;
}

/** The company's net terms (null or 0: none), the purchase order's condition. */
export async function companyNetTerms(db: Db, companyId: string): Promise<number | null> {
  const [row] = await db.execute<{ days: number | null }[]>(
    'select net_terms_days as days from business_account where id = ?',
    [companyId],
  );
  return row?.days ?? null;
}

/** The order an OrderRequest became, in the order's transaction: its status updates refer to the request. */
export async function recordPunchoutOrder(
  db: Db,
  order: {
    orderId: string;
    companyId: string;
    credentialId: string;
    payloadId: string;
    buyerOrderId: string;
  },
): Promise<void> {
  await db.execute(
    `insert into punchout_order (order_id, company_id, credential_id, payload_id, buyer_order_id)
     values (?, ?, ?, ?, ?) on conflict (order_id) do nothing`,
    [order.orderId, order.companyId, order.credentialId, order.payloadId, order.buyerOrderId],
    'run',
  );
}
