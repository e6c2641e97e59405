import { round2 } from '@domain/money';
import { useQuery } from '@apollo/client/react';
import { orderNumberLabel } from '@domain/checkout';
import { confirmationPath, quotePagePath, ROUTES } from '@domain/routes';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Skeleton } from '../../components/Skeleton';
import { useMessage, useT } from '../../i18n';
import { track, type CheckoutStep } from '../../lib/analytics';
import { usePageMeta } from '../../lib/usePageMeta';
import { useSession } from '../account';
import { CartTotals, type CartFieldsFragment, trackedLine, ViewerNotice } from '../cart';
import { useCanOrder } from '../company';
import { OrderTotalsList } from '../orders';
import { CheckoutCartDocument, QuoteCheckoutDocument } from './graphql/checkout.generated';
import { errorMessage } from '../../lib/failure';
import { OrderPayment } from './OrderPayment';
import { AddressStep } from './steps/AddressStep';
import { PaymentStep } from './steps/PaymentStep';
import { ReviewStep } from './steps/ReviewStep';
import { ShippingStep } from './steps/ShippingStep';
import type { PaymentChoice } from './steps/types';
import { clearCheckoutDraft, useCheckoutDraft } from './checkoutDraft';
import { usePlaceOrder } from './usePlaceOrder';

type Step = 'address' | 'shipping' | 'payment' | 'review';
const STEPS: Step[] = ['address', 'shipping', 'payment', 'review'];

/**
 * /checkout: shipping address (saved or new, checked by the validation call and the state restriction),
 * shipping details, payment (the card goes to the payment provider, never to the store), review with the
 * disclaimer, place order (one Idempotency-Key per attempt). Signed-in shoppers and guests with an e-mail.
 */
/** Reports a checkout step with the cart's lines (spec: checkout analytics steps); once placed, the order's total. */
function reportStep(
  step: CheckoutStep,
  cart: CartFieldsFragment,
  order?: { id: string; total: number; currencyCode: string },
): void {
  // The steps' value is the goods after their promotions; the purchase's is what the order costs (decision 079).
  const codes = cart.promotions.flatMap((p) => (p.code ? [p.code] : []));
  track({
    type: 'checkout',
    step,
    value: order?.total ?? round2(cart.subTotal - cart.discountTotal),
    currency: order?.currencyCode ?? cart.currencyCode,
    orderId: order?.id,
    items: cart.orderLines.map((l) => trackedLine(l)),
    coupon: codes.length ? codes.join(',') : null,
  });
}

