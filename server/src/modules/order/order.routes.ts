import { Router } from 'express';
import { ctxOf } from '../../rest/ctx';
import { testPaymentsService } from '../payment';
import { checkoutService } from './checkout.service';
import { orderInvoicePdf } from './order.invoice';
import { orderService } from './order.service';

/**
 * Orders (REST facade of the same services as GraphQL). Placing, paying later and cancelling run flows: their routes
 * are the flows' (flows/orders.routes.ts).
 */
export function orderRoutes(): Router {
  const router = Router();

  /** `?status=1,2&status=3&from=…&to=…&page=…&pageSize=…` */
  router.get('/orders', async (req, res) => {
    const statuses = ([] as unknown[]).concat(req.query.status ?? []).flatMap((s) => String(s).split(','));
    res.json(
      await orderService.mine(ctxOf(req), { ...req.query, statuses: statuses.filter(Boolean).map(Number) }),
    );
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
    // The buyer's own, or, for a company's admins, approvers and viewers, any order of the company.
    const ctx = ctxOf(req);
    const order = await orderService.readable(ctx, String(req.params.id));
    const pdf = await orderInvoicePdf(ctx.db, order);
    res
      .type('application/pdf')
      .set('Content-Disposition', `inline; filename="invoice-AXL-${order.orderNumber}.pdf"`)
      .set('Cache-Control', 'private, no-store')
      .send(Buffer.from(pdf));
  });

  /** Puts every line of an order back in the cart (lines no longer sold are reported). */
  router.post('/orders/:id/reorder', async (req, res) => {
    res.json(await orderService.reorder(ctxOf(req), String(req.params.id)));
  });

  // The built-in test payment provider's own calls (a real processor serves these from its domain).
  router.post('/payments/test/payment-methods', async (req, res) => {
    res.status(201).json(await testPaymentsService.createPaymentMethod(ctxOf(req), req.body));
  });

  router.post('/payments/test/intents/:id/authenticate', async (req, res) => {
    const intent = await testPaymentsService.authenticate(ctxOf(req), String(req.params.id), req.body);
    res.json({ id: intent.id, status: intent.status, lastError: intent.lastError });
  });

  return router;
}
