import { ReferenceCache } from '../../common/reference-cache';
import type { Db } from '../../context';
import { BRAND } from '../../../../domain/constants';
import type { SiteLegal } from '../../../../domain/site-legal.schema';

declare module '../../context' {
  interface AppServices {
    /** The sites (name, currency, logo, price list), cached per process. */
    sites: SiteDirectory;
    /** The spec's consent test flag (CONSENT_REGION_DEFAULTS). */
    consentRegionDefaults: boolean;
  }
}

/** What a request needs of its site: name, currency, logo and own price list. */
export interface SiteView extends SiteLegal {
  id: string;
  name: string;
  currency: string;
  logo: string;
  priceListId: string | null;
}

/** The columns of a site's legal identity (decision 058), as SiteLegal names them. */
export const SITE_LEGAL_COLUMNS = `legal_name as "legalName", postal_address as "postalAddress",
  copyright_holder as "copyrightHolder"`;

/**
 * The sites, read once per process and again after a change: they are read by most requests (prices, currency),
 * so no request waits for them. A console change of a site raises the sites' cache version (decision 078): the
 * process that made it reads them again at once, every other one at its next poll (CACHE_POLL_MS). The minute's
 * lifetime is only a backstop should the polls fail. Catalogue visibility is never read from here: queries join
 * the site table for it.
 */
export class SiteDirectory {
  private readonly sites: ReferenceCache<Map<string, SiteView>>;

  constructor(db: Db, ttlMs = 60_000) {
    this.sites = new ReferenceCache(async () => {
      const rows = await db.execute<SiteView[]>(
        `select id, name, currency, logo, price_list_id as "priceListId", ${SITE_LEGAL_COLUMNS} from site`,
      );
      return new Map(rows.map((s) => [s.id, s]));
    }, ttlMs);
  }

  async get(id: string): Promise<SiteView | null> {
    return (await this.sites.get()).get(id) ?? null;
  }

  /** A site changed (here, or another process's change seen by the poll): the next request reads them again. */
  clear(): void {
    this.sites.clear();
  }
}

/**
 * A site's legal identity as its documents print it (the invoice, the quote), read now: a PDF made right after
 * Admin's edit names the new company. A site unknown to the table (never: orders and quotes name their site) is
 * the store's own.
 */
export async function siteLegal(db: Db, siteId: string): Promise<SiteLegal> {
  const [row] = await db.execute<SiteLegal[]>(`select ${SITE_LEGAL_COLUMNS} from site where id = ?`, [
    siteId,
  ]);
  const a = BRAND.address;
  return (
    row ?? {
      legalName: a.company,
      postalAddress: `${a.street}, ${a.city}, ${a.state} ${a.zip}, ${a.country}`,
      copyrightHolder: BRAND.name,
    }
  );
}

/** What the shop's pages get of their site (the `site` query and the `storefront` cookie answer the same). */
export const storefrontOf = (site: SiteView, consentRegionDefaults: boolean) => ({
  id: site.id,
  name: site.name,
  currency: site.currency,
  logo: site.logo,
  legalName: site.legalName,
  postalAddress: site.postalAddress,
  copyrightHolder: site.copyrightHolder,
  consentRegionDefaults,
});
