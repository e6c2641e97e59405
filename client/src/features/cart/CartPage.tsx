import { useDescribeConfiguration } from '../../lib/configuration';
import { LinePrice, TierNote } from '../../components/Price';
import { packSizeOf } from '@domain/price-terms';
import { lineMaximum, lineMinimum } from '@domain/line-quantity';
import { StockLine } from '../../components/StockLine';
import { ShipDate } from '../../components/ShipDate';
import { CartCodes } from './CartCodes';
import { CartTotals } from './CartTotals';
import { ViewerNotice } from './ViewerNotice';
import { orderPath, productPath, quotePath, ROUTES } from '@domain/routes';
import { orderNumberLabel } from '@domain/checkout';
import { PunchoutTransferButton, usePunchoutSession } from '../punchout';
import { useQuery } from '@apollo/client/react';
import { OrdersAwaitingPaymentDocument } from '../orders';
import { useId, useState } from 'react';
import { useMoney } from '../../lib/money';
import { Link } from 'react-router-dom';
import { Skeleton } from '../../components/Skeleton';
import { useCatalogLang, useT } from '../../i18n';
import { usePageMeta } from '../../lib/usePageMeta';
import { useSession } from '../account';
import { useCanOrder } from '../company';
import { QuickOrderForm } from '../lists';
import { QuoteRequestPanel } from '../quotes';
import { trackedLine, useCart, useCartActions, type CartLineData } from './useCart';
import { useTrackView } from '../../lib/analytics';

/** /cart: lines with quantity steppers and remove, totals and how freight was reached. */
export function CartPage() {
  const t = useT();
  usePageMeta(t('page.cart.title'));
  const { cart, loading } = useCart();
  const actions = useCartActions();
  const [clearing, setClearing] = useState(false);
  useTrackView(
    cart ? 'cart' : '',
    cart
      ? {
          type: 'cart',
          action: 'view',
          items: cart.orderLines.map((l) => trackedLine(l)),
          currency: cart.currencyCode,
        }
      : null,
  );

  if (loading || !cart) {
    return (
      <div className="container section" aria-busy="true">
        <h1>{t('page.cart.title')}</h1>
        <Skeleton rows={2} />
      </div>
    );
  }
  const empty = cart.orderLines.length === 0;
  // Quick order stays the same form whether the cart was empty or not, so what it reports survives the cart filling.
  return (
    <div className={`container section${empty ? ' page--narrow' : ''}`}>
      <h1>{t('page.cart.title')}</h1>
      {empty ? (
        <>
          <AwaitingPayment />
          <p className="lead">{t('page.cart.text')}</p>
          <Link className="btn btn--primary" to={ROUTES.search}>
            {t('cart.browse')}
          </Link>
        </>
      ) : (
        <div className="cart">
          <ul className="cart__lines" aria-label={t('cart.lines')}>
            {cart.orderLines.map((line) => (
              <CartLineRow key={line.cartLineId} line={line} />
            ))}
            <li className="cart__clear">
              <button
                type="button"
                className="btn btn--link"
                disabled={clearing}
                onClick={() => {
                  if (!window.confirm(t('cart.clearConfirm', { count: cart.orderLines.length }))) return;
                  setClearing(true);
                  void actions
                    .clear()
                    .catch(() => undefined)
                    .finally(() => setClearing(false));
                }}
              >
                {t('cart.clear')}
              </button>
            </li>
          </ul>
          <CartSummary cart={cart} />
        </div>
      )}
      {!empty && (
        <QuoteRequestPanel
          lines={cart.orderLines.map((l) => ({
            cartLineId: l.cartLineId,
            itemId: l.itemId,
            name: l.name,
            quantity: l.quantity,
            price: l.price,
          }))}
        />
      )}
      <QuickOrderForm />
    </div>
  );
}