export function CheckoutPage() {
  const t = useT();
  const message = useMessage();
  usePageMeta(t('checkout.title'));
  const { user, status } = useSession();
  // A company's Viewer cannot order: the first step says so, and no step (nor the payment form) is offered.
  const canOrder = useCanOrder();
  // /checkout?quote=…&revision=…: an accepted quote is checked out instead of the cart (decision 049).
  const [params] = useSearchParams();
  const quoteId = params.get('quote');
  const quote = quoteId ? { quoteId, revision: Number(params.get('revision')) || 0 } : null;
  // The steps done so far live in the tab's draft: a reload comes back to them (decision 038). The card does not.
  // A quote's checkout has its own draft, so it never resumes (or drops) the cart's.
  const [draft, updateDraft] = useCheckoutDraft(
    user ? (quote ? `${user.id}:quote:${quote.quoteId}` : user.id) : null,
  );
  const { address, shipping } = draft;
  const [choice, setChoice] = useState<PaymentChoice | null>(null);
  const step: Step = draft.step === 'review' && !choice ? 'payment' : draft.step;
  const setStep = (to: Step) => updateDraft({ step: to });
  const placedCart = useRef<CartFieldsFragment | null>(null);
  const navigate = useNavigate();
  const payment = usePlaceOrder({
    quote,
    failedMessage: t('checkout.failed'),
    onDone: (order) => {
      if (placedCart.current) reportStep('checkout completed', placedCart.current, order);
      navigate(confirmationPath(order.id));
    },
  });
  const cartQuery = useQuery(CheckoutCartDocument, {
    variables: { state: address?.state ?? null },
    fetchPolicy: 'cache-and-network',
    skip: Boolean(quote),
  });
  const quoteQuery = useQuery(QuoteCheckoutDocument, {
    variables: { id: quote?.quoteId ?? '', revision: quote?.revision ?? 0, state: address?.state ?? null },
    // Never into the cache: the quote is shown as a Cart, which would stand in for the buyer's own cart there.
    fetchPolicy: 'no-cache',
    skip: !quote,
  });
  const loading = quote ? quoteQuery.loading : cartQuery.loading;
  // While the cart is re-read for the chosen state (its tax), the last answer stays on screen: the next step shows
  // at once and its heading takes the focus, instead of a skeleton.
  const cart = quote
    ? ((quoteQuery.data ?? quoteQuery.previousData)?.quoteCheckout ?? null)
    : ((cartQuery.data ?? cartQuery.previousData)?.cart ?? null);
  const quoteRefused = quote && quoteQuery.error ? errorMessage(quoteQuery.error, t('quotes.failed')) : null;
  const started = useRef(false);
  useEffect(() => {
    if (!cart || cart.orderLines.length === 0) return;
    // What is being bought: once the order is placed the cart is empty, and the purchase reports these lines.
    placedCart.current = cart;
    if (!started.current) {
      started.current = true;
      reportStep('started checkout', cart);
    }
  }, [cart]);
  // A new step takes the keyboard's focus and comes into view at its heading: the button that led there is gone,
  // and a screen reader announces where the shopper now is.
  const main = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const heading = main.current?.querySelector('h2');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [step]);

  const { state } = payment;
  const placed = state.step === 'declined' || state.step === 'challenge' || state.step === 'done';
  // Once the order exists the draft has done its work: a reload shows the order, not the steps again.
  useEffect(() => {
    if (placed) clearCheckoutDraft();
  }, [placed]);

  // An order placed whose payment did not go through: it stays on screen, whatever the (now empty) cart says.
  if (state.step === 'declined' || state.step === 'challenge') {
    return (
      <div className="container section">
        <h1>{t('checkout.title')}</h1>
        <p className="lead" data-testid="order-saved">
          {t('checkout.orderSaved', { number: orderNumberLabel(state.order.orderNumber) })}
        </p>
        <div className="checkout">
          <div className="checkout__main">
            <OrderPayment payment={payment} terms={user?.accounts[0]?.netTermsDays ?? null} />
          </div>
          <aside className="checkout__summary panel" aria-labelledby="order-totals-title">
            <h2 id="order-totals-title">{t('cart.summary')}</h2>
            <OrderTotalsList order={state.order} testId="checkout-total" />
          </aside>
        </div>
      </div>
    );
  }
  if (quoteRefused) {
    return (
      <div className="container section page--narrow">
        <h1>{t('checkout.title')}</h1>
        <p className="notice notice--warning" role="alert">
          {message(quoteRefused)}
        </p>
        <Link to={quotePagePath(quote!.quoteId)}>{t('quotes.backToQuote')}</Link>
      </div>
    );
  }
  if ((loading && !cart) || status === 'loading' || canOrder === null || !cart) {
    return (
      <div className="container section" aria-busy="true">
        <h1>{t('checkout.title')}</h1>
        <Skeleton rows={2} />
      </div>
    );
  }
  if (cart.orderLines.length === 0) {
    return (
      <div className="container section page--narrow">
        <h1>{t('checkout.title')}</h1>
        <p className="lead">{t('page.cart.text')}</p>
        <Link className="btn btn--primary" to={ROUTES.search}>
          {t('cart.browse')}
        </Link>
      </div>
    );
  }
  const at = canOrder === false ? 0 : STEPS.indexOf(step);
  return (
    <div className="container section">
      <h1>{t('checkout.title')}</h1>
      <ol className="steps" aria-label={t('checkout.steps')}>
        {STEPS.map((s, i) => (
          <li
            key={s}
            className={i === at ? 'steps__current' : i < at ? 'steps__done' : ''}
            aria-current={i === at ? 'step' : undefined}
          >
            {i < at ? (
              <button type="button" className="link-button" onClick={() => setStep(s)}>
                {t(`checkout.step.${s}`)}
              </button>
            ) : (
              t(`checkout.step.${s}`)
            )}
          </li>
        ))}
      </ol>
      <div className="checkout">
        <div className="checkout__main" ref={main}>
          {canOrder === false ? (
            <ViewerNotice lines={quote ? undefined : cart.orderLines} />
          ) : cart.hasUnpricedItem ? (
            <p className="notice" role="alert">
              {t('checkout.unpriced')} <Link to={ROUTES.cart}>{t('checkout.backToCart')}</Link>
            </p>
          ) : step === 'address' ? (
            <AddressStep
              cart={cart}
              user={user}
              initial={draft.typing.address ?? address}
              onTyping={(typed) => updateDraft((d) => ({ typing: { ...d.typing, address: typed } }))}
              onDone={(values) =>
                updateDraft((d) => ({
                  address: values,
                  step: 'shipping',
                  typing: { ...d.typing, address: undefined },
                }))
              }
            />
          ) : step === 'shipping' ? (
            <ShippingStep
              initial={draft.typing.shipping ?? shipping}
              onTyping={(typed) => updateDraft((d) => ({ typing: { ...d.typing, shipping: typed } }))}
              onDone={(values) => {
                updateDraft((d) => ({
                  shipping: values,
                  step: 'payment',
                  typing: { ...d.typing, shipping: undefined },
                }));
                reportStep('shipping details added', cart);
              }}
            />
          ) : step === 'payment' ? (
            <PaymentStep
              terms={user?.accounts[0]?.netTermsDays ?? null}
              onDone={(chosen) => {
                setChoice(chosen);
                reportStep('payment details added', cart);
                setStep('review');
              }}
            />
          ) : (
            <ReviewStep
              cart={cart}
              address={address!}
              shipping={shipping!}
              choice={choice!}
              payment={payment}
              onChangePayment={() => setStep('payment')}
              onBlocked={() => setStep('address')}
            />
          )}
        </div>
        <CheckoutSidebar cart={cart} />
      </div>
    </div>
  );
}

/** The cart's totals beside the steps, with the disclaimer. */
function CheckoutSidebar({ cart }: { cart: CartFieldsFragment }) {
  const t = useT();
  return (
    <aside className="checkout__summary panel" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">{t('cart.summary')}</h2>
      <CartTotals cart={cart} testIds="checkout" />
      <p className="cart__disclaimer">{t('checkout.disclaimer')}</p>
    </aside>
  );
}
