import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useSession } from '../../features/account/session';
import { configureConsent, consentSnapshot } from '../../lib/consent';
import { useSite } from '../../lib/site';
import { startTracking } from '../../lib/tracking';

/** The collector's country: the region the shopper gave (US or Canada), else the locale's, else US. */
function countryOf(locale: string): string {
  const region = consentSnapshot().region?.country;
  if (region === 'US' || region === 'CA') return region;
  return /-([A-Z]{2})$/.exec(locale)?.[1] ?? 'US';
}

/**
 * Starts the tracker for the shop's pages and keeps consent informed of the site's test flag and the signed-in
 * shopper's region (their primary address's state).
 */
export function useAnalytics(): void {
  const site = useSite();
  const { user } = useSession();
  const { locale } = useIntl();
  const latest = useRef({ site, user, locale });
  useEffect(() => {
    latest.current = { site, user, locale };
  }, [site, user, locale]);

  const state = user?.addresses.find((a) => a.primary)?.state ?? null;
  useEffect(() => {
    configureConsent({
      regionDefaults: site.consentRegionDefaults,
      addressRegion: state ? { country: 'US', subdivision: state } : null,
    });
  }, [site.consentRegionDefaults, state]);

  useEffect(
    () =>
      startTracking({
        site: () => ({ appName: latest.current.site.id, country: countryOf(latest.current.locale) }),
        userId: () => latest.current.user?.emailAddress ?? null,
      }),
    [],
  );
}
