import { useQuery } from '@apollo/client/react';
import { BRAND, DEFAULT_CURRENCY, DEFAULT_SITE_ID } from '@domain/constants';
import { siteCountry, type Country } from '@domain/regions';
import { StorefrontDocument, type StorefrontQuery } from '../app/graphql/site.generated';

export type Storefront = StorefrontQuery['site'];

/** Until the site is known (first paint), the store's own. */
export const DEFAULT_STOREFRONT: Storefront = {
  id: DEFAULT_SITE_ID,
  name: BRAND.name,
  currency: DEFAULT_CURRENCY,
  logo: `/sites/${DEFAULT_SITE_ID}.svg`,
  legalName: BRAND.address.company,
  postalAddress: `${BRAND.address.street}, ${BRAND.address.city}, ${BRAND.address.state} ${BRAND.address.zip}, ${BRAND.address.country}`,
  copyrightHolder: BRAND.name,
  consentRegionDefaults: false,
};

/** The site this page is served for (the server resolves it from the host name): currency, name, logo. */
export function useSite(): Storefront {
  const { data } = useQuery(StorefrontDocument);
  return data?.site ?? DEFAULT_STOREFRONT;
}

/** The country this site ships to (decision 033): its address rules, taxes and freight table. */
export function useShipsTo(): Country {
  return siteCountry(useSite().id);
}
