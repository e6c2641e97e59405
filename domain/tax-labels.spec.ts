import { describe, expect, it } from '@jest/globals';
import { taxLineLabel } from './tax';

describe("a tax's line on an invoice, in the invoice's language (decision 058)", () => {
  it('names Canada’s taxes TPS, TVH, TVP and TVQ in French, with the rate in the locale’s format', () => {
    const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(nbsp(taxLineLabel({ kind: 'GST', pct: 5 }, 'QC', 'fr-CA'))).toBe('TPS (5 %)');
    expect(nbsp(taxLineLabel({ kind: 'QST', pct: 9.975 }, 'QC', 'fr-CA'))).toBe('TVQ (9,975 %)');
    expect(nbsp(taxLineLabel({ kind: 'HST', pct: 13 }, 'ON', 'fr-CA'))).toBe('TVH (13 %)');
    expect(nbsp(taxLineLabel({ kind: 'SALES', pct: 4.75 }, 'NC', 'fr-CA'))).toBe('Taxe (NC 4,75 %)');
  });

  it('keeps the English names by default, and says Impuesto in Spanish', () => {
    expect(taxLineLabel({ kind: 'SALES', pct: 4.75 }, 'NC')).toBe('Tax (NC 4.75%)');
    expect(taxLineLabel({ kind: 'QST', pct: 9.975 }, 'QC')).toBe('QST (9.975%)');
    expect(taxLineLabel({ kind: 'SALES', pct: 4.75 }, 'NC', 'es-MX')).toBe('Impuesto (NC 4.75%)');
  });
});
