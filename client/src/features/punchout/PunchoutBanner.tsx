import { useT } from '../../i18n';
import { usePunchoutSession, useTransferPunchoutCart } from './usePunchout';

/**
 * The banner of a punchout session (decision 072), above every page: which procurement system the buyer came
 * from, and the way back to it with the cart (Transfer cart) or without (Return without items).
 */
export function PunchoutBanner() {
  const t = useT();
  const session = usePunchoutSession();
  const { transfer, state } = useTransferPunchoutCart();
  if (!session) return null;
  const system = session.systemName;
  return (
    <section className="punchout-banner" aria-label={t('punchout.label')} data-testid="punchout-banner">
      <p className="punchout-banner__text">
        {session.readOnly ? t('punchout.inspecting', { system }) : t('punchout.shopping', { system })}
      </p>
      <div className="punchout-banner__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={state === 'sending'}
          onClick={() => void transfer(false)}
        >
          {t('punchout.transfer')}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={state === 'sending'}
          onClick={() => void transfer(true)}
        >
          {t('punchout.cancel')}
        </button>
      </div>
      {state === 'sending' && (
        <p className="punchout-banner__status" role="status">
          {t('punchout.sending', { system })}
        </p>
      )}
      {state === 'failed' && (
        <p className="punchout-banner__status" role="alert">
          {t('punchout.failed')}
        </p>
      )}
    </section>
  );
}

/** The cart's action in a punchout session, in place of Checkout: the cart goes back to the procurement system. */
export function PunchoutTransferButton({ disabled }: { disabled?: boolean }) {
  const t = useT();
  const { transfer, state } = useTransferPunchoutCart();
  return (
    <>
      <button
        type="button"
        className="btn btn--primary btn--large cart__checkout"
        disabled={disabled || state === 'sending'}
        onClick={() => void transfer(false)}
      >
        {t('punchout.transfer')}
      </button>
      {state === 'failed' && (
        <p className="notice notice--warning" role="alert">
          {t('punchout.failed')}
        </p>
      )}
    </>
  );
}
