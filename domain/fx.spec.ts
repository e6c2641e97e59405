import { convertAmount, fxFactor, parseFxRates } from './fx';

describe('exchange rates for spending limits', () => {
  const rates = parseFxRates('CAD=0.73, MXN=0.055');

  it('converts through the reference currency, both ways', () => {
    expect(convertAmount(400, 'CAD', 'USD', rates)).toBe(292);
    expect(convertAmount(292, 'USD', 'CAD', rates)).toBe(400);
    expect(convertAmount(100, 'MXN', 'CAD', rates)).toBe(7.53);
    expect(convertAmount(12.34, 'USD', 'USD', {})).toBe(12.34);
    // Orders and sites keep lower-case codes.
    expect(convertAmount(400, 'cad', 'USD', rates)).toBe(292);
    expect(convertAmount(5, 'usd', 'USD', {})).toBe(5);
  });

  it('never invents a rate', () => {
    expect(convertAmount(10, 'EUR', 'USD', rates)).toBeNull();
    expect(fxFactor('USD', 'EUR', rates)).toBeNull();
    expect(convertAmount(10, 'CAD', 'USD', {})).toBeNull();
  });

  it('refuses a malformed setting, naming the pair', () => {
    expect(parseFxRates(undefined)).toEqual({});
    expect(parseFxRates('')).toEqual({});
    for (const bad of ['CAD', 'CAD=', 'cad=0.7', 'CAD=-1', 'CAD=0', 'CAD=1=2', 'CAD=abc']) {
      expect(() => parseFxRates(bad)).toThrow(bad);
    }
  });
});
