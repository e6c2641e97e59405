import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/** Money in the viewer's locale: `money(12.5, 'usd')` -> $12.50. */
export function useMoney() {
  const intl = useIntl();
  return useCallback(
    (value: number, currency = 'USD') =>
      intl.formatNumber(value, { style: 'currency', currency: currency.toUpperCase() }),
    [intl],
  );
}
