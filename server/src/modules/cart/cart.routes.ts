import { Router } from 'express';
import { cartItemsSchema, cartRemoveSchema } from '../../../../domain/cart.schema';
import { validate } from '../../common/validate';
import { ctxOf } from '../../rest/ctx';
import { cartService, type CartView } from './cart.service';

/** The cart as REST answers it: the spec's Cart fields (id and cartId both name it). */
const rest = (cart: CartView) => ({ ...cart, cartId: cart.id });

/** The cart calls of spec section 7 (REST facade). Anonymous visitors have a cart too (their session's). */
export function cartRoutes(): Router {
  const router = Router();

  router.get('/user/cart', async (req, res) => {
    const state = typeof req.query.state === 'string' ? req.query.state : null;
    res.json(rest(await cartService.get(ctxOf(req), state)));
  });

  /** Adds the items: a line with the same product and configurations grows. */
  router.post('/user/cart/upsert', async (req, res) => {
    const { items } = validate(cartItemsSchema, req.body);
    res.json(rest(await cartService.add(ctxOf(req), items)));
  });

  /** Sets the quantities of the items' lines. */
  router.put('/user/cart/upsert', async (req, res) => {
    const { items } = validate(cartItemsSchema, req.body);
    res.json(rest(await cartService.set(ctxOf(req), items)));
  });

  /** Removes the lines named by cartLineId. */
  router.put('/user/cart/remove', async (req, res) => {
    const { items } = validate(cartRemoveSchema, req.body);
    res.json(
      rest(
        await cartService.remove(
          ctxOf(req),
          items.map((i) => i.cartLineId),
        ),
      ),
    );
  });

  /** Empties the cart. */
  router.delete('/user/cart', async (req, res) => {
    res.json(rest(await cartService.clear(ctxOf(req))));
  });

  return router;
}