function CartLineRow({ line }: { line: CartLineData }) {
  const describeConfig = useDescribeConfiguration();
  const t = useT();
  const catalogLang = useCatalogLang();
  const signedIn = useSession().status === 'authenticated';
  const money = useMoney();
  const actions = useCartActions();
  const [busy, setBusy] = useState(false);
  const run = (work: Promise<unknown>) => {
    setBusy(true);
    void work.catch(() => undefined).finally(() => setBusy(false));
  };
  // A quantity sent but not answered yet is already in the cart, re-priced with its totals (useCartActions).
  const { quantity, price, lineTotal: total } = line;
  const packSize = packSizeOf(line);
  const minimum = lineMinimum(line);
  return (
    <li className="cart-line" data-testid="cart-line" aria-busy={busy}>
      <img
        className="cart-line__image"
        src={line.image ?? '/images/placeholder.jpg'}
        alt=""
        width={90}
        height={90}
        loading="lazy"
      />
      <div className="cart-line__body">
        <Link className="cart-line__name" to={productPath(line.itemId)} lang={catalogLang}>
          {line.name}
        </Link>
        <p className="cart-line__id">
          {t('product.partNumber')} {line.itemId}
        </p>
        {line.configurations.length > 0 && (
          <ul className="cart-line__config">
            {line.configurations.map((c) => (
              <li key={c.id}>{describeConfig(c)}</li>
            ))}
          </ul>
        )}
        <StockLine orderable={line.inStock || line.stock.backorderAllowed} />
        <ShipDate stock={line.stock} quantity={quantity} configured={line.configurations.length > 0} />
        {line.priceTiers.length > 1 && (
          <TierNote tiers={line.priceTiers} quantity={quantity} packSize={packSize} />
        )}
      </div>
      <div className="cart-line__price">
        {line.price === null ? (
          <span className="price price--quote">{t('product.quoteOnly')}</span>
        ) : (
          <LinePrice line={line} />
        )}
      </div>
      <QuantityStepper
        label={t('cart.quantityOf', { name: line.name })}
        value={quantity}
        min={minimum}
        max={lineMaximum(line)}
        disabled={busy}
        onChange={(qty) => run(actions.setQuantity(line, qty))}
      />
      <div className="cart-line__total" data-testid="line-total">
        {price === null ? '—' : money(total)}
        {line.discount > 0 && (
          // The promotions' share of the line (decision 079).
          <span className="cart-line__discount" data-testid="line-discount">
            {t('cart.promotion.lineDiscount', { amount: money(line.discount) })}
          </span>
        )}
      </div>
      <div className="cart-line__remove">
        {signedIn && (
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => run(actions.saveForLater(line))}
          >
            {t('cart.saveForLater')}
            <span className="visually-hidden"> {line.name}</span>
          </button>
        )}
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => run(actions.remove(line))}
        >
          {t('cart.remove')}
          <span className="visually-hidden"> {line.name}</span>
        </button>
      </div>
    </li>
  );
}

/** − / number / +: commits on the buttons, on Enter and on leaving the field. */
function QuantityStepper({
  label,
  value,
  min,
  max,
  disabled,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  /** The part's maximum per order: + stops there (a number typed past it is the server's to refuse). */
  max: number | null;
  disabled: boolean;
  onChange: (qty: number) => void;
}) {
  const t = useT();
  const id = useId();
  // What is typed, until it is committed (then the cart's quantity shows again).
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(value);
  const commit = () => {
    const qty = Number(text);
    setDraft(null);
    if (Number.isInteger(qty) && qty >= min && qty !== value) onChange(qty);
  };
  return (
    <div className="stepper" role="group" aria-label={label}>
      <button
        type="button"
        aria-label={t('cart.decrease')}
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max ?? undefined}
        step={1}
        value={text}
        disabled={disabled}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      <button
        type="button"
        aria-label={t('cart.increase')}
        disabled={disabled || (max !== null && value >= max)}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}

function CartSummary({ cart }: { cart: NonNullable<ReturnType<typeof useCart>['cart']> }) {
  const t = useT();
  // A company's Viewer is told here, not at Place order, and may send the cart to a buyer instead.
  const canOrder = useCanOrder();
  const punchout = usePunchoutSession();
  return (
    <aside className="cart__summary panel" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">{t('cart.summary')}</h2>
      <CartTotals cart={cart} testIds="cart" showFreightRule />
      {/* A punchout session's prices are the procurement system's: no code reaches them (decision 079). */}
      {!punchout && <CartCodes cart={cart} />}
      {cart.hasUnpricedItem && (
        <p className="notice" role="note">
          {t('cart.unpriced')}{' '}
          <Link
            to={quotePath(
              cart.orderLines
                .filter((l) => l.price === null)
                .map((l) => `${l.quantity} x ${l.itemId} — ${l.name}`)
                .join('\n'),
            )}
          >
            {t('product.requestQuote')}
          </Link>
        </p>
      )}
      {punchout ? (
        // A punchout session sends the cart back to the procurement system instead of checking out (decision 072).
        !punchout.readOnly && <PunchoutTransferButton disabled={cart.hasUnpricedItem} />
      ) : canOrder === false ? (
        <ViewerNotice lines={cart.orderLines} />
      ) : cart.hasUnpricedItem ? (
        <button type="button" className="btn btn--primary btn--large cart__checkout" disabled>
          {t('cart.checkout')}
        </button>
      ) : (
        <Link className="btn btn--primary btn--large cart__checkout" to={ROUTES.checkout}>
          {t('cart.checkout')}
        </Link>
      )}
      <p className="cart__disclaimer">{t('checkout.disclaimer')}</p>
    </aside>
  );
}

/**
 * Orders placed whose payment did not go through: their lines left the cart for the order, so an empty cart says
 * where they are and how to pay.
 */
function AwaitingPayment() {
  const t = useT();
  const { data } = useQuery(OrdersAwaitingPaymentDocument, { fetchPolicy: 'cache-and-network', ssr: false });
  const orders = data?.ordersAwaitingPayment ?? [];
  if (orders.length === 0) return null;
  return (
    <div className="notice notice--warning" role="status" data-testid="awaiting-payment">
      {orders.map((o) => (
        <p key={o.id}>
          {t('cart.awaitingPayment', { number: orderNumberLabel(o.orderNumber) })}{' '}
          <Link to={orderPath(o.id)}>{t('checkout.payNow')}</Link>
        </p>
      ))}
    </div>
  );
}
