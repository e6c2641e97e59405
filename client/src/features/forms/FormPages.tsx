import { BRAND } from '@domain/constants';
import {
  ATTACHMENT_LIMITS,
  ATTACHMENT_REFUSED,
  CONTACT_VALIDATION,
  contactSchema,
  quoteSchema,
  REQUEST_TYPES,
  SERVICES,
  serviceRequestSchema,
} from '@domain/forms.schema';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { quoteNumberLabel } from '@domain/quotes';
import { quotePagePath, ROUTES } from '@domain/routes';
import { useMessage, useT } from '../../i18n';
import { post } from '../../lib/http';
import { usePageMeta } from '../../lib/usePageMeta';
import {
  useAddressWords,
  Field,
  SelectField,
  TextAreaField,
  FormError,
  FocusFirstError,
  useFormSubmit,
} from '../../components/form';
import { useShipsTo } from '../../lib/site';
import { useSession } from '../account';

/** Who is asking: names, e-mail, phone and (for quotes and services) company. */
function PersonFields({ company = false }: { company?: boolean }) {
  const t = useT();
  return (
    <>
      <Field name="firstName" label={t('forms.firstName')} autoComplete="given-name" />
      <Field name="lastName" label={t('forms.lastName')} autoComplete="family-name" />
      <Field name="email" label={t('form.email')} type="email" autoComplete="email" />
      <Field name="phone" label={t('form.phone')} type="tel" autoComplete="tel" />
      {company && <Field name="company" label={t('checkout.company')} autoComplete="organization" />}
    </>
  );
}

function Sent({ title, text }: { title: string; text: string }) {
  return (
    <div className="notice" role="status">
      <h2>{title}</h2>
      <p>{text}</p>
    </div>
  );
}

interface ContactValues {
  firstName: string;
  lastName: string;
  email: string;
  state: string;
  city: string;
  phone: string;
  comments: string;
  requestTypes: string[];
}

// Type aliases (not interfaces): multipart() reads them as records of strings.
type QuoteValues = {
  item: string;
  quantity: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  comments: string;
};

type ServiceValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  service: string;
  description: string;
};

/** /about/contact-us: the help form (spec rules and messages verbatim), with the phone numbers. */
export function ContactPage() {
  const message = useMessage();
  const t = useT();
  usePageMeta(t('page.contact.title'));
  const { user } = useSession();
  const [sent, setSent] = useState(false);
  // A refused form: each field's message next to it, or one message above the form.
  const { submit, failure } = useFormSubmit(
    async (values: ContactValues) => {
      await post('/api/forms/contact', { ...values, phone: values.phone || null, city: values.city || null });
      setSent(true);
    },
    { fallback: t('forms.failed') },
  );
  // A state or province, as the site's country has them: it routes the request to the regional team.
  const region = useAddressWords(useShipsTo());
  const schema = contactSchema(CONTACT_VALIDATION);
  return (
    <div className="container section page--narrow">
      <header className="page-header">
        <h1>{t('page.contact.title')}</h1>
        <p className="lead">{t('page.contact.text')}</p>
        <p>
          {t('forms.callUs', { tollFree: BRAND.phones.tollFree, local: BRAND.phones.local })}{' '}
          <a href={`mailto:${BRAND.email.help}`}>{BRAND.email.help}</a>
        </p>
      </header>
      {sent ? (
        <Sent title={t('forms.sentTitle')} text={t('forms.sentText')} />
      ) : (
        <Formik
          initialValues={{
            firstName: user?.firstName ?? '',
            lastName: user?.lastName ?? '',
            email: user?.emailAddress ?? '',
            state: '',
            city: '',
            phone: '',
            comments: '',
            requestTypes: [] as string[],
          }}
          validationSchema={schema}
          onSubmit={submit}
        >
          {({ isSubmitting, values, setFieldValue, errors, touched }) => (
            <Form method="post" className="form" noValidate aria-label={t('page.contact.title')}>
              <FocusFirstError />
              <PersonFields />
              <SelectField
                name="state"
                label={region.region}
                placeholder={region.chooseRegion}
                options={region.regions}
              />
              <Field name="city" label={t('forms.cityOptional')} autoComplete="address-level2" />
              <fieldset className="request-types" aria-describedby="request-types-error">
                <legend>{t('forms.requestTypes')}</legend>
                {REQUEST_TYPES.map((type) => (
                  <label key={type} className="field--check">
                    <input
                      type="checkbox"
                      checked={values.requestTypes.includes(type)}
                      onChange={(e) =>
                        void setFieldValue(
                          'requestTypes',
                          e.target.checked
                            ? [...values.requestTypes, type]
                            : values.requestTypes.filter((v) => v !== type),
                        )
                      }
                    />{' '}
                    {t(`forms.type.${type}`)}
                  </label>
                ))}
                {touched.requestTypes && errors.requestTypes && (
                  <p id="request-types-error" className="field__error">
                    {message(String(errors.requestTypes))}
                  </p>
                )}
              </fieldset>
              <TextAreaField name="comments" label={t('forms.message')} rows={5} />
              <FormError message={failure} />
              <button type="submit" className="btn btn--primary btn--large" disabled={isSubmitting}>
                {t('forms.send')}
              </button>
            </Form>
          )}
        </Formik>
      )}
    </div>
  );
}

