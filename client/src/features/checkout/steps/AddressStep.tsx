import { linesBlockedIn } from '@domain/cart';
import { shippingAddressSchemaFor } from '@domain/checkout.schema';
import { isCompanyLocation } from '@domain/company';
import { isLocale } from '@domain/constants';
import { addressRules, type Country } from '@domain/regions';
import { Form, Formik, useFormikContext } from 'formik';
import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { string } from 'yup';
import {
  CheckboxField,
  Field,
  FocusFirstError,
  StreetFields,
  validateAddress,
} from '../../../components/form';
import { useT } from '../../../i18n';
import { useShipsTo } from '../../../lib/site';
import type { useSession } from '../../account';
import type { CartFieldsFragment } from '../../cart';
import { MyCompanyDocument } from '../../company';
import { KeepTyped } from './KeepTyped';
import type { AddressValues } from './types';

type SessionUser = ReturnType<typeof useSession>['user'];

/** The address step's rules: the shipping address of the site's country (decision 033), and the contact e-mail. */
const addressFormSchema = (country: Country) =>
  shippingAddressSchemaFor(country).shape({
    contactEmail: string()
      .trim()
      .required('E-mail is a required field')
      .email('E-mail must be a valid email'),
  });

export function AddressStep({
  cart,
  user,
  initial,
  onTyping,
  onDone,
}: {
  cart: CartFieldsFragment;
  user: SessionUser;
  initial: AddressValues | null;
  /** What is typed, as it changes (kept across a reload). */
  onTyping: (values: AddressValues) => void;
  onDone: (values: AddressValues) => void;
}) {
  const t = useT();
  const { locale } = useIntl();
  // The site ships within its country: its saved addresses there, its address rules (decision 033).
  const country = useShipsTo();
  const rules = addressRules(country);
  const schema = useMemo(() => addressFormSchema(country), [country]);
  // The last used address first (then the primary one), with the buyer's company on each.
  const saved = [...(user?.addresses ?? [])]
    .filter((a) => a.country === country)
    .sort(
      (a, b) =>
        (b.lastUsedAt ?? '').localeCompare(a.lastUsedAt ?? '') || Number(b.primary) - Number(a.primary),
    );
  const primary = saved[0];
  const company = user?.accounts[0]?.company ?? '';
  // The company's locations in this country (decision 045); when it ships only there, nothing else is offered.
  // From the server each time: the company's rule and locations may have changed since the cache was filled.
  const { data: companyData } = useQuery(MyCompanyDocument, {
    skip: !company,
    fetchPolicy: 'cache-and-network',
  });
  const locations = (companyData?.myCompany?.addresses ?? []).filter((a) => a.country === country);
  const locationsOnly = Boolean(companyData?.myCompany?.shipToLocationsOnly);
  const fromLocation = (a: (typeof locations)[number]): AddressValues => ({
    contactEmail: user?.emailAddress ?? '',
    name: a.name,
    companyName: company,
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2,
    city: a.city,
    state: a.state,
    zip: a.zip,
    email: a.email,
    phone: a.phone,
    isResidential: false,
  });
  const isPicked = (values: AddressValues, a: { addressLine1: string; zip: string; name: string }) =>
    values.addressLine1 === a.addressLine1 && values.zip === a.zip && values.name === a.name;
  // A location stays chosen when the buyer writes another recipient (the street is the location's).
  const isLocation = (values: AddressValues, a: (typeof locations)[number]) =>
    isCompanyLocation({ ...values, country }, [a]);
  // A draft typed before the company limited shipping to its locations is not offered again.
  const draft =
    initial && (!locationsOnly || isCompanyLocation({ ...initial, country }, locations)) ? initial : null;
  const fromSaved = (a: (typeof saved)[number]): AddressValues => ({
    contactEmail: user?.emailAddress ?? '',
    name: a.name,
    companyName: company,
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2 ?? '',
    city: a.city,
    state: a.state,
    zip: a.zip,
    email: a.email,
    phone: a.phone ?? '',
    isResidential: false,
  });
  const blank: AddressValues = {
    contactEmail: user?.emailAddress ?? '',
    name: user ? `${user.firstName} ${user.lastName}` : '',
    companyName: company,
    addressLine1: '',
    addressLine2: '',
    city: '',
    state: '',
    zip: '',
    email: user?.emailAddress ?? '',
    phone: user?.phone ?? '',
    isResidential: false,
  };
  return (
    <section aria-labelledby="address-title">
      <h2 id="address-title">{t('checkout.step.address')}</h2>
      {locationsOnly && <p className="notice">{t('checkout.companyOnly')}</p>}
      <Formik<AddressValues>
        // Rendered again once the company's locations are known, so the first of them can be the start.
        key={`${locationsOnly}-${locations.length}`}
        initialValues={
          draft ??
          (locationsOnly && locations[0]
            ? fromLocation(locations[0])
            : primary
              ? fromSaved(primary)
              : locations[0]
                ? fromLocation(locations[0])
                : blank)
        }
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const state = values.state.toUpperCase();
          const blocked = linesBlockedIn(
            cart.orderLines.map((l) => ({ ...l, id: l.itemId })),
            state,
          );
          if (blocked.length > 0) {
            helpers.setStatus(
              t('checkout.blocked', {
                items: blocked.map((l) => `${l.name} (${l.itemId})`).join(', '),
                state: rules.regionName(state, isLocale(locale) ? locale : 'en-US') ?? state,
                count: blocked.length,
              }),
            );
            return;
          }
          if (locationsOnly && !isCompanyLocation({ ...values, state, country }, locations)) {
            return helpers.setErrors({ addressLine1: t('checkout.companyOnly') });
          }
          const check = await validateAddress({
            name: values.name,
            addressLine1: values.addressLine1,
            city: values.city,
            state,
            zip: values.zip,
            country,
            email: values.email,
          });
          if (!check.success) return helpers.setErrors(check.errors);
          helpers.setStatus(null);
          // As the store keeps it: "h3a1g1" is "H3A 1G1".
          onDone({ ...values, state, zip: rules.normalisePostal(values.zip) });
        }}
      >
        {({ isSubmitting, status, setValues, values }) => (
          <Form method="post" className="form" noValidate aria-label={t('checkout.step.address')}>
            <FocusFirstError />
            <KeepTyped<AddressValues> draft={draft} onTyping={onTyping} />
            {locations.length > 0 && (
              <fieldset className="saved-addresses" data-testid="company-locations">
                <legend>{t('checkout.companyLocations')}</legend>
                {locations.map((a) => (
                  <label key={a.id} className="saved-address">
                    <input
                      type="radio"
                      name="saved"
                      checked={isLocation(values, a)}
                      onChange={() => void setValues(fromLocation(a))}
                    />
                    <span>
                      <strong>{a.label}</strong> — {a.addressLine1}, {a.city}, {a.state} {a.zip}
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            {saved.length > 0 && !locationsOnly && (
              <fieldset className="saved-addresses">
                <legend>{t('checkout.savedAddresses')}</legend>
                {saved.map((a) => (
                  <label key={a.id} className="saved-address">
                    <input
                      type="radio"
                      name="saved"
                      checked={isPicked(values, a)}
                      onChange={() => void setValues(fromSaved(a))}
                    />
                    <span>
                      <strong>{a.name}</strong>
                      {company && ` — ${company}`} — {a.addressLine1}, {a.city}, {a.state} {a.zip}
                      {a === saved[0] && a.lastUsedAt && (
                        <span className="tag">{t('checkout.lastUsed')}</span>
                      )}
                    </span>
                  </label>
                ))}
                <label className="saved-address">
                  <input type="radio" name="saved" onChange={() => void setValues(blank)} />
                  <span>{t('checkout.newAddress')}</span>
                </label>
              </fieldset>
            )}
            {!user && (
              <>
                <Field
                  name="contactEmail"
                  label={t('checkout.contactEmail')}
                  type="email"
                  autoComplete="email"
                />
                <DeliveryEmailFollowsContact />
              </>
            )}
            <Field name="name" label={t('checkout.recipient')} autoComplete="name" />
            <Field name="companyName" label={t('checkout.company')} autoComplete="organization" />
            <StreetFields country={country} />
            <Field name="email" label={t('checkout.deliveryEmail')} type="email" autoComplete="email" />
            <Field name="phone" label={t('form.phone')} type="tel" autoComplete="tel" />
            <CheckboxField name="isResidential" label={t('checkout.residential')} />
            {status && (
              <p className="form__error" role="alert" data-testid="state-restriction">
                {status}
              </p>
            )}
            <button type="submit" className="btn btn--primary btn--large" disabled={isSubmitting}>
              {t('checkout.continue')}
            </button>
          </Form>
        )}
      </Formik>
    </section>
  );
}

/** A guest types the e-mail once: the delivery contact e-mail starts as the order confirmation's. */
function DeliveryEmailFollowsContact() {
  const { values, touched, setFieldValue } = useFormikContext<AddressValues>();
  useEffect(() => {
    if (touched.contactEmail && !values.email && values.contactEmail)
      void setFieldValue('email', values.contactEmail);
    // Only when the contact e-mail is left: the delivery e-mail stays the buyer's once typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [touched.contactEmail]);
  return null;
}
