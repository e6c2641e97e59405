import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useSite } from './site';

/**
 * Money in the viewer's locale, in the site's currency unless told: `useMoney('cad')(12.5)` -> CA$12.50 in
 * en-US, 12,50 $ CA in fr-CA. A row of another currency passes its own: `money(total, row.currencyCode)`.
 */
export function useMoney(currency?: string) {
  const intl = useIntl();
  const site = useSite();
  const code = currency ?? site.currency;
  return useCallback(
    (value: number, other: string = code) =>
      intl.formatNumber(value, { style: 'currency', currency: other.toUpperCase() }),
    [intl, code],
  );
}
