import { quoteRequestSchema } from '@domain/quotes';
import { quotePagePath, ROUTES } from '@domain/routes';
import { Form, Formik } from 'formik';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Field, FocusFirstError, FormError, TextAreaField, useFormSubmit } from '../../components/form';
import { useMessage, useT } from '../../i18n';
import { notify } from '../../lib/toast';
import { useSession } from '../account';
import { useRequestQuote } from './useRequestQuote';

interface CartLineChoice {
  cartLineId: string;
  itemId: string;
  name: string;
  quantity: number;
  price: number | null;
}

/**
 * "Ask for a quote" under the cart (decision 049): the lines to quote (all of them at first), the day they are
 * needed by and a note. The cart stays as it is; the request's page opens once it is sent.
 */
export function QuoteRequestPanel({ lines }: { lines: readonly CartLineChoice[] }) {
  const t = useT();
  const message = useMessage();
  const { user, status } = useSession();
  const navigate = useNavigate();
  const groupId = useId();
  const [request] = useRequestQuote();
  const { submit, failure } = useFormSubmit(
    async (values: { cartLineIds: string[]; neededBy: string; note: string }) => {
      const { data } = await request({ variables: { input: values } });
      void notify('success', t('quotes.request.sent'));
      void navigate(quotePagePath(data!.requestQuote.id));
    },
    { fallback: t('quotes.failed') },
  );
  if (status === 'loading') return null;
  return (
    <details className="panel quote-request" data-testid="quote-request">
      <summary>
        <h2>{t('quotes.request.title')}</h2>
      </summary>
      {!user ? (
        <p>
          <Link to={`${ROUTES.signIn}?callbackUrl=${encodeURIComponent(ROUTES.cart)}`}>
            {t('quotes.request.signIn')}
          </Link>
        </p>
      ) : (
        <Formik
          // A line added or removed meanwhile starts the choice again, every line chosen.
          key={lines.map((l) => l.cartLineId).join()}
          initialValues={{ cartLineIds: lines.map((l) => l.cartLineId), neededBy: '', note: '' }}
          validationSchema={quoteRequestSchema}
          onSubmit={submit}
        >
          {({ values, errors, submitCount, isSubmitting, setFieldValue }) => (
            <Form method="post" className="form" noValidate aria-label={t('quotes.request.title')}>
              <FocusFirstError />
              <FormError message={failure} />
              <p>{t('quotes.request.intro')}</p>
              <fieldset
                className="field"
                aria-describedby={errors.cartLineIds ? `${groupId}-error` : undefined}
              >
                <legend>{t('quotes.request.lines')}</legend>
                {lines.map((l) => (
                  <label key={l.cartLineId} className="field--check">
                    <input
                      type="checkbox"
                      checked={values.cartLineIds.includes(l.cartLineId)}
                      onChange={(e) =>
                        void setFieldValue(
                          'cartLineIds',
                          e.target.checked
                            ? [...values.cartLineIds, l.cartLineId]
                            : values.cartLineIds.filter((id) => id !== l.cartLineId),
                        )
                      }
                    />{' '}
                    {t('quotes.request.line', { quantity: l.quantity, name: l.name, id: l.itemId })}
                  </label>
                ))}
                {submitCount > 0 && typeof errors.cartLineIds === 'string' && (
                  <p id={`${groupId}-error`} className="field__error">
                    {message(errors.cartLineIds)}
                  </p>
                )}
              </fieldset>
              <Field name="neededBy" type="date" label={t('quotes.request.neededBy')} />
              <TextAreaField name="note" label={t('quotes.request.note')} maxLength={2000} />
              <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
                {t('quotes.request.send')}
              </button>
            </Form>
          )}
        </Formik>
      )}
    </details>
  );
}
