import type { CartItem } from '@domain/cart';
import { configurationProblem } from '@domain/configuration';
import { packSizeOf, productTiers, type PricedProduct } from '@domain/price-terms';
import { ShipDate, type PartStockFields } from '../../components/ShipDate';
import { useId, useState } from 'react';
import { PriceTiers } from '../../components/Price';
import { useT } from '../../i18n';
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

/** Quantity and add-to-cart for a product without options, with its volume pricing for the quantity entered. */
export function QuantityAddToCart({
  product,
}: {
  product: PricedProduct & { id: string; name: string; stock?: PartStockFields };
}) {
  const t = useT();
  const id = useId();
  const minimum = product.minTransfer > 1 ? 1 : Math.max(1, product.minimumPurchaseQuantity);
  const [quantity, setQuantity] = useState(String(minimum));
  const problem = configurationProblem(
    { required: true, minValue: minimum, maxValue: 100_000, step: 1 },
    quantity,
  );
  return (
    <div className="add-to-cart">
      <div className="field add-to-cart__qty">
        <label htmlFor={id}>{product.minTransfer > 1 ? t('cart.packs') : t('configurator.quantity')}</label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={minimum}
          step={1}
          value={quantity}
          aria-invalid={problem !== null}
          onChange={(e) => setQuantity(e.target.value)}
        />
        {problem && (
          <p className="field__error">{t(`configurator.${problem}`, { min: minimum, max: 100_000 })}</p>
        )}
      </div>
      <PriceTiers
        tiers={productTiers(product)}
        quantity={problem ? minimum : Number(quantity)}
        packSize={packSizeOf(product)}
      />
      {product.stock && !problem && <ShipDate stock={product.stock} quantity={Number(quantity)} />}
      <PurchaseActions
        items={[{ itemId: product.id, qty: Number(quantity) }]}
        name={product.name}
        disabled={problem !== null}
      />
    </div>
  );
}
