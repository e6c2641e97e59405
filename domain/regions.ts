import type { Locale, SiteId } from './constants';
import {
  isProvinceCode,
  normalisePostalCode,
  POSTAL_CODE_PATTERN,
  postalCodeMatchesProvince,
  PROVINCES,
  provinceName,
} from './provinces';
import { isStateCode, STATES, stateName } from './states';
import { zipMatchesState } from './zip';

/**
 * The countries the store ships to, and which a site sells to (decision 033): the US sites ship within the United
 * States, pay-ca (which sells in CAD) within Canada. A country brings its address rules (regions, postal codes and
 * their messages), its sales taxes and its freight table.
 */
export const COUNTRIES = ['US', 'CA'] as const;
export type Country = (typeof COUNTRIES)[number];

export const SITE_COUNTRY: Readonly<Record<SiteId, Country>> = {
  axl: 'US',
  foodgrade: 'US',
  mai: 'US',
  aos: 'US',
  miv2: 'US',
  'pay-us': 'US',
  'pay-ca': 'CA',
};

export const siteCountry = (site: string): Country => SITE_COUNTRY[site as SiteId] ?? 'US';

export const isCountry = (value: unknown): value is Country =>
  (COUNTRIES as readonly unknown[]).includes(value);

/**
 * A country's address rules. The US messages are the specification's, verbatim; Canada's speak of provinces and
 * postal codes.
 */
export interface AddressRules {
  country: Country;
  /** "We ship within …": the message for an address in a country the site does not ship to. */
  shipsWithin: string;
  regionRequired: string;
  postalRequired: string;
  /** The name used in "{name} cannot include leading and trailing spaces". */
  postalName: string;
  postalFormat: string;
  postalFormatTest: (value: string) => boolean;
  postalMismatch: string;
  regionMismatch: string;
  isRegion: (code: string) => boolean;
  postalMatchesRegion: (postal: string, region: string) => boolean;
  /** How a typed postal code is kept ("k1a0b1" -> "K1A 0B1"). */
  normalisePostal: (value: string) => string;
  regions: (locale: Locale) => { value: string; label: string }[];
  regionName: (code: string, locale: Locale) => string | undefined;
  /** What a part page says in place of Add to Cart when the part cannot ship to any region (decision 057). */
  notSold: string;
}

export const ADDRESS_RULES: Readonly<Record<Country, AddressRules>> = {
  US: {
    country: 'US',
    shipsWithin: 'We ship within the United States',
    regionRequired: 'State is a required field',
    postalRequired: 'Zip Code is a required field',
    postalName: 'Zip code',
    postalFormat: 'Zip code must be only digits',
    postalFormatTest: (v) => /^\d+$/.test(v),
    postalMismatch: 'Zip code does not belong to the state',
    regionMismatch: 'State is not a US state code',
    isRegion: isStateCode,
    postalMatchesRegion: zipMatchesState,
    normalisePostal: (v) => v,
    regions: () => STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` })),
    regionName: (code) => stateName(code),
    notSold: 'Not sold for delivery in the United States',
  },
  CA: {
    country: 'CA',
    shipsWithin: 'We ship within Canada',
    regionRequired: 'Province is a required field',
    postalRequired: 'Postal code is a required field',
    postalName: 'Postal code',
    postalFormat: 'Enter a postal code like K1A 0B1',
    postalFormatTest: (v) => POSTAL_CODE_PATTERN.test(v),
    postalMismatch: 'Postal code does not belong to the province',
    regionMismatch: 'Province is not a Canadian province or territory',
    isRegion: isProvinceCode,
    postalMatchesRegion: postalCodeMatchesProvince,
    normalisePostal: normalisePostalCode,
    regions: (locale) => PROVINCES.map((p) => ({ value: p.code, label: `${p.names[locale]} (${p.code})` })),
    regionName: (code, locale) => provinceName(code, locale),
    notSold: 'Not sold for delivery in Canada',
  },
};

/** The address rules of a country (an unknown one reads as the US, the store's home). */
export const addressRules = (country: string | null | undefined): AddressRules =>
  ADDRESS_RULES[isCountry(country) ? country : 'US'];

/**
 * The region codes a part's restriction (`allowedStates`, empty: anywhere) must name for the part to be sold on a
 * site of `country` (decision 057), or null when every part is. Restrictions name US states (decision 033), so every
 * part ships somewhere in the United States: only Canada leaves parts out (those restricted to states alone).
 */
export function restrictingRegions(country: Country): readonly string[] | null {
  return country === 'US' ? null : PROVINCE_CODES;
}

const PROVINCE_CODES: readonly string[] = PROVINCES.map((p) => p.code);

/**
 * Whether a part is sold on a site of `country`: it may ship to at least one of the country's regions (its
 * restriction is empty, or names one). Listings, search, typeahead and recommendations leave the others out;
 * their page says `notSold` in place of Add to Cart, and the cart refuses them (decision 057).
 */
export function soldIn(country: Country, allowedStates: readonly string[] | null | undefined): boolean {
  if (!allowedStates?.length) return true;
  const regions = restrictingRegions(country);
  return regions === null || allowedStates.some((code) => regions.includes(code));
}

/** The cart's refusal of a part not sold on the site's country (server; translated by its pattern). */
export const notSoldMessage = (country: Country, partId: string): string =>
  country === 'CA'
    ? `Part ${partId} is not sold for delivery in Canada.`
    : `Part ${partId} is not sold for delivery in the United States.`;
