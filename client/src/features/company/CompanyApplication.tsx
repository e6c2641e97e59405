import { useApolloClient, useQuery } from '@apollo/client/react';
import {
  CERTIFICATE_KINDS,
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_REFUSED,
  companyApplicationSchema,
} from '@domain/company';
import { Form, Formik } from 'formik';
import { useId, useState } from 'react';
import { Field, FocusFirstError, FormError, useFormSubmit } from '../../components/form';
import { Skeleton } from '../../components/Skeleton';
import { useMessage, useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { errorMessage } from '../../lib/failure';
import { post } from '../../lib/http';
import { notify } from '../../lib/toast';
import {
  MyCompanyApplicationDocument,
  MyCompanyDocument,
  type CompanyApplicationFieldsFragment,
} from './graphql/company.generated';
import { useWithdrawApplication } from './useCompanyActions';

const ACCEPT = Object.values(CERTIFICATE_KINDS)
  .flatMap((k) => [...k.extensions, k.contentType])
  .join(',');

/**
 * The company page of someone without a company (decision 047): "My company buys on account". Their application as
 * it stands (being reviewed, or declined with staff's note), or the form to send one.
 */
export function CompanyApplicationPanel() {
  const t = useT();
  const { data, loading } = useQuery(MyCompanyApplicationDocument, { fetchPolicy: 'cache-and-network' });
  if (loading && !data) return <Skeleton rows={3} />;
  const application = data?.myCompanyApplication ?? null;
  return (
    <section className="panel" aria-labelledby="apply-title">
      <h2 id="apply-title">{t('company.apply.title')}</h2>
      {application?.status === 'pending' ? (
        <Pending application={application} />
      ) : (
        <>
          {application?.status === 'declined' && <Declined application={application} />}
          <p>{t('company.apply.intro')}</p>
          <ApplicationForm previous={application} />
        </>
      )}
    </section>
  );
}

function Pending({ application }: { application: CompanyApplicationFieldsFragment }) {
  const t = useT();
  const dates = useDates();
  const [withdraw, { loading }] = useWithdrawApplication();
  return (
    <div data-testid="application-pending">
      <p className="notice notice--info" role="status">
        {t('company.apply.pending', { company: application.name, day: dates.day(application.createdAt) })}
      </p>
      <Facts application={application} />
      <button
        type="button"
        className="btn btn--outline-primary"
        disabled={loading}
        onClick={() =>
          void withdraw().then(
            () => notify('success', t('company.apply.withdrawn')),
            // The server's reason (the application was decided meanwhile), not a bare "try again".
            (err: unknown) => notify('error', errorMessage(err, t('company.failed'))),
          )
        }
      >
        {t('company.apply.withdraw')}
      </button>
    </div>
  );
}

function Declined({ application }: { application: CompanyApplicationFieldsFragment }) {
  const t = useT();
  const dates = useDates();
  return (
    <div className="notice notice--warning" role="status" data-testid="application-declined">
      <p>
        {t('company.apply.declined', {
          company: application.name,
          day: dates.day(application.decidedAt ?? application.createdAt),
        })}
      </p>
      {application.note && <blockquote className="note">{application.note}</blockquote>}
    </div>
  );
}

function Facts({ application }: { application: CompanyApplicationFieldsFragment }) {
  const t = useT();
  const dates = useDates();
  return (
    <dl className="facts">
      <dt>{t('company.apply.company')}</dt>
      <dd>{application.name}</dd>
      <dt>{t('company.apply.erp')}</dt>
      <dd>{application.erpAccountId ?? '—'}</dd>
      <dt>{t('company.apply.certificate')}</dt>
      <dd>
        {application.taxCertificate || '—'}
        {application.taxCertificateExpires &&
          ` · ${t('company.apply.until', { day: dates.calendarDay(application.taxCertificateExpires) })}`}
        {application.certificateFilename && ` · ${application.certificateFilename}`}
      </dd>
    </dl>
  );
}

/** The application form; a declined application's answers fill it again. */
interface ApplicationValues {
  name: string;
  erpAccountId: string;
  taxCertificate: string;
  taxCertificateExpires: string;
  certificateAttached: boolean;
}

function ApplicationForm({ previous }: { previous: CompanyApplicationFieldsFragment | null }) {
  const t = useT();
  const message = useMessage();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const apollo = useApolloClient();
  const { submit, failure } = useFormSubmit(
    async (values: ApplicationValues) => {
      const form = new FormData();
      for (const key of ['name', 'erpAccountId', 'taxCertificate', 'taxCertificateExpires'] as const) {
        if (values[key]) form.append(key, values[key]);
      }
      if (file) form.append('certificate', file);
      await post('/api/company/applications', form);
      void notify('success', t('company.apply.sent'));
      await apollo.refetchQueries({ include: [MyCompanyApplicationDocument] });
    },
    {
      fallback: t('company.failed'),
      // Applied or joined a company meanwhile (in another tab): the page shows it.
      onFailure: ({ fields }) => {
        if (Object.keys(fields).length === 0) {
          void apollo.refetchQueries({ include: [MyCompanyDocument, MyCompanyApplicationDocument] });
        }
        return false;
      },
    },
  );
  return (
    <Formik
      initialValues={{
        name: previous?.name ?? '',
        erpAccountId: previous?.erpAccountId ?? '',
        taxCertificate: previous?.taxCertificate ?? '',
        taxCertificateExpires: previous?.taxCertificateExpires ?? '',
        certificateAttached: false,
      }}
      validationSchema={companyApplicationSchema}
      validate={() => (file && file.size > CERTIFICATE_MAX_BYTES ? { certificate: CERTIFICATE_REFUSED } : {})}
      onSubmit={submit}
    >
      {({ isSubmitting, errors, setFieldValue }) => {
        const fileError = (errors as { certificate?: string }).certificate;
        return (
          <Form method="post" className="form" noValidate aria-label={t('company.apply.title')}>
            <FocusFirstError />
            <FormError message={failure} />
            <Field name="name" label={t('company.apply.company')} autoComplete="organization" />
            <Field name="erpAccountId" label={t('company.apply.erpOptional')} autoComplete="off" />
            <Field name="taxCertificate" label={t('company.apply.certificateNumber')} autoComplete="off" />
            <Field name="taxCertificateExpires" type="date" label={t('company.apply.certificateExpires')} />
            <div className="field">
              <label htmlFor={fileId}>{t('company.apply.certificateFile')}</label>
              <input
                id={fileId}
                name="certificate"
                type="file"
                accept={ACCEPT}
                aria-invalid={fileError ? true : undefined}
                aria-describedby={`${fileId}-hint`}
                onChange={(e) => {
                  const chosen = e.target.files?.[0] ?? null;
                  setFile(chosen);
                  void setFieldValue('certificateAttached', Boolean(chosen));
                }}
              />
              <p id={`${fileId}-hint`} className={fileError ? 'field__error' : 'field__hint'}>
                {message(fileError ?? t('company.apply.certificateHint'))}
              </p>
            </div>
            <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
              {t('company.apply.send')}
            </button>
          </Form>
        );
      }}
    </Formik>
  );
}