/** /quote?item=...: a quote for parts priced on request (from their product page or the cart), with drawings. */
export function QuotePage() {
  const t = useT();
  usePageMeta(t('forms.quoteTitle'));
  const [params] = useSearchParams();
  const { user } = useSession();
  const [sent, setSent] = useState<FormReceipt | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const { submit, failure } = useFormSubmit(
    async (values: QuoteValues, helpers: FormikHelpers<QuoteValues>) => {
      const refused = drawingsRefused(files);
      if (refused) return helpers.setErrors({ drawings: refused } as never);
      setSent(await post<FormReceipt>('/api/forms/quote', multipart(values, files)));
    },
    { fallback: t('forms.failed') },
  );
  const here = `${ROUTES.quote}${params.size ? `?${params}` : ''}`;
  return (
    <div className="container section page--narrow">
      <header className="page-header">
        <h1>{t('forms.quoteTitle')}</h1>
        <p className="lead">{t('forms.quoteText')}</p>
      </header>
      {sent?.quote ? (
        <div className="notice" role="status">
          <h2>{t('forms.sentTitle')}</h2>
          <p>{t('forms.quoteFollow', { number: quoteNumberLabel(sent.quote.number) })}</p>
          <p>
            <Link className="btn btn--primary" to={quotePagePath(sent.quote.id)}>
              {t('forms.quoteOpen', { number: quoteNumberLabel(sent.quote.number) })}
            </Link>
          </p>
        </div>
      ) : sent?.emailed ? (
        <Sent
          title={t('forms.sentTitle')}
          text={t('forms.quoteEmailed', { number: quoteNumberLabel(sent.emailed.number) })}
        />
      ) : sent ? (
        <Sent title={t('forms.sentTitle')} text={t('forms.quoteSent')} />
      ) : (
        <Formik
          initialValues={{
            item: params.get('item') ?? '',
            quantity: '',
            firstName: user?.firstName ?? '',
            lastName: user?.lastName ?? '',
            email: user?.emailAddress ?? '',
            phone: '',
            company: user?.accounts[0]?.company ?? '',
            comments: '',
          }}
          validationSchema={quoteSchema}
          onSubmit={submit}
        >
          {({ isSubmitting, errors }) => (
            <Form method="post" className="form" noValidate aria-label={t('forms.quoteTitle')}>
              <FocusFirstError />
              {!user && (
                <p className="notice">
                  {t('forms.quoteSignIn')}{' '}
                  <Link to={`${ROUTES.signIn}?callbackUrl=${encodeURIComponent(here)}`}>
                    {t('footer.signIn')}
                  </Link>
                </p>
              )}
              <TextAreaField name="item" label={t('forms.item')} />
              <Field name="quantity" label={t('forms.quantity')} type="number" inputMode="numeric" min={1} />
              <PersonFields company />
              <TextAreaField name="comments" label={t('forms.comments')} rows={5} />
              <DrawingsField onChange={setFiles} error={(errors as { drawings?: string }).drawings} />
              <FormError message={failure} />
              <button type="submit" className="btn btn--primary btn--large" disabled={isSubmitting}>
                {t('forms.requestQuote')}
              </button>
            </Form>
          )}
        </Formik>
      )}
    </div>
  );
}

