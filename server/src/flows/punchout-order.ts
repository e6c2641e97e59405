import { createHash } from 'node:crypto';
import { CARRIERS } from '../../../domain/checkout';
import { punchoutOrderMessage } from '../../../domain/punchout-orders';
import { punchoutMessage } from '../../../domain/punchout';
import { AppError } from '../common/errors';
import type { Ctx } from '../context';
import { catalogService, pricingOf, type Pricing } from '../modules/catalog';
import type { CartLineView } from '../modules/cart';
import { readCheckout, type PlaceOrderResult } from '../modules/order';
import {
  companyNetTerms,
  CxmlError,
  logPunchoutMessage,
  orderResponse,
  punchoutBuyer,
  readCxml,
  readOrderRequest,
  recordPunchoutOrder,
  transferredLine,
  verifyCxmlHeader,
  type OrderRequestDocument,
  type TransferredLine,
  type VerifiedCredential,
} from '../modules/punchout';
import { place, type SourcedLines } from './place-order';

declare module '../context' {
  interface AppServices {
    /** PUNCHOUT_PRICE_DAYS: how long an OrderRequest gets the prices of its transfer (decision 073). */
    punchoutPriceDays: number;
  }
}

/*
 * A cXML OrderRequest becomes a purchase order (issue 57, decision 073). Authenticated like the setup (From,
 * Sender, SharedSecret); each ItemOut must be a line the company transferred, at the transferred price (a transfer
 * older than PUNCHOUT_PRICE_DAYS (`ctx.app.punchoutPriceDays`) is priced again and refused when the price changed); a part no longer sold, or a
 * company without net terms, is refused with the reason. The order is placed through the checkout's flow
 * (place-order.ts: its transaction, the one status function, the order's event), as the transfer's buyer, with the
 * buyer's orderID as its PO number and idempotency key: a second post answers the same order. The buyer's spending
 * limits do not apply (their procurement system approved it); the company's credit limit does (over it, staff
 * decide as for any purchase order).
 */

