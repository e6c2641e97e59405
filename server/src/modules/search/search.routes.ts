import { Router } from 'express';
import { searchRequestSchema, typeaheadRequestSchema } from '../../../../domain/search';
import { validate } from '../../common/validate';
import { ctxOf } from '../../rest/ctx';
import { searchService } from './search.service';

/** REST facade of search (spec section 7): POST /search/typeAhead and POST /search. */
export function searchRoutes(): Router {
  const router = Router();

  router.post('/search/typeAhead', async (req, res) => {
    const { term, includeWithoutPrice } = validate(typeaheadRequestSchema, req.body);
    res.json(await searchService.typeAhead(ctxOf(req), term, includeWithoutPrice));
  });

  router.post('/search', async (req, res) => {
    res.json(await searchService.search(ctxOf(req), validate(searchRequestSchema, req.body)));
  });

  return router;
}
