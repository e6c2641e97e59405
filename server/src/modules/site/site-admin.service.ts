import { boolean, object, string } from 'yup';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import { notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { assertAccess } from '../auth/permissions';
import { recordAudit } from '../audit/audit';
import { bumpIndexVersion } from '../search/search.index';

export interface AdminSiteView {
  id: string;
  name: string;
  currency: string;
  logo: string;
  /** The site's own price list (pay-ca: CAD), or null for the list prices. */
  priceListId: string | null;
  showAllProducts: boolean;
  /** Products listed on this site by name (what it shows when it does not show the whole catalogue). */
  listedProducts: number;
  orders: number;
}

const visibilitySchema = object({ id: string().required().max(32), showAllProducts: boolean().required() });

const SITE_SQL = `select s.id, s.name, s.currency, s.logo, s.price_list_id as "priceListId",
    s.show_all_products as "showAllProducts",
    (select count(*)::int from product_search p where s.id = any(p.sites)) as "listedProducts",
    (select count(*)::int from customer_order o where o.site = s.id) as orders
  from site s`;

/** The sites of the store in the console (Admin): their currency and catalogue visibility. */
export const adminSiteService = {
  list(ctx: Ctx): Promise<AdminSiteView[]> {
    assertAccess(ctx, CONSOLE_ACCESS.sites);
    return ctx.db.execute<AdminSiteView[]>(`${SITE_SQL} order by s.id = 'axl' desc, s.id`);
  },

  /**
   * Shows the whole catalogue on a site, or only the products listed for it. Search answers cached by every
   * process are dropped (the search index version is raised), and the change is audited.
   */
  async setVisibility(ctx: Ctx, input: unknown): Promise<AdminSiteView> {
    assertAccess(ctx, CONSOLE_ACCESS.sites);
    const { id, showAllProducts } = validate(visibilitySchema, input);
    await ctx.db.transactional(async (trx) => {
      const [before] = await ctx.db.execute<{ showAllProducts: boolean }[]>(
        'select show_all_products as "showAllProducts" from site where id = ? for update',
        [id],
        'all',
        trx,
      );
      if (!before) throw notFound('Site');
      await ctx.db.execute(
        'update site set show_all_products = ? where id = ?',
        [showAllProducts, id],
        'run',
        trx,
      );
      await bumpIndexVersion(ctx.db, trx);
      await recordAudit(ctx, trx, {
        action: 'site.visibility',
        targetType: 'site',
        targetId: id,
        before,
        after: { showAllProducts },
      });
    });
    const [site] = await ctx.db.execute<AdminSiteView[]>(`${SITE_SQL} where s.id = ?`, [id]);
    return site!;
  },
};
