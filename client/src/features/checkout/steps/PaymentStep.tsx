import { TEST_CARDS } from '@domain/checkout';
import { useState } from 'react';
import { useT } from '../../../i18n';
import { useSession } from '../../account';
import { CardChoice } from '../../payments';
import { PayByChoice, PurchaseOrderForm } from '../OrderPayment';
import type { PaymentChoice } from './types';

/**
 * Payment: a saved card, or a new one (it goes to the payment provider, which answers a payment method: brand,
 * last four; a signed-in buyer may save it), or a purchase order for accounts approved on net terms.
 */
export function PaymentStep({
  terms,
  onDone,
}: {
  terms: number | null;
  onDone: (choice: PaymentChoice) => void;
}) {
  const t = useT();
  const [kind, setKind] = useState<'card' | 'purchaseOrder'>('card');
  const signedIn = useSession().status === 'authenticated';
  return (
    <section aria-labelledby="payment-title">
      <h2 id="payment-title">{t('checkout.step.payment')}</h2>
      {terms !== null && <PayByChoice terms={terms} kind={kind} onKind={setKind} />}
      {kind === 'purchaseOrder' ? (
        <PurchaseOrderForm
          terms={terms ?? 0}
          submitLabel={t('checkout.continue')}
          onPo={(poNumber) => onDone({ kind: 'purchaseOrder', poNumber })}
        />
      ) : (
        <>
          <p className="notice">
            {t('checkout.testCards', {
              ok: TEST_CARDS.authorised.replace(/(\d{4})(?=\d)/g, '$1 '),
              declined: TEST_CARDS.declined.replace(/(\d{4})(?=\d)/g, '$1 '),
              action: TEST_CARDS.requiresAction.replace(/(\d{4})(?=\d)/g, '$1 '),
            })}
          </p>
          <CardChoice
            signedIn={signedIn}
            submitLabel={t('checkout.continue')}
            onCard={(card, save) => onDone({ kind: 'card', card, save })}
          />
        </>
      )}
    </section>
  );
}
