import type { SqlConnection } from '../../context';

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
  private loaded: { at: number; sites: Promise<Map<string, SiteView>> } | null = null;

  constructor(
    private readonly db: SqlConnection,
    private readonly ttlMs = 60_000,
  ) {}

  async get(id: string): Promise<SiteView | null> {
    const now = Date.now();
    if (!this.loaded || now - this.loaded.at > this.ttlMs) {
      const sites = this.db
        .execute<SiteView[]>(`select id, name, currency, logo, price_list_id as "priceListId" from site`)
        .then((rows) => new Map(rows.map((s) => [s.id, s])));
      this.loaded = { at: now, sites };
      // A failed read is retried by the next request.
      sites.catch(() => {
        if (this.loaded?.sites === sites) this.loaded = null;
      });
    }
    return (await this.loaded.sites).get(id) ?? null;
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
