import { cardExpired } from '@domain/checkout';
import { useState } from 'react';
import { FormError } from '../../../components/form';
import { Skeleton } from '../../../components/Skeleton';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/failure';
import { notify } from '../../../lib/toast';
import { CardForm, expiryOf, useCardLabel, usePaymentOptions, useSavedCardActions } from '../../payments';

/**
 * The account page's saved cards (spec: paymentOptions): brand, last four and expiry, the primary one; add a card
 * (the provider checks it), make one primary, remove one (the provider forgets it).
 */
export function SavedCards() {
  const t = useT();
  const label = useCardLabel();
  const { cards, loading } = usePaymentOptions();
  const { save, remove, makePrimary } = useSavedCardActions();
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const act = async (work: () => Promise<unknown>, done?: string) => {
    setFailure(null);
    try {
      await work();
      if (done) void notify('success', done);
    } catch (err) {
      setFailure(errorMessage(err, t('payments.failed')));
    }
  };
  return (
    <section className="panel" aria-labelledby="cards-title">
      <h2 id="cards-title">{t('payments.savedCards')}</h2>
      {loading ? <Skeleton rows={1} /> : cards.length === 0 && <p>{t('payments.noCards')}</p>}
      <FormError message={failure} />
      <ul className="addresses">
        {cards.map((c) => (
          <li key={c.id} className="address" data-testid="saved-card">
            <div>
              <strong>{label(c)}</strong>
              {c.primary && <span className="tag">{t('account.primary')}</span>}
              <br />
              {cardExpired(expiryOf(c))
                ? t('payments.expired')
                : t('payments.expires', { date: expiryOf(c) })}
            </div>
            <div className="address__actions">
              {!c.primary && (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => void act(() => makePrimary(c.id))}
                  aria-label={t('payments.makePrimary', { card: label(c) })}
                >
                  {t('account.makePrimary')}
                </button>
              )}
              <button
                type="button"
                className="link-button"
                onClick={() => void act(() => remove(c.id), t('payments.removed', { card: label(c) }))}
                aria-label={t('payments.remove', { card: label(c) })}
              >
                {t('account.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {adding ? (
        <>
          <CardForm
            submitLabel={t('payments.add')}
            onCard={async (card) => {
              await save(card.id);
              setAdding(false);
              void notify('success', t('payments.added', { card: label(card) }));
            }}
          />
          <button type="button" className="btn btn--outline-primary" onClick={() => setAdding(false)}>
            {t('account.cancel')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn--outline-primary"
          onClick={() => {
            setFailure(null);
            setAdding(true);
          }}
        >
          {t('payments.add')}
        </button>
      )}
    </section>
  );
}
