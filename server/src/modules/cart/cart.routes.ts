import { Router } from 'express';
import { ctxOf } from '../../rest/ctx';
import { cartService, type CartView } from './cart.service';

/** The cart as REST answers it: the spec's Cart fields (id and cartId both name it; -1 while there is none). */
const rest = (cart: CartView) => ({ ...cart, id: cart.id ?? -1, cartId: cart.id ?? -1 });

/** The cart calls of spec section 7 (REST facade). Anonymous visitors have a cart too (their session's). */
export function cartRoutes(): Router {
  const router = Router();

  router.get('/user/cart', async (req, res) => {
    const state = typeof req.query.state === 'string' ? req.query.state : null;
    res.json(rest(await cartService.get(ctxOf(req), state)));
  });

  /**
   * Adds the items: a line with the same product and configurations grows, once per `Idempotency-Key` when one is
   * sent (a replay answers the cart as it is).
   */
  router.post('/user/cart/upsert', async (req, res) => {
    res.json(rest(await cartService.addItems(ctxOf(req), req.body, req.get('idempotency-key'))));
  });

  /** Sets the quantities of the items' lines. */
  router.put('/user/cart/upsert', async (req, res) => {
    res.json(rest(await cartService.setItems(ctxOf(req), req.body)));
  });

  /** Removes the lines named by cartLineId. */
  router.put('/user/cart/remove', async (req, res) => {
    res.json(rest(await cartService.removeLines(ctxOf(req), req.body)));
  });

  /** Empties the cart. */
  router.delete('/user/cart', async (req, res) => {
    res.json(rest(await cartService.clear(ctxOf(req))));
  });

  return router;
}
