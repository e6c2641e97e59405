import { companyAddressSchema } from '@domain/company';
import { isCountry } from '@domain/regions';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import {
  CheckboxField,
  Field,
  FocusFirstError,
  FormError,
  StreetFields,
  useFormSubmit,
  validateAddress,
} from '../../components/form';
import { AddressLines } from '../../components/AddressLines';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/failure';
import { useShipsTo } from '../../lib/site';
import { notify } from '../../lib/toast';
import { type CompanyFieldsFragment } from './graphql/company.generated';
import { useLocationActions } from './useCompanyActions';

type Location = CompanyFieldsFragment['addresses'][number];

/**
 * The company's locations (decision 045): every member reads them (checkout offers them); its admins add, change
 * and remove them, mark the bill-to address, and choose whether members ship only there.
 */
export function CompanyLocations({ company }: { company: CompanyFieldsFragment }) {
  const t = useT();
  const admin = company.me.role === 'Admin';
  const shipsTo = useShipsTo();
  // The form: closed, a new location, or the location being edited (its id).
  const [editing, setEditing] = useState<null | 'new' | string>(null);
  const { save, remove, setOnly, settingOnly } = useLocationActions();
  const edited = company.addresses.find((a) => a.id === editing);
  const values = (a: Location | undefined) =>
    a
      ? {
          label: a.label,
          name: a.name,
          addressLine1: a.addressLine1,
          addressLine2: a.addressLine2,
          city: a.city,
          state: a.state,
          zip: a.zip,
          country: isCountry(a.country) ? a.country : shipsTo,
          email: a.email,
          phone: a.phone,
          billTo: a.billTo,
        }
      : {
          label: '',
          name: '',
          addressLine1: '',
          addressLine2: '',
          city: '',
          state: '',
          zip: '',
          country: shipsTo,
          email: '',
          phone: '',
          billTo: company.addresses.length === 0,
        };
  type LocationValues = ReturnType<typeof values>;
  const { submit, failure, setFailure } = useFormSubmit(
    async (input: LocationValues, helpers: FormikHelpers<LocationValues>) => {
      const check = await validateAddress({
        name: input.name,
        addressLine1: input.addressLine1,
        city: input.city,
        state: input.state,
        zip: input.zip,
        country: input.country,
        email: input.email,
      });
      if (!check.success) return helpers.setErrors(check.errors);
      await save({
        variables: {
          input: {
            ...(edited ? { id: edited.id } : {}),
            ...input,
            addressLine2: input.addressLine2 || null,
            phone: input.phone || null,
          },
        },
      });
      setEditing(null);
      void notify('success', t('company.locations.saved', { name: input.label.trim() }));
    },
    { fallback: t('company.failed') },
  );
  const edit = (which: null | 'new' | string) => {
    setFailure(null);
    setEditing(which);
  };
  return (
    <section className="panel lists__wide" aria-labelledby="locations-title" data-testid="company-locations">
      <h2 id="locations-title">{t('company.locations')}</h2>
      {company.addresses.length === 0 ? (
        <p>{t(admin ? 'company.locations.noneAdmin' : 'company.locations.none')}</p>
      ) : (
        <ul className="addresses">
          {company.addresses.map((a) => (
            <li key={a.id} className="address" data-testid="company-location">
              <address>
                <strong>{a.label}</strong>
                {a.billTo && <span className="tag">{t('company.locations.billTo')}</span>}
                <br />
                <AddressLines address={a} extra={[a.country !== shipsTo ? a.country : null]} />
              </address>
              {admin && (
                <div className="address__actions">
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => edit(a.id)}
                    aria-label={t('company.locations.edit', { name: a.label })}
                  >
                    {t('account.edit')}
                  </button>
                  <button
                    type="button"
                    className="link-button"
                    aria-label={t('company.locations.delete', { name: a.label })}
                    onClick={() =>
                      void remove({ variables: { id: a.id } }).catch((err: unknown) =>
                        notify('error', errorMessage(err, t('company.failed'))),
                      )
                    }
                  >
                    {t('account.delete')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {admin ? (
        <div className="field field--check">
          <label>
            <input
              type="checkbox"
              checked={company.shipToLocationsOnly}
              disabled={settingOnly}
              data-testid="ship-to-locations-only"
              onChange={(e) =>
                void setOnly({ variables: { only: e.target.checked } }).then(
                  () => notify('success', t('company.locations.onlySaved')),
                  (err: unknown) => notify('error', errorMessage(err, t('company.failed'))),
                )
              }
            />{' '}
            {t('company.locations.only')}
          </label>
        </div>
      ) : (
        company.shipToLocationsOnly && <p>{t('company.locations.onlyNotice')}</p>
      )}
      {admin &&
        (editing ? (
          <Formik
            key={editing}
            initialValues={values(edited)}
            validationSchema={companyAddressSchema}
            onSubmit={submit}
          >
            {({ isSubmitting, values: current }) => (
              <Form
                method="post"
                className="form"
                noValidate
                aria-label={
                  edited ? t('company.locations.edit', { name: edited.label }) : t('company.locations.new')
                }
              >
                <FocusFirstError />
                <FormError message={failure} />
                <Field name="label" label={t('company.locations.label')} />
                <Field name="name" label={t('company.locations.recipient')} autoComplete="name" />
                <StreetFields country={current.country} />
                <Field name="email" label={t('form.email')} type="email" autoComplete="email" />
                <Field name="phone" label={t('form.phone')} type="tel" autoComplete="tel" />
                <CheckboxField name="billTo" label={t('company.locations.isBillTo')} />
                <div className="actions">
                  <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
                    {t('company.locations.save')}
                  </button>
                  <button type="button" className="btn btn--outline-primary" onClick={() => edit(null)}>
                    {t('account.cancel')}
                  </button>
                </div>
              </Form>
            )}
          </Formik>
        ) : (
          <button type="button" className="btn btn--outline-primary" onClick={() => edit('new')}>
            {t('company.locations.add')}
          </button>
        ))}
    </section>
  );
}
