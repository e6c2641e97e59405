import { Router } from 'express';
import { object, string } from 'yup';
import { cardSchema, orderListSchema, placeOrderSchema } from '../../../../domain/checkout.schema';
import { validate } from '../../common/validate';
import { ctxOf } from '../../rest/ctx';
import { ORDERS_OWN } from '../auth/permission-matrix';
import { assertAccess } from '../auth/permissions';
import { checkIdempotencyKey, checkoutService } from './checkout.service';
import { invoicePdf } from './order.invoice';
import { orderService } from './order.service';

const payOrderSchema = object({
  paymentMethodId: string().trim().required('Enter your card details').max(100),
});
const authenticateSchema = object({
  clientSecret: string().required('clientSecret is required').max(200),
  approve: string().oneOf(['true', 'false']).default('true'),
});

/** Checkout and orders (REST facade of the same services as GraphQL). */
export function orderRoutes(): Router {
  const router = Router();

  /** Places the cart as an order; the Idempotency-Key header makes retries safe. */
  router.post('/checkout/place-order', async (req, res) => {
    const ctx = ctxOf(req);
    const key = checkIdempotencyKey(req.get('idempotency-key'));
    res.json(await checkoutService.placeOrder(ctx, validate(placeOrderSchema, req.body), key));
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

  /** Pays an order whose card was declined (or is still open) with another card. */
  router.post('/orders/:id/pay', async (req, res) => {
    const { paymentMethodId } = validate(payOrderSchema, req.body);
    res.json(await checkoutService.payOrder(ctxOf(req), String(req.params.id), paymentMethodId));
  });

  /** After the bank's authentication page: records the payment's outcome. */
  router.post('/orders/:id/confirm-payment', async (req, res) => {
    res.json(await checkoutService.confirmPayment(ctxOf(req), String(req.params.id)));
  });

  /** Puts every line of an order back in the cart (lines no longer sold are reported). */
  router.post('/orders/:id/reorder', async (req, res) => {
    res.json(await orderService.reorder(ctxOf(req), String(req.params.id)));
  });

  // The built-in test payment provider's own calls (a real processor serves these from its domain).
  router.post('/payments/test/payment-methods', async (req, res) => {
    const card = validate(cardSchema, req.body);
    res.status(201).json(await ctxOf(req).payments.createPaymentMethod(card));
  });

  router.post('/payments/test/intents/:id/authenticate', async (req, res) => {
    const { clientSecret, approve } = validate(authenticateSchema, {
      ...req.body,
      approve: String((req.body as { approve?: unknown })?.approve ?? 'true'),
    });
    const intent = await ctxOf(req).payments.authenticate(
      String(req.params.id),
      clientSecret,
      approve === 'true',
    );
    res.json({ id: intent.id, status: intent.status, lastError: intent.lastError });
  });

  return router;
}
