import { Router } from 'express';
import { notFound } from '../../common/errors';
import { ctxOf } from '../../rest/ctx';
import { catalogService } from './catalog.service';
import type { CategoryView } from './catalog.views';

const categorySummary = (c: CategoryView) => ({
  handle: c.handle,
  name: c.name,
  subtitle: c.subtitle,
  image: c.image,
});

/** REST facade of the catalogue (spec section 7). Same service as GraphQL. */
export function catalogRoutes(): Router {
  const router = Router();

  router.get('/products/category/parent', async (req, res) => {
    const roots = await catalogService.parentCategories(ctxOf(req));
    res.json(roots.map((c) => ({ handle: c.handle, name: c.name })));
  });

  router.get('/products/category/*handle', async (req, res) => {
    const handle = ([] as string[]).concat(req.params.handle as string | string[]).join('/');
    const detail = await catalogService.categoryByHandle(ctxOf(req), handle);
    if (!detail) throw notFound(`Category ${handle}`);
    res.json({
      ...categorySummary(detail.category),
      children: detail.children.map(categorySummary),
      breadcrumbs: detail.breadcrumbs.map((c) => ({ handle: c.handle, name: c.name })),
    });
  });

  router.get('/products', async (req, res) => {
    const raw = req.query.ids;
    const ids = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
    res.json(
      await catalogService.productsByIds(
        ctxOf(req),
        ids.flatMap((v) => v.split(',')),
      ),
    );
  });

  // Part numbers may contain '/': clients send it encoded (%2F), so take the rest of the path.
  router.get('/products/*id', async (req, res) => {
    const id = ([] as string[]).concat(req.params.id as string | string[]).join('/');
    res.json(await catalogService.requireProduct(ctxOf(req), id));
  });

  return router;
}
