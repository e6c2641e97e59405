/**
 * Exchange rates for counting spending limits across sites (decision 052). A company's limits are kept in its own
 * currency (the currency of the site it was made on); an order in another currency is converted at the rates the
 * operator sets in FX_RATES: each currency's value in US dollars, the store's reference currency
 * (`CAD=0.73`: one Canadian dollar is 0.73 US dollars). The store never invents a rate: an amount in a currency
 * without one cannot be converted, and an order that needs it waits for an approver.
 */
import { round2 } from './money';

/** The reference currency of FX_RATES: its rate is always 1. */
export const FX_REFERENCE = 'USD';

/** Currency code -> its value in the reference currency. */
export type FxRates = Readonly<Record<string, number>>;

const CODE = /^[A-Z]{3}$/;

/** The rate of `currency` (any case: orders keep `usd`) in the reference currency, or null when none is set. */
export function fxRate(currency: string, rates: FxRates): number | null {
  const code = currency.toUpperCase();
  if (code === FX_REFERENCE) return 1;
  const rate = rates[code];
  return typeof rate === 'number' && rate > 0 ? rate : null;
}

/** How much one unit of `from` is in `to` (null: a rate is missing). */
export function fxFactor(from: string, to: string, rates: FxRates): number | null {
  if (from.toUpperCase() === to.toUpperCase()) return 1;
  const a = fxRate(from, rates);
  const b = fxRate(to, rates);
  return a === null || b === null ? null : a / b;
}

/** `amount` of `from` in `to`, rounded to cents; null when a rate is missing. */
export function convertAmount(amount: number, from: string, to: string, rates: FxRates): number | null {
  const factor = fxFactor(from, to, rates);
  return factor === null ? null : round2(amount * factor);
}

/**
 * Reads FX_RATES (`CAD=0.73,MXN=0.055`): three-letter codes and positive rates, separated by commas or spaces.
 * Throws a message naming the bad pair.
 */
export function parseFxRates(text: string | undefined): FxRates {
  const rates: Record<string, number> = {};
  for (const pair of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    const [code = '', value = '', ...rest] = pair.split('=');
    const rate = Number(value);
    if (!CODE.test(code) || rest.length > 0 || !/^\d+(\.\d+)?$/.test(value) || !(rate > 0)) {
      throw new Error(`"${pair}" is not a currency and its rate in ${FX_REFERENCE}, e.g. CAD=0.73`);
    }
    if (code !== FX_REFERENCE) rates[code] = rate;
  }
  return rates;
}
