import { Router, type Request } from 'express';
import { notFound } from '../../common/errors';
import { cacheableRead } from '../../rest/cacheable';
import { ctxOf } from '../../rest/ctx';
import { backInStockService, type BackInStockStatus } from './back-in-stock.service';
import { crossSectionDxf } from './cad';
import { catalogService } from './catalog.service';
import type { CategoryView } from './catalog.views';

const categorySummary = (c: CategoryView) => ({
  handle: c.handle,
  name: c.name,
  subtitle: c.subtitle,
  image: c.image,
});

const BACK_IN_STOCK_HTTP: Record<BackInStockStatus, number> = {
  created: 201,
  confirmation_sent: 202,
  already_requested: 200,
};

/** REST facade of the catalogue (spec section 7). Same service as GraphQL. */
export function catalogRoutes(): Router {
  const router = Router();

  router.get('/products/category/parent', async (req, res) => {
    cacheableRead(req, res);
    const roots = await catalogService.parentCategories(ctxOf(req));
    res.json(roots.map((c) => ({ handle: c.handle, name: c.name })));
  });

  router.get('/products/category/*handle', async (req, res) => {
    cacheableRead(req, res);
    const handle = ([] as string[]).concat(req.params.handle as string | string[]).join('/');
    const detail = await catalogService.categoryByHandle(ctxOf(req), handle);
    if (!detail) throw notFound(`Category ${handle}`);
    res.json({
      ...categorySummary(detail.category),
      children: detail.children.map(categorySummary),
      breadcrumbs: detail.breadcrumbs.map((c) => ({ handle: c.handle, name: c.name })),
    });
  });

  /** A category's products with facets: the search body (query, filters, sort, page, pageSize) and a handle. */
  router.post('/products/category/search', async (req, res) => {
    res.json(await catalogService.categoryProducts(ctxOf(req), req.body));
  });

  router.get('/products', async (req, res) => {
    cacheableRead(req, res);
    res.json(await catalogService.productsByIds(ctxOf(req), idsFromQuery(req)));
  });

  /** Current prices (id, price) of the products asked, for merging onto cart lines by id. */
  router.get('/products/refreshDetails', async (req, res) => {
    cacheableRead(req, res);
    const prices = await catalogService.refreshDetails(ctxOf(req), idsFromQuery(req));
    res.json(prices.map(({ id, price }) => ({ id, price })));
  });

  /** The caller's prices for `products` (part numbers, or objects with an id). */
  router.post('/products/customer-pricing', async (req, res) => {
    const prices = await catalogService.customerPrices(ctxOf(req), req.body);
    res.json(prices.map(({ id, price }) => ({ id, price })));
  });

  // Part numbers may contain '/': clients send it encoded (%2F), so take the rest of the path.
  router.get('/products/*id', async (req, res) => {
    cacheableRead(req, res);
    const id = ([] as string[]).concat(req.params.id as string | string[]).join('/');
    res.json(await catalogService.requireProduct(ctxOf(req), id));
  });

  router.post('/product/get-product-detail-by-id', async (req, res) => {
    res.json(await catalogService.productDetail(ctxOf(req), req.body));
  });

  router.post('/product/get-product-detail-by-multi-id', async (req, res) => {
    res.json(await catalogService.productDetails(ctxOf(req), req.body));
  });

  router.get('/search/products/recommendations', async (req, res) => {
    cacheableRead(req, res);
    // `?categories=a&categories=b&productId=X`: with the product being looked at, what was seen or bought with it
    // comes first.
    const { categories, productId } = req.query;
    res.json(await catalogService.recommendationsFor(ctxOf(req), { categories, productId }));
  });

  /** A product's cross-section drawing (DXF), generated from its attributes. */
  router.get('/cad/:file', async (req, res) => {
    const file = String(req.params.file);
    const match = /^(.+)\.dxf$/i.exec(file);
    const product = match ? await catalogService.productById(ctxOf(req), match[1]!) : null;
    const drawing = product ? crossSectionDxf(product) : null;
    if (!product || !drawing) throw notFound(`Drawing ${file}`);
    res
      .type('image/vnd.dxf')
      .set('Content-Disposition', `attachment; filename="${product.id.replace(/[^\w.-]/g, '_')}.dxf"`)
      .set('Cache-Control', 'public, max-age=3600')
      .send(drawing);
  });

  /**
   * Back-in-stock request (decision 053): 201 `created` (signed in, own address), 202 `confirmation_sent` (signed
   * out: the address's owner confirms from an e-mail), 200 `already_requested`.
   */
  router.post('/product/itemNotification', async (req, res) => {
    const answer = await backInStockService.request(ctxOf(req), req.body);
    res.status(BACK_IN_STOCK_HTTP[answer.status]).json(answer);
  });

  /** The link in the confirmation e-mail: confirms the request once, then opens the part's page saying so. */
  router.get('/product/itemNotification/confirm', async (req, res) => {
    const to = await backInStockService.confirm(ctxOf(req), {
      token: String(req.query.token ?? ''),
      item: String(req.query.item ?? ''),
    });
    res.set('Cache-Control', 'no-store').redirect(303, to);
  });

  return router;
}

/** `?ids=a,b&ids=c` -> [a, b, c] */
function idsFromQuery(req: Request): string[] {
  const raw = req.query.ids;
  return (Array.isArray(raw) ? raw : [raw])
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(','));
}
