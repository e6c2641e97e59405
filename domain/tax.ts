import type { Locale } from './constants';
import { round2 } from './money';
import type { ProvinceCode } from './provinces';
import type { Country } from './regions';

/**
 * Sales tax by destination state: a committed table of rates (state base rates, plus the statewide local
 * add-on where one is mandatory). taxGeoCode is the state's FIPS code. Tax applies to the goods subtotal;
 * tax-exempt business accounts pay none. Review the table when rates change (docs/decisions/011-cart-and-tax.md).
 */
export interface TaxRate {
  taxPct: number;
  taxGeoCode: string;
}

export const TAX_RATES_AS_OF = '2026-01-01';

export const TAX_RATES: Readonly<Record<string, TaxRate>> = {
  AL: { taxPct: 4, taxGeoCode: '01' },
  AK: { taxPct: 0, taxGeoCode: '02' },
  AZ: { taxPct: 5.6, taxGeoCode: '04' },
  AR: { taxPct: 6.5, taxGeoCode: '05' },
  CA: { taxPct: 7.25, taxGeoCode: '06' },
  CO: { taxPct: 2.9, taxGeoCode: '08' },
  CT: { taxPct: 6.35, taxGeoCode: '09' },
  DE: { taxPct: 0, taxGeoCode: '10' },
  DC: { taxPct: 6, taxGeoCode: '11' },
  FL: { taxPct: 6, taxGeoCode: '12' },
  GA: { taxPct: 4, taxGeoCode: '13' },
  HI: { taxPct: 4, taxGeoCode: '15' },
  ID: { taxPct: 6, taxGeoCode: '16' },
  IL: { taxPct: 6.25, taxGeoCode: '17' },
  IN: { taxPct: 7, taxGeoCode: '18' },
  IA: { taxPct: 6, taxGeoCode: '19' },
  KS: { taxPct: 6.5, taxGeoCode: '20' },
  KY: { taxPct: 6, taxGeoCode: '21' },
  LA: { taxPct: 5, taxGeoCode: '22' },
  ME: { taxPct: 5.5, taxGeoCode: '23' },
  MD: { taxPct: 6, taxGeoCode: '24' },
  MA: { taxPct: 6.25, taxGeoCode: '25' },
  MI: { taxPct: 6, taxGeoCode: '26' },
  MN: { taxPct: 6.875, taxGeoCode: '27' },
  MS: { taxPct: 7, taxGeoCode: '28' },
  MO: { taxPct: 4.225, taxGeoCode: '29' },
  MT: { taxPct: 0, taxGeoCode: '30' },
  NE: { taxPct: 5.5, taxGeoCode: '31' },
  NV: { taxPct: 6.85, taxGeoCode: '32' },
  NH: { taxPct: 0, taxGeoCode: '33' },
  NJ: { taxPct: 6.625, taxGeoCode: '34' },
  NM: { taxPct: 4.875, taxGeoCode: '35' },
  NY: { taxPct: 4, taxGeoCode: '36' },
  NC: { taxPct: 4.75, taxGeoCode: '37' },
  ND: { taxPct: 5, taxGeoCode: '38' },
  OH: { taxPct: 5.75, taxGeoCode: '39' },
  OK: { taxPct: 4.5, taxGeoCode: '40' },
  OR: { taxPct: 0, taxGeoCode: '41' },
  PA: { taxPct: 6, taxGeoCode: '42' },
  RI: { taxPct: 7, taxGeoCode: '44' },
  SC: { taxPct: 6, taxGeoCode: '45' },
  SD: { taxPct: 4.2, taxGeoCode: '46' },
  TN: { taxPct: 7, taxGeoCode: '47' },
  TX: { taxPct: 6.25, taxGeoCode: '48' },
  UT: { taxPct: 6.1, taxGeoCode: '49' },
  VT: { taxPct: 6, taxGeoCode: '50' },
  VA: { taxPct: 5.3, taxGeoCode: '51' },
  WA: { taxPct: 6.5, taxGeoCode: '53' },
  WV: { taxPct: 6, taxGeoCode: '54' },
  WI: { taxPct: 5, taxGeoCode: '55' },
  WY: { taxPct: 4, taxGeoCode: '56' },
  AS: { taxPct: 0, taxGeoCode: '60' },
  GU: { taxPct: 0, taxGeoCode: '66' },
  MP: { taxPct: 0, taxGeoCode: '69' },
  PR: { taxPct: 10.5, taxGeoCode: '72' },
  VI: { taxPct: 0, taxGeoCode: '78' },
};

/** One tax an order pays: the US state's sales tax, or Canada's GST or HST and, by province, PST or QST. */
export const TAX_KINDS = ['SALES', 'GST', 'HST', 'PST', 'QST'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];
export const isTaxKind = (kind: string): kind is TaxKind => (TAX_KINDS as readonly string[]).includes(kind);
export interface TaxComponent {
  kind: TaxKind;
  pct: number;
}

/**
 * Whether a tax applies to the freight as well as the goods (decision 033). A US state's sales tax is charged on
 * the goods (decision 011); Canada's taxes apply to the seller's delivery charge, which is part of the price of the
 * goods it delivers (GST/HST and QST; BC PST bulletin 302; Manitoba's RST and Saskatchewan's PST alike).
 */
export const TAX_ON_FREIGHT: Readonly<Record<TaxKind, boolean>> = {
  SALES: false,
  GST: true,
  HST: true,
  PST: true,
  QST: true,
};
/** A tax on an order: its kind, rate and amount (the invoice shows one line each). */
export interface TaxLine {
  kind: TaxKind;
  pct: number;
  amount: number;
}

