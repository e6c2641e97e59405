import { useT } from '../../i18n';
import type { Country } from '@domain/regions';
import { useAddressWords } from './address';
import { Field, SelectField } from './Field';

/** Street lines, city, state or province and ZIP or postal code of an address form (account, checkout). */
export function StreetFields({ country }: { country: Country }) {
  const t = useT();
  const words = useAddressWords(country);
  return (
    <>
      <Field name="addressLine1" label={t('address.line1')} autoComplete="address-line1" />
      <Field name="addressLine2" label={t('address.line2')} autoComplete="address-line2" />
      <Field name="city" label={t('address.city')} autoComplete="address-level2" />
      <SelectField
        name="state"
        label={words.region}
        placeholder={words.chooseRegion}
        options={words.regions}
      />
      <Field name="zip" label={words.postal} autoComplete="postal-code" inputMode={words.postalInputMode} />
    </>
  );
}
