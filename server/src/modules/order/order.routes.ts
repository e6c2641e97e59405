import { Router } from 'express';
import {
  cardSchema,
  orderListSchema,
  paymentChallengeSchema,
  placeOrderSchemaFor,
} from '../../../../domain/checkout.schema';
import { siteCountry } from '../../../../domain/regions';
import { validate } from '../../common/validate';
import { ctxOf } from '../../rest/ctx';
import { ORDERS_OWN } from '../auth/permission-matrix';
import { assertAccess } from '../auth/permissions';
import { checkIdempotencyKey, checkoutService, paymentOf } from './checkout.service';

import { invoicePdf } from './order.invoice';
import { orderService } from './order.service';

/** Checkout and orders (REST facade of the same services as GraphQL). */
export function orderRoutes(): Router {
  const router = Router();

  /** Places the cart as an order; the Idempotency-Key header makes retries safe. */
  router.post('/checkout/place-order', async (req, res) => {
    const ctx = ctxOf(req);
    const key = checkIdempotencyKey(req.get('idempotency-key'));
    res.json(
      await checkoutService.placeOrder(
        ctx,
        validate(placeOrderSchemaFor(siteCountry(ctx.site)), req.body),
        key,
      ),
    );
  });

  router.get('/orders', async (req, res) => {
    const ctx = ctxOf(req);
    assertAccess(ctx, ORDERS_OWN);
    const user = ctx.user!;
    const raw = req.query;
    const statuses = ([] as unknown[]).concat(raw.status ?? []).flatMap((s) => String(s).split(','));
    const filter = validate(orderListSchema, { ...raw, statuses: statuses.filter(Boolean).map(Number) });
    res.json(await orderService.list(ctx, user.id, filter));
  });

  /** The caller's orders waiting for a payment. */
  router.get('/orders/awaiting-payment', async (req, res) => {
    res.json(await orderService.awaitingPayment(ctxOf(req)));
  });

  /**
   * The link in a guest's order e-mail: the order joins this browser's session (as if placed in it), then its
   * page opens. An unknown or expired link opens the page that says so.
   */
  router.get('/orders/access', async (req, res) => {
    const id = await orderService.openByLink(ctxOf(req), String(req.query.token ?? ''));
    res.redirect(303, id ? `/user/account/orders/${id}` : '/user/account/orders/link-expired');
  });

  /** After the bank's authentication page: records the payment's outcome. */
  router.post('/orders/:id/confirm-payment', async (req, res) => {
    res.json(await checkoutService.confirmPayment(ctxOf(req), String(req.params.id)));
  });

  router.get('/orders/:id', async (req, res) => {
    res.json(await orderService.get(ctxOf(req), String(req.params.id)));
  });

  router.get('/orders/:id/invoice.pdf', async (req, res) => {
    const order = await orderService.get(ctxOf(req), String(req.params.id));
    const pdf = await invoicePdf(order);
    res
      .type('application/pdf')
      .set('Content-Disposition', `inline; filename="invoice-AXL-${order.orderNumber}.pdf"`)
      .set('Cache-Control', 'private, no-store')
      .send(Buffer.from(pdf));
  });

  /** Pays an order whose payment failed or waits for the bank: `paymentMethodId` (a card) or `poNumber`. */
  router.post('/orders/:id/pay', async (req, res) => {
    const body = (req.body ?? {}) as { paymentMethodId?: unknown; poNumber?: unknown };
    res.json(await checkoutService.payOrder(ctxOf(req), String(req.params.id), paymentOf(body)));
  });

  /** Cancels an order that has not shipped (its payment released or refunded). */
  router.post('/orders/:id/cancel', async (req, res) => {
    res.json(await checkoutService.cancelOrder(ctxOf(req), String(req.params.id)));
  });

  /** Puts every line of an order back in the cart (lines no longer sold are reported). */
  router.post('/orders/:id/reorder', async (req, res) => {
    res.json(await orderService.reorder(ctxOf(req), String(req.params.id)));
  });

  // The built-in test payment provider's own calls (a real processor serves these from its domain).
  router.post('/payments/test/payment-methods', async (req, res) => {
    const card = validate(cardSchema, req.body);
    res.status(201).json(await ctxOf(req).app.payments.createPaymentMethod(card));
  });

  router.post('/payments/test/intents/:id/authenticate', async (req, res) => {
    const { clientSecret, approve } = validate(paymentChallengeSchema, {
      ...req.body,
      approve: String((req.body as { approve?: unknown })?.approve ?? 'true'),
    });
    const intent = await ctxOf(req).app.payments.authenticate(
      String(req.params.id),
      clientSecret,
      approve === 'true',
    );
    res.json({ id: intent.id, status: intent.status, lastError: intent.lastError });
  });

  return router;
}
