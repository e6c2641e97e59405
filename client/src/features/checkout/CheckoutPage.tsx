import { failureOf, errorMessage } from '../../lib/failure';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { OrderTotalsList } from '../orders/OrderTotals';
import { useDescribeConfiguration } from '../../lib/configuration';
import { FocusFirstError, validateAddress, StreetFields, Field, SelectField } from '../../components/form';
import { linesBlockedIn } from '@domain/cart';
import { CARRIERS, orderNumberLabel, TEST_CARDS } from '@domain/checkout';
import { shippingAddressSchemaFor, shippingDetailsSchema } from '@domain/checkout.schema';
import { addressRules, type Country } from '@domain/regions';
import { confirmationPath, ROUTES } from '@domain/routes';
import { Form, Formik, useField, useFormikContext } from 'formik';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { isLocale } from '@domain/constants';
import { useShipsTo } from '../../lib/site';
import { useMoney } from '../../lib/money';
import { CartTaxRows } from '../../components/TaxRows';
import { Link, useNavigate } from 'react-router-dom';
import { string } from 'yup';
import { AddressLines } from '../../components/AddressLines';
import { Skeleton } from '../../components/Skeleton';
import {
  CheckoutCartDocument,
  PlaceOrderDocument,
  type PlaceOrderFieldsFragment,
} from './graphql/checkout.generated';
import { CardForm, OrderPayment, PayByChoice, PurchaseOrderForm, type Card } from './OrderPayment';
import type { CartFieldsFragment } from '../cart/graphql/cart.generated';
import { useMessage, useT } from '../../i18n';
import { track, type CheckoutStep } from '../../lib/analytics';
import { trackedLine } from '../cart/useCart';
import { usePageMeta } from '../../lib/usePageMeta';
import { useSession } from '../account/session';

type Step = 'address' | 'shipping' | 'payment' | 'review';
const STEPS: Step[] = ['address', 'shipping', 'payment', 'review'];

interface AddressValues {
  contactEmail: string;
  name: string;
  companyName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zip: string;
  email: string;
  phone: string;
  isResidential: boolean;
}
interface ShippingValues {
  carrierId: string;
  carrierMethod: string;
  note: string;
}
type PaymentChoice = { kind: 'card'; card: Card } | { kind: 'purchaseOrder'; poNumber: string };

/** The address step's rules: the shipping address of the site's country (decision 033), and the contact e-mail. */
const addressFormSchema = (country: Country) =>
  shippingAddressSchemaFor(country).shape({
    contactEmail: string()
      .trim()
      .required('E-mail is a required field')
      .email('E-mail must be a valid email'),
  });

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
  track({
    type: 'checkout',
    step,
    value: order?.total ?? cart.subTotal,
    currency: order?.currencyCode ?? cart.currencyCode,
    orderId: order?.id,
    items: cart.orderLines.map((l) => trackedLine(l)),
  });
}

