import { cardExpired } from '@domain/checkout';
import { useId, useState } from 'react';
import { Skeleton } from '../../components/Skeleton';
import { FormError } from '../../components/form';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/failure';
import { CardForm, type Card } from './CardForm';
import { cardLabel } from './labels';
import type { PaymentOptionFieldsFragment } from './graphql/payments.generated';
import { usePaymentOptions } from './usePaymentOptions';

/** MM/YY of a saved card's expiry. */
export const expiryOf = (card: Pick<PaymentOptionFieldsFragment, 'expMonth' | 'expYear'>) =>
  `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;

/** "VISA ending in 4242", in the page's language. */
export function useCardLabel() {
  const t = useT();
  return (card: Pick<Card, 'brand' | 'last4'>) => cardLabel(t, card);
}

/**
 * How to pay by card: one of the signed-in buyer's saved cards (the primary one chosen first; an expired one
 * cannot be chosen), or a new card, which a signed-in buyer may save. `onCard` gets the card and whether to save it.
 */
export function CardChoice({
  signedIn,
  submitLabel,
  onCard,
}: {
  signedIn: boolean;
  submitLabel: string;
  onCard: (card: Card, save: boolean) => void | Promise<void>;
}) {
  const t = useT();
  const label = useCardLabel();
  const name = useId();
  const { cards, loading } = usePaymentOptions({ skip: !signedIn });
  const usable = cards.filter((c) => !cardExpired(expiryOf(c)));
  const preferred = usable.find((c) => c.primary) ?? usable[0];
  // The buyer's pick: a saved card's id, or 'new'; until they pick, the primary card (or a new one).
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? preferred?.id ?? 'new';
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (loading) return <Skeleton rows={1} />;
  const saved = cards.find((c) => c.id === choice);
  const paySaved = async () => {
    if (!saved) return;
    setBusy(true);
    setFailure(null);
    try {
      await onCard({ id: saved.paymentMethodId, brand: saved.brand, last4: saved.last4 }, false);
    } catch (err) {
      setFailure(errorMessage(err, t('checkout.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {cards.length > 0 && (
        <fieldset className="carriers" data-testid="saved-cards">
          <legend>{t('payments.savedCards')}</legend>
          {cards.map((c) => {
            const expired = cardExpired(expiryOf(c));
            return (
              <label key={c.id} className="saved-address">
                <input
                  type="radio"
                  name={name}
                  checked={choice === c.id}
                  disabled={expired}
                  onChange={() => setPicked(c.id)}
                />
                <span>
                  {label(c)} ·{' '}
                  {expired ? t('payments.expired') : t('payments.expires', { date: expiryOf(c) })}
                  {c.primary && <span className="tag">{t('account.primary')}</span>}
                </span>
              </label>
            );
          })}
          <label className="saved-address">
            <input type="radio" name={name} checked={choice === 'new'} onChange={() => setPicked('new')} />
            <span>{t('payments.newCard')}</span>
          </label>
        </fieldset>
      )}
      {saved ? (
        <div className="form">
          <FormError message={failure} />
          <button
            type="button"
            className="btn btn--primary btn--large"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void paySaved()}
          >
            {submitLabel}
          </button>
        </div>
      ) : (
        <CardForm submitLabel={submitLabel} offerSave={signedIn} onCard={onCard} />
      )}
    </>
  );
}