/** What a sent form answers: for a signed-in buyer's quote form, the quote it made. */
interface FormReceipt {
  id: string;
  quote?: { id: string; number: string };
  /** A guest's: the quote's number; its link was e-mailed (decision 061). */
  emailed?: { number: string };
}

/** The message for files over the count or size limits (the server checks their content), or null. */
const drawingsRefused = (files: File[]) =>
  files.length > ATTACHMENT_LIMITS.files || files.some((f) => f.size > ATTACHMENT_LIMITS.bytes)
    ? ATTACHMENT_REFUSED
    : null;

/** A form's filled-in values and its drawings, as one multipart body. */
function multipart(values: Record<string, string>, files: File[]): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) if (v) form.append(k, v);
  for (const f of files) form.append('drawings', f);
  return form;
}

/** Drawings to attach: PDF, DXF or STEP, with the limits as a hint, or the refusal in their place. */
function DrawingsField({ onChange, error }: { onChange: (files: File[]) => void; error?: string }) {
  const t = useT();
  const message = useMessage();
  const fileId = useId();
  return (
    <div className="field">
      <label htmlFor={fileId}>{t('forms.drawings')}</label>
      <input
        id={fileId}
        type="file"
        multiple
        accept=".pdf,.dxf,.step,.stp,application/pdf"
        onChange={(e) => onChange([...(e.target.files ?? [])])}
        aria-describedby={`${fileId}-hint`}
        aria-invalid={error ? true : undefined}
      />
      <p id={`${fileId}-hint`} className={error ? 'field__error' : 'field__hint'}>
        {message(error ?? t('forms.drawingsHint'))}
      </p>
    </div>
  );
}

/** /services/service-request: a fabrication request with drawings (PDF, DXF, STEP). */
export function ServiceRequestPage() {
  const t = useT();
  usePageMeta(t('page.serviceRequest.title'));
  const { user } = useSession();
  const [sent, setSent] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const { submit, failure } = useFormSubmit(
    async (values: ServiceValues, helpers: FormikHelpers<ServiceValues>) => {
      const refused = drawingsRefused(files);
      if (refused) return helpers.setErrors({ drawings: refused } as never);
      await post('/api/forms/service-request', multipart(values, files));
      setSent(true);
    },
    { fallback: t('forms.failed') },
  );
  return (
    <div className="container section page--narrow">
      <header className="page-header">
        <h1>{t('page.serviceRequest.title')}</h1>
        <p className="lead">{t('page.serviceRequest.text')}</p>
      </header>
      {sent ? (
        <Sent title={t('forms.sentTitle')} text={t('forms.serviceSent')} />
      ) : (
        <Formik
          initialValues={{
            firstName: user?.firstName ?? '',
            lastName: user?.lastName ?? '',
            email: user?.emailAddress ?? '',
            phone: '',
            company: user?.accounts[0]?.company ?? '',
            service: '',
            description: '',
          }}
          validationSchema={serviceRequestSchema}
          onSubmit={submit}
        >
          {({ isSubmitting, errors }) => (
            <Form method="post" className="form" noValidate aria-label={t('page.serviceRequest.title')}>
              <FocusFirstError />
              <PersonFields company />
              <SelectField
                name="service"
                label={t('forms.service')}
                placeholder={t('forms.chooseService')}
                options={SERVICES.map((s) => ({ value: s, label: t(`forms.service.${s}`) }))}
              />
              <TextAreaField name="description" label={t('forms.description')} rows={6} />
              <DrawingsField onChange={setFiles} error={(errors as { drawings?: string }).drawings} />
              <FormError message={failure} />
              <button type="submit" className="btn btn--primary btn--large" disabled={isSubmitting}>
                {t('forms.send')}
              </button>
            </Form>
          )}
        </Formik>
      )}
    </div>
  );
}