export function CheckoutPage() {
  const t = useT();
  usePageMeta(t('checkout.title'));
  const { user, status } = useSession();
  const [step, setStep] = useState<Step>('address');
  const [address, setAddress] = useState<AddressValues | null>(null);
  const [shipping, setShipping] = useState<ShippingValues | null>(null);
  const [payment, setPayment] = useState<PaymentChoice | null>(null);
  // An order placed whose payment did not go through: it stays on screen, whatever the (now empty) cart says.
  const [pending, setPending] = useState<PlaceOrderFieldsFragment | null>(null);
  const placedCart = useRef<CartFieldsFragment | null>(null);
  const navigate = useNavigate();
  const client = useApolloClient();
  const { data, previousData, loading } = useQuery(CheckoutCartDocument, {
    variables: { state: address?.state ?? null },
    fetchPolicy: 'cache-and-network',
  });
  // While the cart is re-read for the chosen state (its tax), the last answer stays on screen: the next step shows
  // at once and its heading takes the focus, instead of a skeleton.
  const cart = (data ?? previousData)?.cart ?? null;
  const started = useRef(false);
  useEffect(() => {
    if (cart && cart.orderLines.length > 0 && !started.current) {
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

  const completed = (result: PlaceOrderFieldsFragment) => {
    if (placedCart.current) reportStep('checkout completed', placedCart.current, result.order);
    navigate(confirmationPath(result.order.id));
  };

  if (pending) {
    return (
      <div className="container section">
        <h1>{t('checkout.title')}</h1>
        <p className="lead" data-testid="order-saved">
          {t('checkout.orderSaved', { number: orderNumberLabel(pending.order.orderNumber) })}
        </p>
        <div className="checkout">
          <div className="checkout__main">
            <OrderPayment
              order={pending.order}
              declined={pending.paymentError ?? null}
              challenge={pending.nextAction ?? null}
              terms={user?.accounts[0]?.netTermsDays ?? null}
              onPaid={completed}
            />
          </div>
          <OrderTotals order={pending.order} />
        </div>
      </div>
    );
  }
  if ((loading && !cart) || status === 'loading' || !cart) {
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
  const at = STEPS.indexOf(step);
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
          {cart.hasUnpricedItem ? (
            <p className="notice" role="alert">
              {t('checkout.unpriced')} <Link to={ROUTES.cart}>{t('checkout.backToCart')}</Link>
            </p>
          ) : step === 'address' ? (
            <AddressStep
              cart={cart}
              user={user}
              initial={address}
              onDone={(values) => {
                setAddress(values);
                setStep('shipping');
              }}
            />
          ) : step === 'shipping' ? (
            <ShippingStep
              initial={shipping}
              onDone={(values) => {
                setShipping(values);
                reportStep('shipping details added', cart);
                setStep('payment');
              }}
            />
          ) : step === 'payment' ? (
            <PaymentStep
              terms={user?.accounts[0]?.netTermsDays ?? null}
              onDone={(choice) => {
                setPayment(choice);
                reportStep('payment details added', cart);
                setStep('review');
              }}
            />
          ) : (
            <ReviewStep
              cart={cart}
              address={address!}
              shipping={shipping!}
              payment={payment!}
              onChangePayment={() => setStep('payment')}
              onBlocked={() => setStep('address')}
              onPlaced={(result) => {
                placedCart.current = cart;
                // The ordered lines have left the cart: the header's count follows.
                void client.refetchQueries({ include: ['Cart'] });
                if (result.nextAction || result.paymentError) setPending(result);
                else completed(result);
              }}
            />
          )}
        </div>
        <CheckoutSidebar cart={cart} />
      </div>
    </div>
  );
}

function AddressStep({
  cart,
  user,
  initial,
  onDone,
}: {
  cart: CartFieldsFragment;
  user: ReturnType<typeof useSession>['user'];
  initial: AddressValues | null;
  onDone: (values: AddressValues) => void;
}) {
  const t = useT();
  const { locale } = useIntl();
  // The site ships within its country: its saved addresses there, its address rules (decision 033).
  const country = useShipsTo();
  const rules = addressRules(country);
  const schema = useMemo(() => addressFormSchema(country), [country]);
  // The last used address first (then the primary one), with the buyer's company on each.
  const saved = [...(user?.addresses ?? [])]
    .filter((a) => a.country === country)
    .sort(
      (a, b) =>
        (b.lastUsedAt ?? '').localeCompare(a.lastUsedAt ?? '') || Number(b.primary) - Number(a.primary),
    );
  const primary = saved[0];
  const company = user?.accounts[0]?.company ?? '';
  const fromSaved = (a: (typeof saved)[number]): AddressValues => ({
    contactEmail: user?.emailAddress ?? '',
    name: a.name,
    companyName: company,
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2 ?? '',
    city: a.city,
    state: a.state,
    zip: a.zip,
    email: a.email,
    phone: a.phone ?? '',
    isResidential: false,
  });
  const blank: AddressValues = {
    contactEmail: user?.emailAddress ?? '',
    name: user ? `${user.firstName} ${user.lastName}` : '',
    companyName: company,
    addressLine1: '',
    addressLine2: '',
    city: '',
    state: '',
    zip: '',
    email: user?.emailAddress ?? '',
    phone: user?.phone ?? '',
    isResidential: false,
  };
  return (
    <section aria-labelledby="address-title">
      <h2 id="address-title">{t('checkout.step.address')}</h2>
      <Formik<AddressValues>
        initialValues={initial ?? (primary ? fromSaved(primary) : blank)}
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const state = values.state.toUpperCase();
          const blocked = linesBlockedIn(
            cart.orderLines.map((l) => ({ ...l, id: l.itemId })),
            state,
          );
          if (blocked.length > 0) {
            helpers.setStatus(
              t('checkout.blocked', {
                items: blocked.map((l) => `${l.name} (${l.itemId})`).join(', '),
                state: rules.regionName(state, isLocale(locale) ? locale : 'en-US') ?? state,
                count: blocked.length,
              }),
            );
            return;
          }
          const check = await validateAddress({
            name: values.name,
            addressLine1: values.addressLine1,
            city: values.city,
            state,
            zip: values.zip,
            country,
            email: values.email,
          });
          if (!check.success) return helpers.setErrors(check.errors);
          helpers.setStatus(null);
          // As the store keeps it: "h3a1g1" is "H3A 1G1".
          onDone({ ...values, state, zip: rules.normalisePostal(values.zip) });
        }}
      >
        {({ isSubmitting, status, setValues, values }) => (
          <Form method="post" className="form" noValidate aria-label={t('checkout.step.address')}>
            <FocusFirstError />
            {saved.length > 0 && (
              <fieldset className="saved-addresses">
                <legend>{t('checkout.savedAddresses')}</legend>
                {saved.map((a) => (
                  <label key={a.id} className="saved-address">
                    <input
                      type="radio"
                      name="saved"
                      checked={
                        values.addressLine1 === a.addressLine1 &&
                        values.zip === a.zip &&
                        values.name === a.name
                      }
                      onChange={() => void setValues(fromSaved(a))}
                    />
                    <span>
                      <strong>{a.name}</strong>
                      {company && ` — ${company}`} — {a.addressLine1}, {a.city}, {a.state} {a.zip}
                      {a === saved[0] && a.lastUsedAt && (
                        <span className="tag">{t('checkout.lastUsed')}</span>
                      )}
                    </span>
                  </label>
                ))}
                <label className="saved-address">
                  <input type="radio" name="saved" onChange={() => void setValues(blank)} />
                  <span>{t('checkout.newAddress')}</span>
                </label>
              </fieldset>
            )}
            {!user && (
              <>
                <Field
                  name="contactEmail"
                  label={t('checkout.contactEmail')}
                  type="email"
                  autoComplete="email"
                />
                <DeliveryEmailFollowsContact />
              </>
            )}
            <Field name="name" label={t('checkout.recipient')} autoComplete="name" />
            <Field name="companyName" label={t('checkout.company')} autoComplete="organization" />
            <StreetFields country={country} />
            <Field name="email" label={t('checkout.deliveryEmail')} type="email" autoComplete="email" />
            <Field name="phone" label={t('form.phone')} type="tel" autoComplete="tel" />
            <CheckboxField name="isResidential" label={t('checkout.residential')} />
            {status && (
              <p className="form__error" role="alert" data-testid="state-restriction">
                {status}
              </p>
            )}
            <button type="submit" className="btn btn--primary btn--large" disabled={isSubmitting}>
              {t('checkout.continue')}
            </button>
          </Form>
        )}
      </Formik>
    </section>
  );
}

/** A guest types the e-mail once: the delivery contact e-mail starts as the order confirmation's. */
function DeliveryEmailFollowsContact() {
  const { values, touched, setFieldValue } = useFormikContext<AddressValues>();
  useEffect(() => {
    if (touched.contactEmail && !values.email && values.contactEmail)
      void setFieldValue('email', values.contactEmail);
    // Only when the contact e-mail is left: the delivery e-mail stays the buyer's once typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [touched.contactEmail]);
  return null;
}

function CheckboxField({ name, label }: { name: string; label: string }) {
  const [field] = useField({ name, type: 'checkbox' });
  const id = useId();
  return (
    <div className="field field--check">
      <label htmlFor={id}>
        <input id={id} type="checkbox" {...field} /> {label}
      </label>
    </div>
  );
}

function ShippingStep({
  initial,
  onDone,
}: {
  initial: ShippingValues | null;
  onDone: (v: ShippingValues) => void;
}) {
  const t = useT();
  return (
    <section aria-labelledby="shipping-title">
      <h2 id="shipping-title">{t('checkout.step.shipping')}</h2>
      <Formik<ShippingValues>
        initialValues={initial ?? { carrierId: 'ups', carrierMethod: 'Ground', note: '' }}
        validationSchema={shippingDetailsSchema}
        onSubmit={(values) => onDone(values)}
      >
        {({ values, setFieldValue }) => {
          const carrier = CARRIERS.find((c) => c.id === values.carrierId) ?? CARRIERS[0];
          return (
            <Form method="post" className="form" noValidate aria-label={t('checkout.step.shipping')}>
              <FocusFirstError />
              <fieldset className="carriers">
                <legend>{t('checkout.carrier')}</legend>
                {CARRIERS.map((c) => (
                  <label key={c.id} className="saved-address">
                    <input
                      type="radio"
                      name="carrierId"
                      value={c.id}
                      checked={values.carrierId === c.id}
                      onChange={() => {
                        void setFieldValue('carrierId', c.id);
                        void setFieldValue('carrierMethod', c.methods[0]);
                      }}
                    />
                    <span>{c.name}</span>
                  </label>
                ))}
              </fieldset>
              <SelectField
                name="carrierMethod"
                label={t('checkout.method')}
                placeholder={t('checkout.chooseMethod')}
                options={carrier.methods.map((m) => ({ value: m, label: m }))}
              />
              <NoteField />
              <p className="field__hint">{t('checkout.freightNote')}</p>
              <button type="submit" className="btn btn--primary btn--large">
                {t('checkout.continue')}
              </button>
            </Form>
          );
        }}
      </Formik>
    </section>
  );
}

function NoteField() {
  const t = useT();
  const message = useMessage();
  const [field, meta] = useField('note');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('checkout.note')}</label>
      <textarea id={id} rows={3} maxLength={500} {...field} aria-invalid={!!meta.error} />
      {meta.error && <p className="field__error">{message(meta.error)}</p>}
    </div>
  );
}

/**
 * Payment: a card (it goes to the payment provider, which answers a payment method: brand, last four), or a
 * purchase order for accounts approved on net terms.
 */
function PaymentStep({ terms, onDone }: { terms: number | null; onDone: (choice: PaymentChoice) => void }) {
  const t = useT();
  const [kind, setKind] = useState<'card' | 'purchaseOrder'>('card');
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
          <CardForm submitLabel={t('checkout.continue')} onCard={(card) => onDone({ kind: 'card', card })} />
        </>
      )}
    </section>
  );
}

