import { Router } from 'express';
import {
  searchClickSchema,
  searchRequestSchema,
  typeaheadRequestSchema,
} from '../../../../domain/search.schema';
import { validate } from '../../common/validate';
import { ctxOf } from '../../rest/ctx';
import { searchService } from './search.service';

/** REST facade of search (spec section 7): POST /search/typeAhead, POST /search, POST /search/attribution. */
export function searchRoutes(): Router {
  const router = Router();

  router.post('/search/typeAhead', async (req, res) => {
    const { term, includeWithoutPrice } = validate(typeaheadRequestSchema, req.body);
    res.json(await searchService.typeAhead(ctxOf(req), term, includeWithoutPrice));
  });

  router.post('/search', async (req, res) => {
    res.json(await searchService.search(ctxOf(req), validate(searchRequestSchema, req.body)));
  });

  /** Search attribution event: a product picked from a search answer (sent as a beacon; 204). */
  router.post('/search/attribution', async (req, res) => {
    const click = validate(searchClickSchema, req.body);
    await ctxOf(req).db.execute(
      `insert into search_click (token, product_id, position)
         select ?, ?, ? where exists (select 1 from search_attribution where token = ?)`,
      [click.token, click.productId, click.position, click.token],
    );
    res.status(204).end();
  });

  return router;
}
