import { useMemo } from 'react';
import { useIntl } from 'react-intl';

/**
 * Dates in the shop's locale (not the browser's): `dates.day(iso)` -> "Nov 23, 2026" / "23 nov. 2026",
 * `dates.moment(iso)` with the time.
 */
export function useDates() {
  const intl = useIntl();
  return useMemo(
    () => ({
      day: (value: string | number | Date) => intl.formatDate(value, { dateStyle: 'medium' }),
      moment: (value: string | number | Date) =>
        intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' }),
    }),
    [intl],
  );
}
