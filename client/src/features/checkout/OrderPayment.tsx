import { errorMessage } from '../../lib/failure';
import { purchaseOrderSchema } from '@domain/checkout.schema';
import { Form, Formik } from 'formik';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { useMoney } from '../../lib/money';
import { Field, FormError, FocusFirstError, useFormSubmit } from '../../components/form';
import { useSession } from '../account';
import { CardChoice } from '../payments';
import type { PaymentControls } from './usePlaceOrder';

/**
 * Paying an order that is already placed: after a decline or a cancelled bank check at checkout, and from the
 * order page (Pay now). The decline says why and offers another card, or a purchase order for an account on net
 * terms; a card that asks for the bank's check shows it, and its cancel comes back here with the bank's answer.
 * `payment` is the order's payment state machine (usePlaceOrder).
 */
export function OrderPayment({ payment, terms }: { payment: PaymentControls; terms: number | null }) {
  const t = useT();
  const { state } = payment;
  const signedIn = useSession().status === 'authenticated';
  const [kind, setKind] = useState<'card' | 'purchaseOrder'>('card');
  const heading = useRef<HTMLHeadingElement>(null);
  // The keyboard and the screen reader land on what changed: the bank's page, or the decline.
  useEffect(() => heading.current?.focus(), [state]);
  if (state.step === 'challenge') {
    return (
      <BankChallenge
        headingRef={heading}
        total={state.order.total}
        currencyCode={state.order.currencyCode}
        onAnswer={payment.answer}
      />
    );
  }
  const declined = state.step === 'declined' ? state.reason : null;
  return (
    <section aria-labelledby="pay-title" className="order-payment">
      <h2 id="pay-title" ref={heading} tabIndex={-1}>
        {declined ? t('checkout.payAgain') : t('orders.payNowTitle')}
      </h2>
      {declined && (
        <p className="form__error" role="alert" data-testid="payment-declined">
          {declined} {terms !== null ? t('checkout.tryAnotherWay') : t('checkout.tryAnotherCard')}
        </p>
      )}
      {terms !== null && <PayByChoice terms={terms} kind={kind} onKind={setKind} />}
      {kind === 'purchaseOrder' ? (
        <PurchaseOrderForm
          terms={terms ?? 0}
          submitLabel={t('checkout.payNow')}
          onPo={(poNumber) => payment.pay({ poNumber })}
        />
      ) : (
        <CardChoice
          signedIn={signedIn}
          submitLabel={t('checkout.payNow')}
          onCard={(card, saveCard) => payment.pay({ paymentMethodId: card.id, saveCard })}
        />
      )}
    </section>
  );
}

/** Card or purchase order, for an account approved on net terms of `terms` days. */
export function PayByChoice({
  terms,
  kind,
  onKind,
}: {
  terms: number;
  kind: 'card' | 'purchaseOrder';
  onKind: (kind: 'card' | 'purchaseOrder') => void;
}) {
  const t = useT();
  const name = useId();
  return (
    <fieldset className="carriers">
      <legend>{t('checkout.payBy')}</legend>
      <label className="saved-address">
        <input type="radio" name={name} checked={kind === 'card'} onChange={() => onKind('card')} />
        <span>{t('checkout.card')}</span>
      </label>
      <label className="saved-address">
        <input
          type="radio"
          name={name}
          checked={kind === 'purchaseOrder'}
          onChange={() => onKind('purchaseOrder')}
        />
        <span>{t('checkout.purchaseOrder', { days: terms })}</span>
      </label>
    </fieldset>
  );
}

/** The purchase order number form; a failure of `onPo` shows above its button. */
export function PurchaseOrderForm({
  terms,
  submitLabel,
  onPo,
}: {
  terms: number;
  submitLabel: string;
  onPo: (poNumber: string) => void | Promise<void>;
}) {
  const t = useT();
  const { submit, failure } = useFormSubmit(
    async (values: { poNumber: string }) => {
      await onPo(values.poNumber.trim());
    },
    { fallback: t('checkout.failed') },
  );
  return (
    <Formik initialValues={{ poNumber: '' }} validationSchema={purchaseOrderSchema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form
          method="post"
          className="form"
          noValidate
          aria-label={t('checkout.purchaseOrder', { days: terms })}
        >
          <FocusFirstError />
          <Field name="poNumber" label={t('checkout.poNumber')} />
          <FormError message={failure} />
          <button type="submit" className="btn btn--primary btn--large" disabled={isSubmitting}>
            {submitLabel}
          </button>
        </Form>
      )}
    </Formik>
  );
}

/** The test provider's stand-in for the bank's authentication page (3-D Secure). */
function BankChallenge({
  total,
  currencyCode,
  headingRef,
  onAnswer,
}: {
  total: number;
  currencyCode: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onAnswer: (approve: boolean) => Promise<void>;
}) {
  const t = useT();
  const money = useMoney(currencyCode);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const answer = (approve: boolean) => {
    setBusy(true);
    setFailure(null);
    void onAnswer(approve)
      .catch((err: unknown) => setFailure(errorMessage(err, t('checkout.failed'))))
      .finally(() => setBusy(false));
  };
  return (
    <section className="panel bank-challenge" role="dialog" aria-modal="false" aria-labelledby="bank-title">
      <h2 id="bank-title" ref={headingRef} tabIndex={-1}>
        {t('checkout.bankTitle')}
      </h2>
      <p>{t('checkout.bankText', { amount: money(total) })}</p>
      <FormError message={failure} />
      <div className="actions">
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => answer(true)}>
          {t('checkout.bankApprove')}
        </button>
        <button
          type="button"
          className="btn btn--outline-primary"
          disabled={busy}
          onClick={() => answer(false)}
        >
          {t('checkout.bankDecline')}
        </button>
      </div>
    </section>
  );
}
