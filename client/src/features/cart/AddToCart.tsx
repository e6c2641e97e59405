import { CART_LIMITS, type CartItem } from '@domain/cart';
import { lineMaximum, lineMinimum, quantityRefusal, type QuantityRules } from '@domain/line-quantity';
import { configurationProblem } from '@domain/configuration';
import { packSizeOf, productTiers, type PricedProduct } from '@domain/price-terms';
import { ShipDate, type PartStockFields } from '../../components/ShipDate';
import { useId, useState } from 'react';
import { PriceTiers } from '../../components/Price';
import { useMessage, useT } from '../../i18n';
import { SaveToList } from '../lists';
import { useCartActions } from './useCart';

/** The add-to-cart button: adds `items` (toast on success), busy while the call runs. */
export function AddToCartButton({
  items,
  name,
  disabled = false,
}: {
  items: CartItem[];
  name: string;
  disabled?: boolean;
}) {
  const t = useT();
  const actions = useCartActions();
  const [busy, setBusy] = useState(false);
  return (
    // Busy, it stays enabled (aria-disabled) so the keyboard's focus stays on it; a second press waits.
    <button
      type="button"
      className="btn btn--primary btn--large"
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy}
      onClick={() => {
        if (busy) return;
        setBusy(true);
        void actions
          .add(items, name)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {t('cart.add')}
    </button>
  );
}

/** Add to cart and save to a list, side by side, for the same items. */
export function PurchaseActions({
  items,
  name,
  disabled,
}: {
  items: CartItem[];
  name: string;
  disabled: boolean;
}) {
  return (
    <div className="purchase-actions">
      <AddToCartButton items={items} name={name} disabled={disabled} />
      <SaveToList items={items} disabled={disabled} />
    </div>
  );
}

/**
 * The quantity of a line about to be added (domain/cart-line.ts): it starts at the part's minimum (1 pack for a part
 * sold in packs), and what is wrong with it is said next to it before anything is sent: empty, not a number, under
 * the minimum, or over the part's maximum per order (the server's own words).
 */
export function useLineQuantity(product: QuantityRules & { id: string }) {
  const t = useT();
  const say = useMessage();
  const minimum = lineMinimum(product);
  const maximum = lineMaximum(product) ?? CART_LIMITS.maxQuantity;
  const [quantity, setQuantity] = useState(String(minimum));
  const problem = configurationProblem(
    { required: true, minValue: minimum, maxValue: CART_LIMITS.maxQuantity, step: 1 },
    quantity,
  );
  // Over the part's maximum per order (below the cart's own limit or not), the buyer reads why.
  const refusal =
    problem === null || problem === 'max' ? quantityRefusal(product, product.id, Number(quantity)) : null;
  const error =
    refusal !== null
      ? say(refusal)
      : problem !== null
        ? t(`configurator.${problem}`, { min: minimum, max: maximum })
        : null;
  return {
    quantity,
    setQuantity,
    minimum,
    maximum,
    /** The quantity as a number, null while it cannot be added. */
    valid: error === null ? Number(quantity) : null,
    error,
    label: product.minTransfer > 1 ? t('cart.packs') : t('configurator.quantity'),
  };
}

/** Quantity and add-to-cart for a product without options, with its volume pricing for the quantity entered. */
export function QuantityAddToCart({
  product,
}: {
  product: PricedProduct & QuantityRules & { id: string; name: string; stock?: PartStockFields };
}) {
  const id = useId();
  const { quantity, setQuantity, minimum, maximum, valid, error, label } = useLineQuantity(product);
  return (
    <div className="add-to-cart">
      <div className="field add-to-cart__qty">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={minimum}
          max={maximum}
          step={1}
          value={quantity}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setQuantity(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
      <PriceTiers tiers={productTiers(product)} quantity={valid ?? minimum} packSize={packSizeOf(product)} />
      {product.stock && valid !== null && <ShipDate stock={product.stock} quantity={valid} />}
      <PurchaseActions
        items={[{ itemId: product.id, qty: Number(quantity) }]}
        name={product.name}
        disabled={valid === null}
      />
    </div>
  );
}
