import { Router, type RequestHandler } from 'express';
import {
  addToListSchema,
  cartLineIdsSchema,
  listItemIdsSchema,
  listItemQuantitySchema,
  listItemsSchema,
  quickOrderSchema,
  savedListIdSchema,
  savedListSchema,
} from '../../../../domain/saved-lists';
import { validate } from '../../common/validate';
import { ctxOf } from '../../rest/ctx';
import { requireUser } from '../auth/session-auth';
import { savedListService } from './saved-list.service';

/** Who may call comes before what was sent: signed-out callers get 401 whatever the body. */
const signedIn: RequestHandler = (req, _res, next) => {
  requireUser(ctxOf(req));
  next();
};

/** Saved lists (spec section 7, Products and lists), quick order and save for later. Signed-in users. */
export function savedListRoutes(): Router {
  const router = Router();

  router.get('/product/get-all-saved-lists', signedIn, async (req, res) => {
    res.json(await savedListService.lists(ctxOf(req)));
  });

  router.post('/product/create-save-list', signedIn, async (req, res) => {
    res.status(201).json(await savedListService.create(ctxOf(req), validate(savedListSchema, req.body)));
  });

  router.post('/product/edit-saved-list', signedIn, async (req, res) => {
    const { id } = validate(savedListIdSchema, req.body);
    res.json(await savedListService.edit(ctxOf(req), id, validate(savedListSchema, req.body)));
  });

  router.delete('/product/delete-saved-list', signedIn, async (req, res) => {
    const { id } = validate(savedListIdSchema, req.body);
    await savedListService.remove(ctxOf(req), id);
    res.json({ success: true, id });
  });

  router.post('/product/add-item-to-save-list', signedIn, async (req, res) => {
    const { savedListId, items } = validate(addToListSchema, req.body);
    res.json(await savedListService.addItems(ctxOf(req), savedListId, items));
  });

  router.post('/product/get-all-saved-list-items', signedIn, async (req, res) => {
    const { id, params } = validate(listItemsSchema, req.body);
    res.json(await savedListService.items(ctxOf(req), id, params));
  });

  router.post('/product/update-item-quantity', signedIn, async (req, res) => {
    const { listId, id, quantity } = validate(listItemQuantitySchema, req.body);
    res.json(await savedListService.updateQuantity(ctxOf(req), listId, id, quantity));
  });

  router.delete('/product/delete-items-saved-list', signedIn, async (req, res) => {
    const { savedListId, ids } = validate(listItemIdsSchema, req.body);
    res.json(await savedListService.removeItems(ctxOf(req), savedListId, ids));
  });

  /** Moves items (all when `ids` is empty) from a list to the cart; answers the cart. */
  router.post('/product/move-saved-items-to-cart', signedIn, async (req, res) => {
    const { savedListId, ids } = validate(listItemIdsSchema, req.body);
    res.json(await savedListService.moveToCart(ctxOf(req), savedListId, ids));
  });

  /** Quick order into a list (savedListId) or the cart: `{added, problems: [{line, text, reason}]}`. */
  router.post('/product/quick-order', async (req, res) => {
    const { text, savedListId } = validate(quickOrderSchema, req.body);
    res.json(await savedListService.quickOrder(ctxOf(req), text, savedListId));
  });

  /** Save for later: cart lines move into the "Saved for later" list; answers the cart. */
  router.post('/user/cart/save-for-later', signedIn, async (req, res) => {
    const { cartLineIds } = validate(cartLineIdsSchema, req.body);
    res.json(await savedListService.saveForLater(ctxOf(req), cartLineIds));
  });

  return router;
}
