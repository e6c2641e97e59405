import { useMemo } from 'react';
import { useIntl } from 'react-intl';

/**
 * Dates in the shop's locale (not the browser's): `dates.day(iso)` -> "Nov 23, 2026" / "23 nov. 2026",
 * `dates.moment(iso)` with the time, `dates.calendarDay('2026-11-23')` for a day without a time.
 */
export function useDates() {
  const intl = useIntl();
  return useMemo(
    () => ({
      day: (value: string | number | Date) => intl.formatDate(value, { dateStyle: 'medium' }),
      /** A calendar day as stored (YYYY-MM-DD: a ship or delivery day), the same day in every time zone. */
      calendarDay: (day: string) =>
        intl.formatDate(`${day}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
      /** A calendar day's weekday ("Thursday"). */
      weekday: (day: string) => intl.formatDate(`${day}T12:00:00Z`, { weekday: 'long', timeZone: 'UTC' }),
      /** A calendar day without its year ("Dec 12", "12 déc."). */
      dayMonth: (day: string) =>
        intl.formatDate(`${day}T12:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
      moment: (value: string | number | Date) =>
        intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' }),
    }),
    [intl],
  );
}