export interface PunchoutOrderAnswer {
  status: number;
  body: string;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Answers an OrderRequest document: the cXML response and its HTTP status (both logged, secrets masked). */
export async function receiveOrderRequest(ctx: Ctx, text: string): Promise<PunchoutOrderAnswer> {
  let credential: VerifiedCredential | null = null;
  let payloadId: string | null = null;
  let answer: PunchoutOrderAnswer;
  try {
    const envelope = readCxml(text);
    payloadId = envelope.payloadId;
    credential = await verifyCxmlHeader(ctx.db, {
      from: envelope.from,
      sender: envelope.sender,
      secret: envelope.sharedSecret,
    });
    if (!credential) throw new CxmlError(401, punchoutMessage('badCredential'));
    const company = credential.companyId;
    await logPunchoutMessage(ctx.db, {
      companyId: company,
      direction: 'in',
      kind: 'order-request',
      payloadId,
      document: text,
    });
    if (!credential.enabled) throw new CxmlError(403, punchoutOrderMessage('disabled'));
    const request = readOrderRequest(envelope);
    const placed = await placePunchoutOrder(ctx, credential, request);
    answer = {
      status: 200,
      body: orderResponse(200, '', { orderNumber: placed.order.orderNumber, orderId: request.orderId }),
    };
  } catch (err) {
    answer = refusal(ctx, err);
  }
  if (credential) {
    await logPunchoutMessage(ctx.db, {
      companyId: credential.companyId,
      direction: 'out',
      kind: 'order-response',
      payloadId,
      document: answer.body,
      httpStatus: answer.status,
    });
  }
  return answer;
}

/** A refusal as cXML: the document's status, a store rule's (its message and the first field's), or 500. */
function refusal(ctx: Ctx, err: unknown): PunchoutOrderAnswer {
  if (err instanceof CxmlError) return { status: err.status, body: orderResponse(err.status, err.message) };
  if (err instanceof AppError && err.status < 500) {
    const detail = err.fields[0]?.message;
    const message = detail && detail !== err.message ? `${err.message} ${detail}` : err.message;
    const status = err.status === 422 ? 400 : err.status;
    return { status, body: orderResponse(status, message) };
  }
  ctx.log.error({ err }, 'punchout OrderRequest failed');
  return { status: 500, body: orderResponse(500, 'The order could not be placed. Try again later.') };
}

/** The lines to order: each ItemOut's transferred line, its price checked; refused with the line's reason. */
async function orderLines(
  ctx: Ctx,
  request: OrderRequestDocument,
  found: (TransferredLine | null)[],
  pricing: Pricing,
): Promise<CartLineView[]> {
  const ids = [...new Set(found.map((f) => f?.line.productId).filter((id): id is string => !!id))];
  const products = new Map((await catalogService.productsByIds(ctx, ids)).map((p) => [p.id, p]));
  const stale = found.filter(
    (f): f is TransferredLine =>
      !!f && Date.now() - new Date(f.transferredAt).getTime() > ctx.app.punchoutPriceDays * 86_400_000,
  );
  const current = stale.length
    ? new Map(
        (await catalogService.refreshDetails(ctx, [...new Set(stale.map((s) => s.line.productId))])).map(
          (p) => [p.id, p.price],
        ),
      )
    : new Map<string, number | null>();
  return request.lines.map((item, i) => {
    const transferred = found[i];
    const part = item.partId;
    if (!transferred)
      throw new CxmlError(400, punchoutOrderMessage('notTransferred', { line: item.lineNumber, part }));
    const product = products.get(transferred.line.productId);
    if (!product) throw new CxmlError(400, punchoutOrderMessage('notSold', { line: item.lineNumber, part }));
    if (transferred.currency.toUpperCase() !== pricing.currency.toUpperCase()) {
      throw new CxmlError(400, punchoutOrderMessage('currency', { currency: transferred.currency }));
    }
    const price = transferred.line.unitPrice;
    if (stale.includes(transferred) && !transferred.line.configKey) {
      const now = current.get(product.id) ?? null;
      if (now === null || round2(now) !== round2(price)) {
        throw new CxmlError(
          400,
          punchoutOrderMessage('priceChanged', {
            line: item.lineNumber,
            part,
            was: price.toFixed(2),
            now: now === null ? '—' : now.toFixed(2),
          }),
        );
      }
    } else if (stale.includes(transferred)) {
      // A configured line's price is the configuration's: one transferred too long ago is transferred again.
      throw new CxmlError(
        400,
        punchoutOrderMessage('priceChanged', {
          line: item.lineNumber,
          part,
          was: price.toFixed(2),
          now: '—',
        }),
      );
    }
    const configurations = configurationsOf(transferred.line.configKey);
    return {
      id: product.id,
      cartLineId: `punchout:${request.orderId}:${item.lineNumber}`,
      cartId: '',
      dateAdded: new Date().toISOString(),
      categoryId: null,
      // Priced as transferred (decision 073), and a punchout order takes no promotion (decision 079).
      categoryHandle: null,
      brandId: null,
      priceSource: 'catalogue' as const,
      priceListId: null,
      name: transferred.line.description || product.name,
      manufacturerPartNumber: product.manufacturerPartNumber,
      unitOfMeasure: product.unitOfMeasure,
      image: product.images[0] ?? null,
      quantity: item.quantity,
      minimumPurchaseQuantity: product.minimumPurchaseQuantity,
      minTransfer: product.minTransfer,
      maxOrderQuantity: product.maxOrderQuantity,
      price,
      basePrice: null,
      allowedStates: product.allowedStates ?? [],
      configurations,
      lineTotal: round2(price * item.quantity),
      tier: null,
      priceTiers: [],
    };
  });
}

/** A line's configuration key (domain/cart.ts configurationKey) as the order line keeps it. */
function configurationsOf(key: string): CartLineView['configurations'] {
  if (!key) return [];
  try {
    const parsed: unknown = JSON.parse(key);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((p: unknown) =>
      Array.isArray(p) && typeof p[0] === 'string' && typeof p[1] === 'number'
        ? [
            {
              id: p[0],
              name: null,
              unit: null,
              value: p[1],
              price: null,
              type: null,
              metadata: typeof p[2] === 'string' ? p[2] : null,
            },
          ]
        : [],
    );
  } catch {
    return [];
  }
}

/** Places the OrderRequest's order (or answers the one placed for the same orderID). */
async function placePunchoutOrder(
  ctx: Ctx,
  credential: VerifiedCredential,
  request: OrderRequestDocument,
): Promise<PlaceOrderResult> {
  const companyId = credential.companyId;
  if (request.type !== 'new') {
    throw new CxmlError(
      400,
      `An OrderRequest of type ${request.type} is not accepted: contact us to change an order.`,
    );
  }
  const found = await Promise.all(
    request.lines.map((l) => transferredLine(ctx.db, companyId, l.partId, l.configKey)),
  );
  const first = found.find((f): f is TransferredLine => !!f);
  const buyer = first ? await punchoutBuyer(ctx.db, first.userId, companyId) : null;
  if (!first || !buyer) {
    const item = request.lines[found.findIndex((f) => !f)] ?? request.lines[0]!;
    throw new CxmlError(
      400,
      punchoutOrderMessage('notTransferred', { line: item.lineNumber, part: item.partId }),
    );
  }
  if (!(await companyNetTerms(ctx.db, companyId))) throw new CxmlError(400, punchoutOrderMessage('noTerms'));
  ctx.user = buyer;
  ctx.writes = true;
  const pricing = await pricingOf(ctx);
  const lines = await orderLines(ctx, request, found, pricing);
  const ship = request.shipTo;
  if (!ship) throw new CxmlError(400, punchoutMessage('missingField', 'en-US', 'OrderRequestHeader/ShipTo'));
  const carrier = CARRIERS[0];
  const body = {
    contactEmail: buyer.email,
    shippingAddress: {
      name: ship.name,
      companyName: ship.companyName,
      addressLine1: ship.addressLine1,
      addressLine2: ship.addressLine2,
      city: ship.city,
      state: ship.state,
      zip: ship.zip,
      country: ship.country || undefined,
      isResidential: false,
      email: ship.email ?? buyer.email,
      phone: ship.phone,
    },
    shippingDetails: { carrierId: carrier.id, carrierMethod: carrier.methods[0], note: request.comments },
    payment: { kind: 'purchaseOrder', poNumber: request.orderId.slice(0, 40) },
  };
  // The buyer's orderID is the order's key (any payloadID): the same order answers every post of it.
  const key = createHash('sha256').update(request.orderId).digest('hex').slice(0, 64);
  const checkout = readCheckout(ctx, body, key);
  return place<SourcedLines>(ctx, checkout, {
    scope: `punchout:${companyId}`,
    hashed: {
      orderId: request.orderId,
      lines: request.lines.map((l) => [l.partId, l.configKey, l.quantity]),
    },
    present: true,
    note: `Order placed from ${credential.systemName} (punchout order ${request.orderId})`,
    spendingLimits: false,
    // Two posts of one order at once: the second waits here, then finds the first's order.
    lock: async (tx) => {
      await tx.db.execute('select pg_advisory_xact_lock(hashtext(?))', [`punchout:${companyId}:${key}`]);
    },
    lines: () => Promise.resolve({ lines, quoted: false }),
    // Its status updates go back to the procurement system, about this OrderRequest.
    ordered: (tx, orderId) =>
      recordPunchoutOrder(tx.db, {
        orderId,
        companyId,
        credentialId: credential.id,
        payloadId: request.payloadId,
        buyerOrderId: request.orderId,
      }),
  });
}
