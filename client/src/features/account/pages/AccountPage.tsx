import { AddressLines } from '../../../components/AddressLines';
import { SignInRedirect } from '../SignInRedirect';
import {
  accountDeletionSchema,
  addressSchema,
  passwordChangeSchema,
  profileSchema,
} from '@domain/account.schema';
import { ROUTES } from '@domain/routes';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useAccountActions } from '../useAccountActions';
import type { UserFieldsFragment } from '../graphql/session.generated';
import { useT } from '../../../i18n';
import { notify } from '../../../lib/toast';
import { usePageMeta } from '../../../lib/usePageMeta';
import { Skeleton } from '../../../components/Skeleton';
import {
  NewPasswordFields,
  FormError,
  FocusFirstError,
  StreetFields,
  Field,
  useFormSubmit,
  validateAddress,
} from '../../../components/form';
import { isCountry, type Country } from '@domain/regions';
import { useShipsTo } from '../../../lib/site';
import { useSession, useSignOut } from '../session';
import { SavedCards } from './SavedCards';

/**
 * /user/account: profile, addresses (one primary), saved cards (one primary), password, and the buyer's own data
 * (a copy to download, the closing of the account). Signed-out visitors go to sign-in.
 */
export function AccountPage() {
  const t = useT();
  usePageMeta(t('page.account.title'));
  const { user, status } = useSession();
  // A closed account leaves for the home page: the signed-out session that follows must not send it to sign-in.
  const [closed, setClosed] = useState(false);
  if (closed) return <Navigate to={ROUTES.home} replace />;
  if (status === 'loading')
    return (
      <div className="container section" aria-busy="true">
        <Skeleton rows={2} />
      </div>
    );
  if (!user) return <SignInRedirect />;
  return (
    <div className="container section page">
      <header className="page-header">
        <h1>{t('page.account.title')}</h1>
        <p className="lead">{t('account.signedInAs', { email: user.emailAddress })}</p>
        <nav className="account-links" aria-label={t('account.links')}>
          <Link to={ROUTES.orders}>{t('page.orders.title')}</Link>
          <Link to={ROUTES.savedLists}>{t('lists.title')}</Link>
          <Link to={ROUTES.returns}>{t('returns.title')}</Link>
          <Link to={ROUTES.quotes}>{t('quotes.title')}</Link>
          <Link to={ROUTES.company}>{t('company.title')}</Link>
        </nav>
      </header>
      <div className="account-grid">
        <Profile user={user} />
        <Addresses user={user} />
        <SavedCards />
        <PasswordChange />
        <YourData onClosed={() => setClosed(true)} />
      </div>
    </div>
  );
}

function Profile({ user }: { user: UserFieldsFragment }) {
  const t = useT();
  const { updateProfile: update } = useAccountActions();
  const { submit, failure } = useFormSubmit(
    async (values: { firstName: string; lastName: string; phone: string }) => {
      await update({ variables: { input: { ...values, phone: values.phone || null } } });
      void notify('success', t('account.profileSaved'));
    },
    { fallback: t('admin.saveFailed') },
  );
  return (
    <section className="panel" aria-labelledby="profile-title">
      <h2 id="profile-title">{t('account.profile')}</h2>
      <Formik
        initialValues={{ firstName: user.firstName, lastName: user.lastName, phone: user.phone }}
        validationSchema={profileSchema}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <Form method="post" className="form" noValidate>
            <FocusFirstError />
            <FormError message={failure} />
            <Field name="firstName" label={t('form.firstName')} autoComplete="given-name" />
            <Field name="lastName" label={t('form.lastName')} autoComplete="family-name" />
            <Field name="phone" label={t('form.phone')} type="tel" autoComplete="tel" />
            <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
              {t('account.saveProfile')}
            </button>
          </Form>
        )}
      </Formik>
    </section>
  );
}

type AddressValues = typeof EMPTY_ADDRESS & { country: Country };

const EMPTY_ADDRESS = {
  name: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zip: '',
  email: '',
  phone: '',
};