const GST: TaxComponent = { kind: 'GST', pct: 5 };
const hst = (pct: number): TaxComponent => ({ kind: 'HST', pct });
const pst = (pct: number): TaxComponent => ({ kind: 'PST', pct });

/**
 * Canada's sales taxes by province or territory, as of TAX_RATES_AS_OF: GST 5 % everywhere, replaced by the HST
 * in the participating provinces (Nova Scotia 14 % since April 2025), plus British Columbia's PST, Manitoba's RST
 * (shown as PST), Saskatchewan's PST and Quebec's QST, all on the freight too (TAX_ON_FREIGHT). `geoCode` is Statistics Canada's province code, as taxGeoCode is the FIPS code of a US state.
 */
export const CA_TAX_RATES: Readonly<
  Record<ProvinceCode, { components: readonly TaxComponent[]; geoCode: string }>
> = {
  AB: { components: [GST], geoCode: '48' },
  BC: { components: [GST, pst(7)], geoCode: '59' },
  MB: { components: [GST, pst(7)], geoCode: '46' },
  NB: { components: [hst(15)], geoCode: '13' },
  NL: { components: [hst(15)], geoCode: '10' },
  NS: { components: [hst(14)], geoCode: '12' },
  NT: { components: [GST], geoCode: '61' },
  NU: { components: [GST], geoCode: '62' },
  ON: { components: [hst(13)], geoCode: '35' },
  PE: { components: [hst(15)], geoCode: '11' },
  QC: { components: [GST, { kind: 'QST', pct: 9.975 }], geoCode: '24' },
  SK: { components: [GST, pst(6)], geoCode: '47' },
  YT: { components: [GST], geoCode: '60' },
};

/** The taxes of a destination: its region (state or province), geo code and the taxes that apply there. */
export interface Taxation {
  region: string | null;
  geoCode: string;
  components: readonly TaxComponent[];
}

/**
 * The taxes for a destination in a country; an unknown or empty region has none yet (estimated at checkout).
 * A US state has one sales tax, on the goods only.
 */
export function taxationFor(country: Country, region: string | null | undefined): Taxation {
  const code = (region ?? '').trim().toUpperCase();
  if (country === 'CA') {
    const rate = CA_TAX_RATES[code as ProvinceCode];
    if (rate) return { region: code, geoCode: rate.geoCode, components: rate.components };
  } else {
    const rate = TAX_RATES[code];
    if (rate)
      return {
        region: code,
        geoCode: rate.taxGeoCode,
        components: [{ kind: 'SALES', pct: rate.taxPct }],
      };
  }
  return { region: null, geoCode: '', components: [] };
}

/** Each tax's amount, to the cent: its rate on the goods, and on the freight where it applies there. */
export function taxLines(
  components: readonly TaxComponent[],
  amounts: { subTotal: number; freight: number },
): TaxLine[] {
  return components.map((c) => ({
    kind: c.kind,
    pct: c.pct,
    amount: round2(((amounts.subTotal + (TAX_ON_FREIGHT[c.kind] ? amounts.freight : 0)) * c.pct) / 100),
  }));
}

/** What the taxes come to, to the cent (an order's taxAmount). */
export const taxTotal = (taxes: readonly { amount: number }[]) =>
  round2(taxes.reduce((sum, t) => sum + t.amount, 0));

/** The combined rate (13 for Ontario's HST, 14.975 for Quebec), as the cart's and the order's taxPct. */
export const combinedPct = (taxes: readonly { pct: number }[]) =>
  Math.round(taxes.reduce((sum, t) => sum + t.pct, 0) * 1000) / 1000;

/**
 * The taxes an order shows: those it kept, when they still add up to its tax amount; otherwise (an order placed
 * before taxes were kept, or whose tax staff changed) its tax amount as one tax at its rate.
 */
export function orderTaxes(order: {
  taxes?: readonly TaxLine[] | null;
  taxPct: number;
  taxAmount: number;
}): TaxLine[] {
  const kept = order.taxes ?? [];
  if (kept.length > 0 && taxTotal(kept) === round2(order.taxAmount)) return [...kept];
  return [{ kind: 'SALES', pct: order.taxPct, amount: order.taxAmount }];
}

/**
 * Each tax's name in the invoice's language: Canada's taxes are TPS, TVH, TVP and TVQ in French (as
 * client/src/i18n/messages' `tax.line`), a US state's sales tax "Tax", "Taxe", "Impuesto".
 */
export const TAX_NAMES: Readonly<Record<Locale, Readonly<Record<TaxKind, string>>>> = {
  'en-US': { SALES: 'Tax', GST: 'GST', HST: 'HST', PST: 'PST', QST: 'QST' },
  'fr-CA': { SALES: 'Taxe', GST: 'TPS', HST: 'TVH', PST: 'TVP', QST: 'TVQ' },
  'es-MX': { SALES: 'Impuesto', GST: 'GST', HST: 'HST', PST: 'PST', QST: 'QST' },
};

/**
 * A tax's line on an invoice, in `locale` (en-US by default): "Tax (NC 4.75%)" for a US state, "GST (5%)",
 * "QST (9.975%)"; in fr-CA "TPS (5 %)", "TVQ (9,975 %)", the rate in the locale's number format.
 */
export function taxLineLabel(
  line: Pick<TaxLine, 'kind' | 'pct'>,
  region: string,
  locale: Locale = 'en-US',
): string {
  const name = TAX_NAMES[locale][isTaxKind(line.kind) ? line.kind : 'SALES'];
  const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 3 }).format(
    line.pct / 100,
  );
  return line.kind === 'SALES' ? `${name} (${region} ${pct})` : `${name} (${pct})`;
}
