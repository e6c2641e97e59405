import { areaMetadata, areaOf, configurationProblem, type ConfigurationProblem } from '@domain/configuration';
import { lineTotal, unitPrice } from '@domain/cart';
import { tierAt, tiersOf } from '@domain/price-breaks';
import { optionLabel } from '@domain/price-terms';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ProductDetailQuery } from './graphql/catalog.generated';
import { PriceTiers, TierNote } from '../../components/Price';
import { ShipDate } from '../../components/ShipDate';
import { useT } from '../../i18n';
import { PurchaseActions, useLineQuantity } from '../cart';
import { useMoney } from '../../lib/money';
import { useSite } from '../../lib/site';

type Product = NonNullable<ProductDetailQuery['product']>;
type Option = Product['configurationOptions'][number];

/**
 * Options of a configurable product (cut length, end tapping...) and the quantity, with the live price from
 * domain's configured-line rule: (sum of value x option price + base price) x quantity, to the cent.
 */
export function Configurator({ product }: { product: Product }) {
  const t = useT();
  const intl = useIntl();
  const id = useId();
  const options = product.configurationOptions;
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      options.flatMap((o) =>
        o.dimensions
          ? [
              [`${o.id}:width`, String(o.dimensions.width.default)],
              [`${o.id}:height`, String(o.dimensions.height.default)],
            ]
          : [[o.id, o.defaultValue === null || o.defaultValue === undefined ? '' : String(o.defaultValue)]],
      ),
    ),
  );
  // The quantity as the cart counts it (packs for a part sold in packs), held to the part's minimum and maximum.
  const quantityField = useLineQuantity(product);
  const { quantity, setQuantity } = quantityField;

  const money = useMoney();
  const site = useSite();
  // An area option is its width and height (mm), each checked against its range; its value is their area (m²).
  const dimension = (o: Option, side: 'width' | 'height') => {
    const range = o.dimensions![side];
    return configurationProblem(
      { required: true, minValue: range.min, maxValue: range.max, step: range.step },
      values[`${o.id}:${side}`],
    );
  };
  const problems = Object.fromEntries(
    options.map((o) => [
      o.id,
      o.dimensions
        ? (dimension(o, 'width') ?? dimension(o, 'height'))
        : configurationProblem(o, values[o.id]),
    ]),
  );
  const qty = Number(quantity);
  const valid = Object.values(problems).every((p) => p === null) && quantityField.error === null;
  // Priced as the cart prices it: the configured unit price to the cent, times the quantity.
  // Optional options left at 0 (no tapping, no counterbores) are not part of the line.
  const configurations = options.flatMap(
    (o): { id: string; value: number; price: number; metadata: string | null }[] => {
      if (o.dimensions) {
        const [w, h] = [Number(values[`${o.id}:width`]), Number(values[`${o.id}:height`])];
        return [{ id: o.id, value: areaOf(w, h), price: o.unitPrice, metadata: areaMetadata(w, h) }];
      }
      if (values[o.id] === '' || (!o.required && Number(values[o.id]) === 0)) return [];
      return [{ id: o.id, value: Number(values[o.id]), price: o.unitPrice, metadata: null }];
    },
  );
  const line = {
    id: product.id,
    cartLineId: '',
    cartId: '',
    name: product.name,
    price: product.price ?? null,
    basePrice: product.basePrice ?? product.price ?? 0,
    quantity: qty,
    configurations,
  };
  // The volume tier this configuration reaches at this quantity, on the lowest of the lists (decision 048).
  const optionsSum = configurations.reduce((sum, c) => sum + c.value * c.price, 0);
  const tiers = tiersOf(product.priceOffers, optionsSum);
  const unit = valid ? (tierAt(tiers, qty)?.unitPrice ?? unitPrice(line)) : null;
  const linePrice = unit === null ? null : lineTotal({ ...line, price: unit, configurations: [] });

  const message = (problem: ConfigurationProblem, min?: number | null, max?: number | null) =>
    t(`configurator.${problem}`, { min: min ?? 0, max: max ?? 0 });

  return (
    <section className="configurator" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('configurator.title')}</h2>
      {options.map((o) => {
        const problem = problems[o.id];
        const inputId = `${id}-${o.code}`;
        if (o.dimensions) {
          return (
            <fieldset className="field configurator__area" key={o.id}>
              <legend>
                {optionLabel(o)}
                {o.required && <span className="tag">{t('product.optionRequired')}</span>}
              </legend>
              {(['width', 'height'] as const).map((side) => {
                const range = o.dimensions![side];
                const sideProblem = dimension(o, side);
                return (
                  <div key={side} className="configurator__dimension">
                    <label htmlFor={`${inputId}-${side}`}>{t(`configurator.${side}`)}</label>
                    <input
                      id={`${inputId}-${side}`}
                      type="number"
                      inputMode="decimal"
                      min={range.min}
                      max={range.max}
                      step={range.step}
                      value={values[`${o.id}:${side}`]}
                      aria-invalid={sideProblem !== null}
                      aria-describedby={`${inputId}-${side}-hint`}
                      onChange={(e) => setValues((v) => ({ ...v, [`${o.id}:${side}`]: e.target.value }))}
                    />
                    <p
                      id={`${inputId}-${side}-hint`}
                      className={sideProblem ? 'field__error' : 'field__hint'}
                    >
                      {sideProblem
                        ? message(sideProblem, range.min, range.max)
                        : t('configurator.dimensionHint', {
                            min: intl.formatNumber(range.min),
                            max: intl.formatNumber(range.max),
                          })}
                    </p>
                  </div>
                );
              })}
              <p className="field__hint" data-testid="configured-area">
                {problem
                  ? '—'
                  : t('configurator.areaHint', {
                      area: intl.formatNumber(configurations.find((c) => c.id === o.id)?.value ?? 0),
                      unit: o.unit ?? '',
                      price: intl.formatNumber(o.unitPrice, {
                        style: 'currency',
                        currency: site.currency.toUpperCase(),
                        maximumFractionDigits: 4,
                      }),
                    })}
              </p>
            </fieldset>
          );
        }
        return (
          <div className="field" key={o.id}>
            <label htmlFor={inputId}>
              {optionLabel(o)}
              {o.required && <span className="tag">{t('product.optionRequired')}</span>}
            </label>
            <input
              id={inputId}
              type="number"
              inputMode="decimal"
              min={o.minValue ?? undefined}
              max={o.maxValue ?? undefined}
              step={o.step ?? 'any'}
              value={values[o.id]}
              aria-invalid={problem !== null}
              aria-describedby={`${inputId}-hint`}
              onChange={(e) => setValues((v) => ({ ...v, [o.id]: e.target.value }))}
            />
            <p id={`${inputId}-hint`} className={problem ? 'field__error' : 'field__hint'}>
              {problem
                ? message(problem, o.minValue, o.maxValue)
                : t('configurator.hint', {
                    min: intl.formatNumber(o.minValue ?? 0),
                    max: intl.formatNumber(o.maxValue ?? 0),
                    unit: o.unit ?? '',
                    price: intl.formatNumber(o.unitPrice, {
                      style: 'currency',
                      currency: site.currency.toUpperCase(),
                      maximumFractionDigits: 4,
                    }),
                  })}
            </p>
          </div>
        );
      })}
      <div className="field">
        <label htmlFor={`${id}-qty`}>{quantityField.label}</label>
        <input
          id={`${id}-qty`}
          type="number"
          inputMode="numeric"
          min={quantityField.minimum}
          max={quantityField.maximum}
          step={1}
          value={quantity}
          aria-invalid={quantityField.error !== null}
          aria-describedby={quantityField.error ? `${id}-qty-error` : undefined}
          onChange={(e) => setQuantity(e.target.value)}
        />
        {quantityField.error && (
          <p id={`${id}-qty-error`} className="field__error">
            {quantityField.error}
          </p>
        )}
      </div>
      {valid && <PriceTiers tiers={tiers} quantity={qty} discountOnly />}
      {valid && tiers.length > 1 && <TierNote tiers={tiers} quantity={qty} />}
      {valid && product.stock && <ShipDate stock={product.stock} quantity={qty} configured />}
      <dl className="configurator__price" aria-live="polite">
        <div>
          <dt>{t('configurator.unitPrice')}</dt>
          <dd data-testid="configured-unit-price">{unit === null ? '—' : money(unit)}</dd>
        </div>
        <div>
          <dt>{t('configurator.linePrice')}</dt>
          <dd data-testid="configured-line-price">{linePrice === null ? '—' : money(linePrice)}</dd>
        </div>
      </dl>
      <PurchaseActions
        disabled={!valid}
        name={product.name}
        items={[
          {
            itemId: product.id,
            qty,
            configurations: configurations.map((c) => ({
              productConfigurationId: c.id,
              value: c.value,
              metadata: c.metadata,
            })),
          },
        ]}
      />
    </section>
  );
}
