import type { Locale } from './constants';

/**
 * Canada's provinces and territories (the pay-ca site ships to them): Canada Post's two-letter code, the name in
 * each locale of the shop, and the first letters of their postal codes (Canada Post's forward sortation areas:
 * X is shared by the Northwest Territories and Nunavut).
 */
export interface Province {
  code: string;
  names: Readonly<Record<Locale, string>>;
  postalLetters: string;
}

export const PROVINCES = [
  { code: 'AB', names: { 'en-US': 'Alberta', 'fr-CA': 'Alberta', 'es-MX': 'Alberta' }, postalLetters: 'T' },
  {
    code: 'BC',
    names: { 'en-US': 'British Columbia', 'fr-CA': 'Colombie-Britannique', 'es-MX': 'Columbia Británica' },
    postalLetters: 'V',
  },
  {
    code: 'MB',
    names: { 'en-US': 'Manitoba', 'fr-CA': 'Manitoba', 'es-MX': 'Manitoba' },
    postalLetters: 'R',
  },
  {
    code: 'NB',
    names: { 'en-US': 'New Brunswick', 'fr-CA': 'Nouveau-Brunswick', 'es-MX': 'Nuevo Brunswick' },
    postalLetters: 'E',
  },
  {
    code: 'NL',
    names: {
      'en-US': 'Newfoundland and Labrador',
      'fr-CA': 'Terre-Neuve-et-Labrador',
      'es-MX': 'Terranova y Labrador',
    },
    postalLetters: 'A',
  },
  {
    code: 'NS',
    names: { 'en-US': 'Nova Scotia', 'fr-CA': 'Nouvelle-Écosse', 'es-MX': 'Nueva Escocia' },
    postalLetters: 'B',
  },
  {
    code: 'NT',
    names: {
      'en-US': 'Northwest Territories',
      'fr-CA': 'Territoires du Nord-Ouest',
      'es-MX': 'Territorios del Noroeste',
    },
    postalLetters: 'X',
  },
  { code: 'NU', names: { 'en-US': 'Nunavut', 'fr-CA': 'Nunavut', 'es-MX': 'Nunavut' }, postalLetters: 'X' },
  {
    code: 'ON',
    names: { 'en-US': 'Ontario', 'fr-CA': 'Ontario', 'es-MX': 'Ontario' },
    postalLetters: 'KLMNP',
  },
  {
    code: 'PE',
    names: {
      'en-US': 'Prince Edward Island',
      'fr-CA': 'Île-du-Prince-Édouard',
      'es-MX': 'Isla del Príncipe Eduardo',
    },
    postalLetters: 'C',
  },
  { code: 'QC', names: { 'en-US': 'Quebec', 'fr-CA': 'Québec', 'es-MX': 'Quebec' }, postalLetters: 'GHJ' },
  {
    code: 'SK',
    names: { 'en-US': 'Saskatchewan', 'fr-CA': 'Saskatchewan', 'es-MX': 'Saskatchewan' },
    postalLetters: 'S',
  },
  { code: 'YT', names: { 'en-US': 'Yukon', 'fr-CA': 'Yukon', 'es-MX': 'Yukón' }, postalLetters: 'Y' },
] as const satisfies readonly Province[];

export type ProvinceCode = (typeof PROVINCES)[number]['code'];

const BY_CODE = new Map<string, Province>(PROVINCES.map((p) => [p.code, p]));

export function isProvinceCode(code: string): code is ProvinceCode {
  return BY_CODE.has(code);
}

export function provinceName(code: string, locale: Locale = 'en-US'): string | undefined {
  return BY_CODE.get(code)?.names[locale];
}

/**
 * A Canadian postal code, "A1A 1A1": letters and digits alternate, the letters D, F, I, O, Q and U are never used,
 * and W and Z never come first. Matched without regard to case, with or without the space.
 */
export const POSTAL_CODE_PATTERN = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;

/** "k1a0b1" -> "K1A 0B1"; anything that is not a postal code is returned as it was. */
export function normalisePostalCode(value: string): string {
  if (!POSTAL_CODE_PATTERN.test(value)) return value;
  const compact = value.replace(' ', '').toUpperCase();
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}

/** Whether a well-formed postal code belongs to the province (offline address validation). */
export function postalCodeMatchesProvince(postalCode: string, province: string): boolean {
  const letters = BY_CODE.get(province.toUpperCase())?.postalLetters ?? '';
  return POSTAL_CODE_PATTERN.test(postalCode) && letters.includes(postalCode[0]!.toUpperCase());
}
