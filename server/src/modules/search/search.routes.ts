import { Router } from 'express';
import { AppError } from '../../common/errors';
import { ctxOf } from '../../rest/ctx';
import { searchService, type SearchSort } from './search.service';

const SORTS: SearchSort[] = ['relevance', 'price_asc', 'price_desc', 'part_number'];

const text = (value: unknown, field: string): string => {
  if (typeof value !== 'string')
    throw new AppError('BAD_USER_INPUT', `${field} is required`, [
      { field, message: `${field} is required` },
    ]);
  return value;
};

/** REST facade of search (spec section 7): POST /search/typeAhead and POST /search. */
export function searchRoutes(): Router {
  const router = Router();

  router.post('/search/typeAhead', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    res.json(
      await searchService.typeAhead(ctxOf(req), text(body.term, 'term'), body.includeWithoutPrice !== false),
    );
  });

  router.post('/search', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const filters = (body.filters ?? {}) as Record<string, unknown>;
    const sort = (body.sort ?? 'relevance') as SearchSort;
    if (!SORTS.includes(sort)) {
      throw new AppError('BAD_USER_INPUT', `sort must be one of ${SORTS.join(', ')}`, [
        { field: 'sort', message: `sort must be one of ${SORTS.join(', ')}` },
      ]);
    }
    res.json(
      await searchService.search(ctxOf(req), {
        query: text(body.query, 'query'),
        includeWithoutPrice: filters.includeWithoutPrice !== false,
        brands: Array.isArray(filters.brands)
          ? filters.brands.filter((b): b is string => typeof b === 'string')
          : undefined,
        category: typeof filters.category === 'string' ? filters.category : null,
        sort,
        page: body.page === undefined ? 1 : Number(body.page),
        pageSize: body.pageSize === undefined ? 24 : Number(body.pageSize),
      }),
    );
  });

  return router;
}
