import { boolean, object, string } from 'yup';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import { siteLegalSchema, type SiteLegal } from '../../../../domain/site-legal.schema';
import { notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import { bumpCacheVersion } from '../../common/cache-versions';
import type { Ctx } from '../../context';
import { assertAccess } from '../auth';
import { recordAudit } from '../audit';
import { bumpIndexVersion } from '../search';

export interface AdminSiteView extends SiteLegal {
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

const siteIdSchema = object({ id: string().required().max(32) });

const SITE_SQL = `select s.id, s.name, s.currency, s.logo, s.price_list_id as "priceListId",
    s.show_all_products as "showAllProducts", s.legal_name as "legalName", s.postal_address as "postalAddress",
    s.copyright_holder as "copyrightHolder",
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
   * process are dropped at its next poll (the sites' version moves, decision 078; the search index version too, for
   * what reads it), and the change is audited.
   */
  async setVisibility(ctx: Ctx, input: unknown): Promise<AdminSiteView> {
    assertAccess(ctx, CONSOLE_ACCESS.sites);
    const { id, showAllProducts } = validate(visibilitySchema, input);
    await ctx.db.transactional(async () => {
      const [before] = await ctx.db.execute<{ showAllProducts: boolean }[]>(
        'select show_all_products as "showAllProducts" from site where id = ? for update',
        [id],
        'all',
      );
      if (!before) throw notFound('Site');
      await ctx.db.execute(
        'update site set show_all_products = ? where id = ?',
        [showAllProducts, id],
        'run',
      );
      await bumpIndexVersion(ctx.db);
      await bumpCacheVersion(ctx.db, 'sites');
      await recordAudit(ctx, {
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

  /**
   * Sets a site's legal name, postal address and copyright holder (decision 058), each one line (the shared
   * schema's messages next to the fields), audited. The footer reads them from the site directory (this process
   * at once, the others at their next poll of the versions, decision 078); the invoice and quote PDFs read them
   * when they are made.
   */
  async setLegal(ctx: Ctx, input: unknown): Promise<AdminSiteView> {
    assertAccess(ctx, CONSOLE_ACCESS.sites);
    const { id } = validate(siteIdSchema, input);
    const legal = validate(siteLegalSchema, input);
    await ctx.db.transactional(async () => {
      const [before] = await ctx.db.execute<SiteLegal[]>(
        `select legal_name as "legalName", postal_address as "postalAddress", copyright_holder as "copyrightHolder"
         from site where id = ? for update`,
        [id],
        'all',
      );
      if (!before) throw notFound('Site');
      await ctx.db.execute(
        'update site set legal_name = ?, postal_address = ?, copyright_holder = ? where id = ?',
        [legal.legalName, legal.postalAddress, legal.copyrightHolder, id],
        'run',
      );
      await bumpCacheVersion(ctx.db, 'sites');
      await recordAudit(ctx, {
        action: 'site.legal',
        targetType: 'site',
        targetId: id,
        before,
        after: legal,
      });
    });
    ctx.app.sites.clear();
    const [site] = await ctx.db.execute<AdminSiteView[]>(`${SITE_SQL} where s.id = ?`, [id]);
    return site!;
  },
};