function ReviewStep({
  cart,
  address,
  shipping,
  payment,
  onChangePayment,
  onBlocked,
  onPlaced,
}: {
  cart: CartFieldsFragment;
  address: AddressValues;
  shipping: ShippingValues;
  payment: PaymentChoice;
  onChangePayment: () => void;
  onBlocked: () => void;
  /** The order is placed: paid, or waiting for a payment (declined, or the bank's check). */
  onPlaced: (result: PlaceOrderFieldsFragment) => void;
}) {
  const describeConfig = useDescribeConfiguration();
  const t = useT();
  const message = useMessage();
  const [placeOrder] = useMutation(PlaceOrderDocument);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // One key per attempt: reused only when an attempt got no answer (so a retry cannot double the order).
  const key = useRef<string>(crypto.randomUUID());

  const place = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await placeOrder({
        variables: {
          idempotencyKey: key.current,
          input: {
            contactEmail: address.contactEmail,
            shippingAddress: {
              name: address.name,
              companyName: address.companyName || null,
              addressLine1: address.addressLine1,
              addressLine2: address.addressLine2 || null,
              city: address.city,
              state: address.state,
              zip: address.zip,
              email: address.email,
              phone: address.phone || null,
              isResidential: address.isResidential,
            },
            shippingDetails: shipping,
            payment:
              payment.kind === 'card'
                ? { kind: 'card', paymentMethodId: payment.card.id }
                : { kind: 'purchaseOrder', poNumber: payment.poNumber },
          },
        },
      });
      if (data) onPlaced(data.placeOrder);
    } catch (err) {
      const answered = Boolean((err as { errors?: unknown[] }).errors?.length);
      if (answered) key.current = crypto.randomUUID();
      const fields = failureOf(err).fields;
      if (fields['shippingAddress.state']) onBlocked();
      setFailure(errorMessage(err, t('checkout.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="review-title" className="review">
      <h2 id="review-title">{t('checkout.step.review')}</h2>
      <div className="review__grid">
        <div>
          <h3>{t('checkout.shipTo')}</h3>
          <address>
            <AddressLines address={address} />
          </address>
        </div>
        <div>
          <h3>{t('checkout.step.shipping')}</h3>
          <p>
            {CARRIERS.find((c) => c.id === shipping.carrierId)?.name} {shipping.carrierMethod}
          </p>
          {shipping.note && <p className="field__hint">{shipping.note}</p>}
        </div>
        <div>
          <h3>{t('checkout.step.payment')}</h3>
          <p>
            {payment.kind === 'card'
              ? t('checkout.cardEnding', {
                  brand: payment.card.brand.toUpperCase(),
                  last4: payment.card.last4,
                })
              : t('orders.purchaseOrder', { number: payment.poNumber })}{' '}
            <button type="button" className="link-button" onClick={onChangePayment}>
              {t('checkout.change')}
            </button>
          </p>
        </div>
      </div>
      <ul className="review__lines">
        {cart.orderLines.map((l) => (
          <li key={l.cartLineId}>
            <span>
              {l.quantity} × {l.name}
              {l.configurations.length > 0 && (
                <small> ({l.configurations.map((c) => describeConfig(c)).join(', ')})</small>
              )}
            </span>
            <ReviewAmount value={l.lineTotal} />
          </li>
        ))}
      </ul>
      {failure && (
        <p className="form__error" role="alert" data-testid="checkout-error">
          {message(failure)}
        </p>
      )}
      <button
        type="button"
        className="btn btn--primary btn--large"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void place()}
      >
        {t('checkout.placeOrder')}
      </button>
    </section>
  );
}

function ReviewAmount({ value }: { value: number }) {
  const money = useMoney();
  return <span>{money(value)}</span>;
}

/** The placed order's totals, beside its payment. */
function OrderTotals({ order }: { order: PlaceOrderFieldsFragment['order'] }) {
  const t = useT();
  return (
    <aside className="checkout__summary panel" aria-labelledby="order-totals-title">
      <h2 id="order-totals-title">{t('cart.summary')}</h2>
      <OrderTotalsList order={order} testId="checkout-total" />
    </aside>
  );
}

function CheckoutSidebar({ cart }: { cart: CartFieldsFragment }) {
  const t = useT();
  const money = useMoney();
  return (
    <aside className="checkout__summary panel" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">{t('cart.summary')}</h2>
      <dl className="totals">
        <div>
          <dt>{t('cart.subtotal', { count: cart.totalQuantity })}</dt>
          <dd>{money(cart.subTotal)}</dd>
        </div>
        <div>
          <dt>{t('cart.freight')}</dt>
          <dd>{cart.freightAmt === 0 ? t('cart.freeFreight') : money(cart.freightAmt)}</dd>
        </div>
        <CartTaxRows cart={cart} money={money} testId="checkout-tax" />
        <div className="totals__total">
          <dt>{t('cart.total')}</dt>
          <dd data-testid="checkout-total">{money(cart.total)}</dd>
        </div>
      </dl>
      <p className="cart__disclaimer">{t('checkout.disclaimer')}</p>
    </aside>
  );
}
