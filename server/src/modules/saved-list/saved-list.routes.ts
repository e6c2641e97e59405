import { Router } from 'express';
import { ctxOf } from '../../rest/ctx';
import { savedListService } from './saved-list.service';

/**
 * Saved lists (spec section 7, Products and lists), quick order and save for later. Signed-in users: the service
 * checks who calls before what was sent (401 whatever the body).
 */
export function savedListRoutes(): Router {
  const router = Router();

  router.get('/product/get-all-saved-lists', async (req, res) => {
    res.json(await savedListService.lists(ctxOf(req)));
  });

  router.post('/product/create-save-list', async (req, res) => {
    res.status(201).json(await savedListService.create(ctxOf(req), req.body));
  });

  router.post('/product/edit-saved-list', async (req, res) => {
    res.json(await savedListService.edit(ctxOf(req), req.body));
  });

  router.delete('/product/delete-saved-list', async (req, res) => {
    res.json({ success: true, id: await savedListService.remove(ctxOf(req), req.body) });
  });

  router.post('/product/add-item-to-save-list', async (req, res) => {
    res.json(await savedListService.addItems(ctxOf(req), req.body));
  });

  router.post('/product/get-all-saved-list-items', async (req, res) => {
    res.json(await savedListService.items(ctxOf(req), req.body));
  });

  router.post('/product/update-item-quantity', async (req, res) => {
    res.json(await savedListService.updateQuantity(ctxOf(req), req.body));
  });

  router.delete('/product/delete-items-saved-list', async (req, res) => {
    res.json(await savedListService.removeItems(ctxOf(req), req.body));
  });

  /** Moves items (all when `ids` is empty) from a list to the cart; answers the cart. */
  router.post('/product/move-saved-items-to-cart', async (req, res) => {
    res.json(await savedListService.moveToCart(ctxOf(req), req.body));
  });

  /** Quick order into a list (savedListId) or the cart: `{added, problems: [{line, text, reason}]}`. */
  router.post('/product/quick-order', async (req, res) => {
    res.json(await savedListService.quickOrder(ctxOf(req), req.body));
  });

  /** Save for later: cart lines move into the "Saved for later" list; answers the cart. */
  router.post('/user/cart/save-for-later', async (req, res) => {
    res.json(await savedListService.saveForLater(ctxOf(req), req.body));
  });

  return router;
}
