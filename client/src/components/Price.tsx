import { fromPrice, lineTerms, optionShortName, priceTerms, type PricedProduct } from '@domain/price-terms';
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
    case 'pack':
      return <>{t('product.perPack', { price, count: terms.packSize ?? 1 })}</>;
    default:
      return <>{unitPrice(t, price, terms.unitOfMeasure)}</>;
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
