import { isLocale, type Locale } from '@domain/constants';
import { addressRules, type Country } from '@domain/regions';
import { useIntl } from 'react-intl';
import { useT } from '../../i18n';

/**
 * How an address form of a country reads (decision 033): "State" and "ZIP code" with the US states, or
 * "Province" and "Postal code" with Canada's provinces and territories, named in the viewer's language.
 */
export function useAddressWords(country: Country) {
  const t = useT();
  const { locale } = useIntl();
  const canadian = country === 'CA';
  return {
    region: canadian ? t('address.province') : t('address.state'),
    chooseRegion: canadian ? t('address.chooseProvince') : t('address.chooseState'),
    postal: canadian ? t('address.postalCode') : t('address.zip'),
    postalInputMode: canadian ? ('text' as const) : ('numeric' as const),
    regions: addressRules(country).regions(isLocale(locale) ? locale : ('en-US' satisfies Locale)),
  };
}

/** GET /api/validation/address: {success, data} or {success: false, errors}; a failed call is not valid. */
export async function validateAddress(
  address: Record<string, string>,
): Promise<{ success: boolean; errors: Record<string, string> }> {
  try {
    const query = new URLSearchParams(Object.entries(address).filter(([, v]) => v !== ''));
    const res = await fetch(`/api/validation/address?${query}`, { credentials: 'same-origin' });
    const body = (await res.json()) as { success: boolean; errors?: { field: string; message: string }[] };
    const errors = Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));
    return { success: res.ok && body.success === true, errors };
  } catch {
    return { success: false, errors: {} };
  }
}
