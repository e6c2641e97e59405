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

/** The rate for a destination state; an unknown or empty state has no tax yet (estimated at checkout). */
export function taxRateFor(state: string | null | undefined): TaxRate & { state: string | null } {
  const code = (state ?? '').trim().toUpperCase();
  const rate = TAX_RATES[code];
  return rate ? { state: code, ...rate } : { state: null, taxPct: 0, taxGeoCode: '' };
}
