import { AppError } from '../common/errors';
import type { Ctx } from '../context';
import { type PlaceOrderResult, readCheckout } from '../modules/order';
import { lockQuoteForCheckout, markQuoteOrdered, quoteForOrder } from '../modules/quote';
import { place, type SourcedLines } from './place-order';

/*
 * Check out an accepted quote (decision 049): the order is placed as a cart's is (server/src/flows/place-order.ts),
 * its lines, prices and freight the quote's and the cart left alone. The quote's steps: lock it, read it as ordered
 * (re-checked: the caller's, accepted, the revision they accepted still the one sent, not expired), mark it ordered.
 */

/** Orders the quote's revision the buyer accepted and read. Entry point: the checkout as sent and its key. */
export async function checkOutQuote(
  ctx: Ctx,
  body: unknown,
  idempotencyKey: unknown,
  fromQuote: { quoteId: string; revision: number },
): Promise<PlaceOrderResult> {
  const checkout = readCheckout(ctx, body, idempotencyKey);
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return place<SourcedLines & { quoteId: string }>(ctx, checkout, {
    scope: `user:${ctx.user.id}:quote:${fromQuote.quoteId}`,
    hashed: { input: checkout.input, fromQuote },
    present: true,
    note: 'Order placed from a quote',
    lock: (tx) => lockQuoteForCheckout(tx, fromQuote.quoteId),
    lines: async (tx, pricing) => {
      const quote = await quoteForOrder(tx, fromQuote.quoteId, fromQuote.revision, tx.site, pricing.currency);
      return {
        lines: quote.lines,
        quoted: true,
        cataloguePrices: quote.cataloguePrices,
        freight: quote.freight,
        quoteId: quote.id,
      };
    },
    ordered: (tx, orderId, ordered) => markQuoteOrdered(tx, ordered.quoteId, orderId),
  });
}
