import { normaliseExpiry } from '@domain/checkout';
import { cardSchema } from '@domain/checkout.schema';
import { Form, Formik } from 'formik';
import { CheckboxField, Field, FocusFirstError, FormError, useFormSubmit } from '../../components/form';
import { useT } from '../../i18n';
import { post } from '../../lib/http';

/** A card's payment method at the payment provider: what the store may show of it. */
export interface Card {
  id: string;
  brand: string;
  last4: string;
}

/**
 * A card form: the number goes to the payment provider, which answers a payment method (brand, last four).
 * With `offerSave` (a signed-in buyer) it asks whether to save the card; `onCard` hears the answer.
 */
interface CardValues {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
  save: boolean;
}

export function CardForm({
  submitLabel,
  onCard,
  offerSave = false,
}: {
  submitLabel: string;
  onCard: (card: Card, save: boolean) => void | Promise<void>;
  offerSave?: boolean;
}) {
  const t = useT();
  const { submit, failure } = useFormSubmit(
    async ({ save, ...values }: CardValues) => {
      const card = await post<Card>('/api/payments/test/payment-methods', values);
      await onCard(card, offerSave && save);
    },
    { fallback: t('checkout.failed') },
  );
  return (
    <Formik
      initialValues={{ name: '', number: '', expiry: '', cvc: '', save: false }}
      validationSchema={cardSchema}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Form method="post" className="form card-form" noValidate aria-label={t('checkout.card')}>
          <FocusFirstError />
          <Field name="name" label={t('checkout.cardName')} autoComplete="cc-name" />
          <Field
            name="number"
            label={t('checkout.cardNumber')}
            autoComplete="cc-number"
            inputMode="numeric"
          />
          <div className="card-form__row">
            <Field
              name="expiry"
              label={t('checkout.cardExpiry')}
              autoComplete="cc-exp"
              placeholder="MM/YY"
              inputMode="numeric"
              format={normaliseExpiry}
            />
            <Field name="cvc" label={t('checkout.cardCvc')} autoComplete="cc-csc" inputMode="numeric" />
          </div>
          {offerSave && <CheckboxField name="save" label={t('payments.saveCard')} />}
          <FormError message={failure} />
          <button
            type="submit"
            className="btn btn--primary btn--large"
            disabled={isSubmitting}
            aria-busy={isSubmitting}
          >
            {submitLabel}
          </button>
        </Form>
      )}
    </Formik>
  );
}
