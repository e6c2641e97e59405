import { round2 } from '@domain/money';
import { nextTier, savingPct, tierAt, type PriceTier } from '@domain/price-breaks';
import {
  fromPrice,
  lineTerms,
  optionShortName,
  priceTerms,
  productTiers,
  type PricedProduct,
} from '@domain/price-terms';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '../i18n';
import { useMoney } from '../lib/money';
import { useSite } from '../lib/site';

/** A price as a listing card reads it (domain/price-terms.ts): "$12.40", "$4.50 per pack of 10", "From $2.00". */
export function CardPrice({
  terms,
}: {
  terms: {
    priceKind: string;
    fromPrice?: number | null;
    packSize?: number | null;
    unitOfMeasure: string;
    ratePrice?: number | null;
    rateUnit?: string | null;
    /** Cheaper from some quantity: the card reads "From" the lowest tier. */
    tiered?: boolean;
  };
}) {
  const t = useT();
  const money = useMoney();
  if (terms.priceKind === 'quote' || terms.fromPrice === null || terms.fromPrice === undefined) {
    return <>{t('product.quoteOnly')}</>;
  }
  const price = money(terms.fromPrice);
  switch (terms.priceKind) {
    case 'rate':
      return <>{t('product.perUnit', { price: money(terms.ratePrice ?? 0), unit: terms.rateUnit ?? '' })}</>;
    case 'configured':
      return <>{t('product.fromPrice', { price })}</>;
    case 'pack': {
      const pack = t('product.perPack', { price, count: terms.packSize ?? 1 });
      return <>{terms.tiered ? t('product.fromPrice', { price: pack }) : pack}</>;
    }
    default: {
      const unit = unitPrice(t, price, terms.unitOfMeasure);
      return <>{terms.tiered ? t('product.fromPrice', { price: unit }) : unit}</>;
    }
  }
}

/** The same terms for a product whose fields are at hand (recommendations). */
export function CardPriceOf({ product }: { product: PricedProduct }) {
  const terms = priceTerms(product);
  return (
    <CardPrice
      terms={{
        priceKind: terms.kind,
        fromPrice: fromPrice(product),
        packSize: terms.kind === 'pack' ? terms.packSize : null,
        unitOfMeasure: product.unitOfMeasure,
        ratePrice: terms.kind === 'rate' ? terms.price : null,
        rateUnit: terms.kind === 'rate' ? terms.unit : null,
        tiered: productTiers(product).length > 1,
      }}
    />
  );
}

const unitPrice = (t: ReturnType<typeof useT>, price: string, unit: string) =>
  unit === 'EA' ? price : t('product.perUnit', { price, unit });

/**
 * The product page's price: per unit, per pack with the piece price, or from the cheapest configuration with the
 * base and each option's rate (the configurator below then prices the buyer's own).
 */
export function ProductPrice({ product }: { product: PricedProduct & { marketPrice?: number | null } }) {
  const t = useT();
  const intl = useIntl();
  const money = useMoney();
  const site = useSite();
  const terms = priceTerms(product);
  const rate = (value: number) =>
    intl.formatNumber(value, {
      style: 'currency',
      currency: site.currency.toUpperCase(),
      maximumFractionDigits: 4,
    });
  switch (terms.kind) {
    case 'quote':
      return null;
    case 'rate':
      return (
        <div data-testid="product-price">
          <p className="price">{t('product.perUnit', { price: money(terms.price), unit: terms.unit })}</p>
        </div>
      );
    case 'configured':
      return (
        <div data-testid="product-price">
          <p className="price">{t('product.fromPrice', { price: money(terms.from) })}</p>
          <p className="field__hint">{t('product.configuredNote')}</p>
          <ul className="price__parts">
            {terms.base > 0 && <li>{t('product.basePrice', { price: money(terms.base) })}</li>}
            {terms.parts.map((p) => (
              <li key={p.name}>
                {t('product.optionPrice', {
                  name: optionShortName(p),
                  price: rate(p.unitPrice),
                  unit: p.unit,
                })}
              </li>
            ))}
          </ul>
        </div>
      );
    case 'pack':
      return (
        <div data-testid="product-price">
          <p className="price">
            {t('product.perPack', { price: money(terms.packPrice), count: terms.packSize })}
          </p>
          <p className="price__each">{t('cart.each', { price: money(terms.each) })}</p>
        </div>
      );
    case 'unit':
      return (
        <div data-testid="product-price">
          <p className="price">
            {product.unitOfMeasure === 'EA'
              ? t('cart.each', { price: money(terms.price) })
              : t('product.perUnit', { price: money(terms.price), unit: product.unitOfMeasure })}
          </p>
          {product.marketPrice && product.marketPrice > terms.price && (
            <p className="price price--list">
              {t('product.listPrice', { price: money(product.marketPrice) })}
            </p>
          )}
        </div>
      );
  }
}