function Addresses({ user }: { user: UserFieldsFragment }) {
  const t = useT();
  // The address form: closed, a new address, or the saved address being edited (its id: the save updates it).
  const [editing, setEditing] = useState<null | 'new' | string>(null);
  // A new address follows the rules of the country this site ships to (decision 033); a saved one keeps its own.
  const shipsTo = useShipsTo();
  const { saveAddress: save, deleteAddress: remove, makePrimaryAddress: makePrimary } = useAccountActions();
  const edited = user.addresses.find((a) => a.id === editing);
  const { submit, failure, setFailure } = useFormSubmit(
    async (values: AddressValues, helpers: FormikHelpers<AddressValues>) => {
      // The server-side check (the ZIP belongs to the state); any failure counts as not valid.
      const check = await validateAddress(values);
      if (!check.success) return helpers.setErrors(check.errors);
      const input = {
        ...(edited ? { id: edited.id } : {}),
        ...values,
        addressLine2: values.addressLine2 || null,
        phone: values.phone || null,
      };
      await save(input);
      setEditing(null);
      if (edited) void notify('success', t('account.addressSaved'));
    },
    { fallback: t('account.addressSaveFailed') },
  );
  // A failed save's message is above the address form; opening or closing a form clears it.
  const edit = (which: null | 'new' | string) => {
    setFailure(null);
    setEditing(which);
  };
  return (
    <section className="panel" aria-labelledby="addresses-title">
      <h2 id="addresses-title">{t('account.addresses')}</h2>
      {user.addresses.length === 0 && <p>{t('account.noAddresses')}</p>}
      <ul className="addresses">
        {user.addresses.map((a) => (
          <li key={a.id} className="address" data-testid="address">
            <address>
              <strong>{a.name}</strong>
              {a.primary && <span className="tag">{t('account.primary')}</span>}
              <br />
              <AddressLines
                address={{ ...a, name: null }}
                extra={[a.country !== shipsTo ? a.country : null]}
              />
            </address>
            <div className="address__actions">
              <button
                type="button"
                className="link-button"
                onClick={() => edit(a.id)}
                aria-label={t('account.editAddress', { name: a.name })}
              >
                {t('account.edit')}
              </button>
              {!a.primary && (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => void makePrimary({ variables: { id: a.id } })}
                >
                  {t('account.makePrimary')}
                </button>
              )}
              <button
                type="button"
                className="link-button"
                onClick={() => void remove({ variables: { id: a.id } })}
                aria-label={t('account.deleteAddress', { name: a.name })}
              >
                {t('account.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {editing ? (
        <Formik
          key={editing}
          initialValues={
            edited
              ? {
                  name: edited.name,
                  addressLine1: edited.addressLine1,
                  addressLine2: edited.addressLine2 ?? '',
                  city: edited.city,
                  state: edited.state,
                  zip: edited.zip,
                  country: isCountry(edited.country) ? edited.country : shipsTo,
                  email: edited.email,
                  phone: edited.phone ?? '',
                }
              : { ...EMPTY_ADDRESS, country: shipsTo, email: user.emailAddress }
          }
          validationSchema={addressSchema}
          onSubmit={submit}
        >
          {({ isSubmitting, values }) => (
            <Form
              method="post"
              className="form"
              noValidate
              aria-label={edited ? t('account.editAddress', { name: edited.name }) : t('account.newAddress')}
            >
              <FocusFirstError />
              <FormError message={failure} />
              <Field name="name" label={t('address.name')} autoComplete="organization" />
              <StreetFields country={values.country} />
              <Field name="email" label={t('form.email')} type="email" autoComplete="email" />
              <Field name="phone" label={t('form.phone')} type="tel" autoComplete="tel" />
              <div className="actions">
                <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
                  {t('account.saveAddress')}
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
          {t('account.addAddress')}
        </button>
      )}
    </section>
  );
}

function PasswordChange() {
  const t = useT();
  const { changePassword: change } = useAccountActions();
  const { submit, failure } = useFormSubmit(
    async (
      values: { oldPassword: string; newPassword: string; confirmPassword: string },
      helpers: FormikHelpers<{ oldPassword: string; newPassword: string; confirmPassword: string }>,
    ) => {
      await change(values);
      helpers.resetForm();
      void notify('success', t('account.passwordChanged'));
    },
    { fallback: t('reset.failed'), alsoAboveFields: true },
  );
  return (
    <section className="panel" aria-labelledby="password-title">
      <h2 id="password-title">{t('account.password')}</h2>
      <Formik
        initialValues={{ oldPassword: '', newPassword: '', confirmPassword: '' }}
        validationSchema={passwordChangeSchema}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <Form method="post" className="form" noValidate>
            <FocusFirstError />
            <FormError message={failure} />
            <Field
              name="oldPassword"
              label={t('form.currentPassword')}
              type="password"
              autoComplete="current-password"
            />
            <NewPasswordFields name="newPassword" />
            <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
              {t('account.changePassword')}
            </button>
          </Form>
        )}
      </Formik>
    </section>
  );
}

/** A copy of everything kept about the buyer, and the closing of the account (with the password again). */
function YourData({ onClosed }: { onClosed: () => void }) {
  const t = useT();
  const signOut = useSignOut();
  const { closeAccount: close } = useAccountActions();
  const { submit, failure } = useFormSubmit(
    async (values: { password: string }) => {
      await close({ variables: values });
      onClosed();
      void notify('success', t('account.closed'));
      await signOut();
    },
    { fallback: t('admin.saveFailed') },
  );
  return (
    <section className="panel" aria-labelledby="data-title">
      <h2 id="data-title">{t('account.data')}</h2>
      <p>{t('account.dataText')}</p>
      <a className="btn btn--secondary" href="/api/user/export" download>
        {t('account.download')}
      </a>
      <h3>{t('account.close')}</h3>
      <p>{t('account.closeText')}</p>
      <Formik initialValues={{ password: '' }} validationSchema={accountDeletionSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form method="post" className="form" noValidate>
            <FocusFirstError />
            <FormError message={failure} />
            <Field
              name="password"
              label={t('form.currentPassword')}
              type="password"
              autoComplete="current-password"
            />
            <button type="submit" className="btn btn--outline-danger" disabled={isSubmitting}>
              {t('account.closeSubmit')}
            </button>
          </Form>
        )}
      </Formik>
    </section>
  );
}
