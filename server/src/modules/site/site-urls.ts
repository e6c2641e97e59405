import { DEFAULT_SITE_ID, type SiteId } from '../../../../domain/constants';

/**
 * A site's public address for links in e-mails (decision 017's host rule, turned around): the store's own address
 * for the default site; else the first SITE_HOSTS host naming the site; else `<site>.<host>` when the store's
 * address is a domain name. An IP address or a one-label host cannot carry a site, so the store's own address is
 * given, and the page says which site to use.
 */
export function siteUrlOf(
  publicUrl: string,
  siteHosts: Readonly<Record<string, SiteId>>,
  site: string,
): string {
  if (site === DEFAULT_SITE_ID) return publicUrl;
  const base = new URL(publicUrl);
  const listed = Object.entries(siteHosts).find(([, id]) => id === site)?.[0];
  const ip = /^[\d.]+$|^\[/.test(base.hostname);
  const host = listed ?? (!ip && base.hostname.includes('.') ? `${site}.${base.hostname}` : null);
  if (!host) return publicUrl;
  base.hostname = host;
  return base.origin + base.pathname.replace(/\/$/, '');
}
