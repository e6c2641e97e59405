import { DEFAULT_CURRENCY } from '@domain/constants';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/**
 * Money in the viewer's locale: `useMoney('cad')(12.5)` -> CA$12.50. A row of another currency passes its own:
 * `money(total, row.currencyCode)`.
 */
export function useMoney(currency: string = DEFAULT_CURRENCY) {
  const intl = useIntl();
  return useCallback(
    (value: number, other: string = currency) =>
      intl.formatNumber(value, { style: 'currency', currency: other.toUpperCase() }),
    [intl, currency],
  );
}
