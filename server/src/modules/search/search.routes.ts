import { Router } from 'express';
import { ctxOf } from '../../rest/ctx';
import { searchService } from './search.service';

/** REST facade of search (spec section 7): POST /search/typeAhead, POST /search, POST /search/attribution. */
export function searchRoutes(): Router {
  const router = Router();

  router.post('/search/typeAhead', async (req, res) => {
    res.json(await searchService.typeAhead(ctxOf(req), req.body));
  });

  router.post('/search', async (req, res) => {
    res.json(await searchService.results(ctxOf(req), req.body));
  });

  /** Search attribution event: a product picked from a search answer (sent as a beacon; 204). */
  router.post('/search/attribution', async (req, res) => {
    await searchService.recordClick(ctxOf(req), req.body);
    res.status(204).end();
  });

  return router;
}
