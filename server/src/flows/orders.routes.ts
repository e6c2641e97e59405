import { Router } from 'express';
import { ctxOf } from '../rest/ctx';
import { cancelOrder } from './cancel-order';
import { payOrder } from './pay-order';
import { placeOrder } from './place-order';

/** The checkout's REST calls that run a flow (the order module's routes serve the rest of /orders). */
export function orderFlowRoutes(): Router {
  const router = Router();

  /** Places the cart as an order; the Idempotency-Key header makes retries safe. */
  router.post('/checkout/place-order', async (req, res) => {
    res.json(await placeOrder(ctxOf(req), req.body, req.get('idempotency-key')));
  });

  /** Pays an order whose payment failed or waits for the bank: `paymentMethodId` (a card) or `poNumber`. */
  router.post('/orders/:id/pay', async (req, res) => {
    res.json(await payOrder(ctxOf(req), String(req.params.id), req.body));
  });

  /** Cancels an order that has not shipped (its payment released or refunded). */
  router.post('/orders/:id/cancel', async (req, res) => {
    res.json(await cancelOrder(ctxOf(req), String(req.params.id)));
  });

  return router;
}
