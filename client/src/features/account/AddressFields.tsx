import { useT } from '../../i18n';
import { STATE_OPTIONS } from './address';
import { Field, SelectField } from './Field';

/** Street lines, city, state and ZIP of an address form (account addresses, checkout). */
export function StreetFields() {
  const t = useT();
  return (
    <>
      <Field name="addressLine1" label={t('address.line1')} autoComplete="address-line1" />
      <Field name="addressLine2" label={t('address.line2')} autoComplete="address-line2" />
      <Field name="city" label={t('address.city')} autoComplete="address-level2" />
      <SelectField
        name="state"
        label={t('address.state')}
        placeholder={t('address.chooseState')}
        options={STATE_OPTIONS}
      />
      <Field name="zip" label={t('address.zip')} autoComplete="postal-code" inputMode="numeric" />
    </>
  );
}
