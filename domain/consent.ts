/*
 * Consent to analytics (spec section 9): denied by default; with the region defaults switched on (the spec's
 * test flag, CONSENT_REGION_DEFAULTS=TRUE) granted in Canada except Quebec and in the listed US states, denied
 * in Alabama and everywhere else. A shopper's own choice always wins. Decision 017 gives the state list.
 */

export type ConsentValue = 'granted' | 'denied';

/** The shopper's choice, kept in the `consent` cookie. */
export const CONSENT_COOKIE = 'consent';
/** A choice is kept 180 days, then asked again. */
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/** Where the shopper is: ISO country code and, for the US and Canada, the state or province code. */
export interface Region {
  country: string;
  subdivision?: string | null;
}

/** Canadian provinces where the default is not granted (Quebec's Law 25 asks for opt-in). */
export const CONSENT_DENIED_PROVINCES = ['QC'] as const;

/**
 * US states (and DC) where analytics consent is granted by default: those without a comprehensive consumer
 * privacy statute in force in 2026. States with one (California, Colorado, Virginia, Texas...) keep the
 * default denied; Alabama is denied as the spec names it.
 */
export const CONSENT_GRANTED_US_STATES = [
  'AK', 'AZ', 'AR', 'DC', 'GA', 'HI', 'ID', 'IL', 'KS', 'LA', 'ME', 'MA', 'MI', 'MS', 'MO', 'NV', 'NM', 'NY',
  'NC', 'ND', 'OH', 'OK', 'PA', 'SC', 'SD', 'VT', 'WA', 'WV', 'WI', 'WY',
] as const; // prettier-ignore

export const CONSENT_DENIED_US_STATES = ['AL'] as const;

/** The default before the shopper chooses. */
export function defaultConsent(region: Region | null | undefined, regionDefaults: boolean): ConsentValue {
  if (!regionDefaults || !region) return 'denied';
  const country = region.country.toUpperCase();
  const sub = (region.subdivision ?? '').toUpperCase();
  if (country === 'CA') {
    return sub && !(CONSENT_DENIED_PROVINCES as readonly string[]).includes(sub) ? 'granted' : 'denied';
  }
  if (country === 'US') {
    if ((CONSENT_DENIED_US_STATES as readonly string[]).includes(sub)) return 'denied';
    return (CONSENT_GRANTED_US_STATES as readonly string[]).includes(sub) ? 'granted' : 'denied';
  }
  return 'denied';
}

/** What the consent cookie holds: the choice, the region the shopper gave, and when. */
export interface ConsentChoice {
  analytics: ConsentValue;
  region: Region | null;
  at: string;
}

export function encodeConsent(choice: ConsentChoice): string {
  const params = new URLSearchParams({ analytics: choice.analytics, at: choice.at });
  if (choice.region) {
    params.set(
      'region',
      [choice.region.country, choice.region.subdivision].filter(Boolean).join('-').toUpperCase(),
    );
  }
  return params.toString();
}

/** The choice in a cookie value; null when there is none or it is unreadable (asked again). */
export function decodeConsent(raw: string | null | undefined): ConsentChoice | null {
  if (!raw) return null;
  const params = new URLSearchParams(raw);
  const analytics = params.get('analytics');
  if (analytics !== 'granted' && analytics !== 'denied') return null;
  return { analytics, region: parseRegion(params.get('region')), at: params.get('at') ?? '' };
}

/** `US-OH`, `CA-QC`, `MX` -> a region; null for anything else. */
export function parseRegion(raw: string | null | undefined): Region | null {
  const match = /^([A-Z]{2})(?:-([A-Z0-9]{1,3}))?$/i.exec(raw ?? '');
  if (!match) return null;
  return { country: match[1]!.toUpperCase(), subdivision: match[2]?.toUpperCase() ?? null };
}

/** Canadian provinces and territories, for the region choice. */
export const CANADIAN_PROVINCES = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
] as const;
