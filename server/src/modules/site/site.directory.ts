import { ReferenceCache } from '../../common/reference-cache';
import type { SqlConnection } from '../../context';

declare module '../../context' {
  interface AppServices {
    /** The sites (name, currency, logo, price list), cached per process. */
    sites: SiteDirectory;
    /** The spec's consent test flag (CONSENT_REGION_DEFAULTS). */
    consentRegionDefaults: boolean;
  }
}

/** What a request needs of its site: name, currency, logo and own price list. */
export interface SiteView {
  id: string;
  name: string;
  currency: string;
  logo: string;
  priceListId: string | null;
}

/**
 * The sites, read once a minute per process: they are reference data (set by migrations), read by most
 * requests (prices, currency), so no request waits for them. Catalogue visibility, which the console changes,
 * is never read from here: queries join the site table for it.
 */
export class SiteDirectory {
  private readonly sites: ReferenceCache<Map<string, SiteView>>;

  constructor(db: SqlConnection, ttlMs = 60_000) {
    this.sites = new ReferenceCache(async () => {
      const rows = await db.execute<SiteView[]>(
        `select id, name, currency, logo, price_list_id as "priceListId" from site`,
      );
      return new Map(rows.map((s) => [s.id, s]));
    }, ttlMs);
  }

  async get(id: string): Promise<SiteView | null> {
    return (await this.sites.get()).get(id) ?? null;
  }
}

/** What the shop's pages get of their site (the `site` query and the `storefront` cookie answer the same). */
export const storefrontOf = (site: SiteView, consentRegionDefaults: boolean) => ({
  id: site.id,
  name: site.name,
  currency: site.currency,
  logo: site.logo,
  consentRegionDefaults,
});