/**
 * A line's unit price as the buyer reads it (cart, order): "$11.75 each", or for packs "$4.50 per pack of 10"; the
 * line's quantity counts those units, so quantity × this is the line total.
 */
export function LinePrice({
  line,
  currency,
}: {
  line: {
    price: number | null;
    quantity: number;
    minTransfer?: number | null;
    minimumPurchaseQuantity?: number | null;
  };
  currency?: string;
}) {
  const t = useT();
  const money = useMoney(currency);
  const { unitPrice, packSize } = lineTerms(line);
  if (unitPrice === null) return <>{t('product.quoteOnly')}</>;
  return (
    <>
      {packSize
        ? t('product.perPack', { price: money(unitPrice), count: packSize })
        : t('cart.each', { price: money(unitPrice) })}
    </>
  );
}

/**
 * The product page's volume pricing (domain/price-breaks.ts): a row per quantity tier, the one the entered
 * quantity reaches marked; under it what that quantity pays, and what the next tier would. Packs read per pack;
 * configured products (`discountOnly`) show each tier's discount, the configurator pricing the buyer's own piece.
 */
export function PriceTiers({
  tiers,
  quantity,
  packSize = null,
  discountOnly = false,
}: {
  tiers: readonly PriceTier[];
  quantity: number;
  packSize?: number | null;
  discountOnly?: boolean;
}) {
  const t = useT();
  const money = useMoney();
  const id = useId();
  if (tiers.length < 2) return null;
  const reached = tierAt(tiers, quantity);
  const price = (tier: PriceTier) => money(round2(tier.unitPrice * (packSize ?? 1)));
  return (
    <div className="price-tiers" data-testid="price-tiers">
      <table aria-labelledby={id}>
        <caption id={id}>{t('price.tiers.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t(packSize ? 'price.tiers.packs' : 'price.tiers.quantity')}</th>
            {!discountOnly && <th scope="col">{t(packSize ? 'price.tiers.perPack' : 'price.tiers.each')}</th>}
            <th scope="col">{t(discountOnly ? 'price.tiers.discount' : 'price.tiers.save')}</th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier) => (
            <tr
              key={tier.minQuantity}
              className={tier === reached ? 'price-tiers__reached' : undefined}
              aria-current={tier === reached || undefined}
            >
              <th scope="row">{t('price.tiers.from', { count: tier.minQuantity })}</th>
              {!discountOnly && <td>{price(tier)}</td>}
              <td>{tier.savingPct > 0 ? t('price.tiers.pct', { pct: tier.savingPct }) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!discountOnly && <TierNote tiers={tiers} quantity={quantity} packSize={packSize} />}
    </div>
  );
}

/** What a quantity pays against the tiers ("Volume price for 10+: …") and the next tier ("Buy 50 for …"). */
export function TierNote({
  tiers,
  quantity,
  packSize = null,
}: {
  tiers: readonly PriceTier[];
  quantity: number;
  packSize?: number | null;
}) {
  const t = useT();
  const money = useMoney();
  const reached = tierAt(tiers, quantity);
  const next = nextTier(tiers, quantity);
  const price = (tier: PriceTier) => money(round2(tier.unitPrice * (packSize ?? 1)));
  if (!next && !(reached && reached.minQuantity > 1)) return null;
  return (
    <p className="price-tiers__note" aria-live="polite" data-testid="tier-note">
      {reached && reached.minQuantity > 1 && (
        <span>
          {t(packSize ? 'price.tiers.reachedPack' : 'price.tiers.reached', {
            count: reached.minQuantity,
            price: price(reached),
            pct: reached.savingPct,
          })}
        </span>
      )}
      {next && (
        <span>
          {t(packSize ? 'price.tiers.buyMorePack' : 'price.tiers.buyMore', {
            count: next.minQuantity,
            price: price(next),
            pct: next.savingPct,
          })}
        </span>
      )}
    </p>
  );
}

/** An order line's tier as charged: "Volume price (10+), 5% off $12.50"; nothing when no tier applied. */
export function TierApplied({
  line,
  currency,
}: {
  line: {
    price: number;
    quantity: number;
    tierMinQuantity: number;
    unitPriceForOne?: number | null;
    minTransfer?: number | null;
    minimumPurchaseQuantity?: number | null;
  };
  currency?: string;
}) {
  const t = useT();
  const money = useMoney(currency);
  // An order staff edited below the tier's quantity, or to a price not under the price for one, says nothing.
  const forOne = line.unitPriceForOne ?? 0;
  if (line.tierMinQuantity < 2 || line.quantity < line.tierMinQuantity || line.price >= forOne) return null;
  return (
    <span className="price-tiers__applied" data-testid="tier-applied">
      {t('price.tiers.applied', {
        count: line.tierMinQuantity,
        pct: savingPct(forOne, line.price),
        // As the line's price reads: per pack where sold by the pack.
        price: money(lineTerms({ ...line, price: forOne }).unitPrice ?? forOne),
      })}
    </span>
  );
}
