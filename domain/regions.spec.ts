import { describe, expect, it } from '@jest/globals';
import { addressSchema } from './account.schema';
import { cartTotals } from './cart';
import { placeOrderSchemaFor, shippingAddressSchemaFor } from './checkout.schema';
import { freight, FREIGHT_TABLES } from './money';
import { normalisePostalCode, postalCodeMatchesProvince, PROVINCES } from './provinces';
import { addressRules, notSoldMessage, restrictingRegions, siteCountry, soldIn } from './regions';
import { translateMessage } from './message-translations';
import { CA_TAX_RATES, orderTaxes, taxationFor, taxLines } from './tax';

const errorsOf = (schema: { validateSync: (v: unknown, o: object) => unknown }, value: object) => {
  try {
    schema.validateSync(value, { abortEarly: false });
    return {};
  } catch (err) {
    // The first message of each field, as the form shows it.
    return Object.fromEntries(
      (err as { inner: { path: string; message: string }[] }).inner.reverse().map((e) => [e.path, e.message]),
    );
  }
};

const toronto = {
  name: 'Receiving',
  addressLine1: '100 Queen St W',
  city: 'Toronto',
  state: 'ON',
  zip: 'm5h2n2',
  email: 'receiving@example.ca',
};

describe('a site ships within its country (decision 033)', () => {
  it('pay-ca ships to Canada, every other site to the United States', () => {
    expect(siteCountry('pay-ca')).toBe('CA');
    expect(['axl', 'foodgrade', 'mai', 'aos', 'miv2', 'pay-us', 'unknown'].map(siteCountry)).toEqual(
      Array(7).fill('US'),
    );
  });

  it('reads a postal code in its own form and by its province', () => {
    expect(normalisePostalCode('m5h2n2')).toBe('M5H 2N2');
    expect(normalisePostalCode('M5H 2N2')).toBe('M5H 2N2');
    expect(normalisePostalCode('12345')).toBe('12345');
    expect(postalCodeMatchesProvince('M5H 2N2', 'ON')).toBe(true);
    expect(postalCodeMatchesProvince('H2Y 1C6', 'QC')).toBe(true);
    expect(postalCodeMatchesProvince('X0A 0H0', 'NU')).toBe(true);
    expect(postalCodeMatchesProvince('M5H 2N2', 'QC')).toBe(false);
    // D, F, I, O, Q and U are never used; W and Z never first.
    expect(postalCodeMatchesProvince('W5H 2N2', 'ON')).toBe(false);
    expect(postalCodeMatchesProvince('M5D 2N2', 'ON')).toBe(false);
    expect(PROVINCES).toHaveLength(13);
  });

  it('a Canadian checkout takes provinces and postal codes, with their own messages', () => {
    const ca = shippingAddressSchemaFor('CA');
    expect(ca.validateSync(toronto)).toMatchObject({ country: 'CA', state: 'ON', zip: 'M5H 2N2' });
    expect(errorsOf(ca, { ...toronto, state: '', zip: '' })).toMatchObject({
      state: 'Province is a required field',
      zip: 'Postal code is a required field',
    });
    expect(errorsOf(ca, { ...toronto, zip: '12345' })).toMatchObject({
      zip: 'Enter a postal code like K1A 0B1',
    });
    expect(errorsOf(ca, { ...toronto, zip: 'H2Y 1C6' })).toMatchObject({
      zip: 'Postal code does not belong to the province',
    });
    expect(errorsOf(ca, { ...toronto, zip: ' M5H 2N2' })).toMatchObject({
      zip: 'Postal code cannot include leading and trailing spaces',
    });
    expect(errorsOf(ca, { ...toronto, state: 'NC', zip: '27513' })).toMatchObject({
      state: 'Province is a required field',
    });
    expect(errorsOf(ca, { ...toronto, country: 'US' })).toMatchObject({ country: 'We ship within Canada' });
  });

  it('a US checkout keeps the specification messages, and refuses a Canadian address', () => {
    const us = shippingAddressSchemaFor('US');
    const raleigh = { ...toronto, city: 'Raleigh', state: 'NC', zip: '27601' };
    expect(us.validateSync(raleigh)).toMatchObject({ country: 'US', state: 'NC', zip: '27601' });
    expect(errorsOf(us, { ...raleigh, state: '', zip: '' })).toMatchObject({
      state: 'State is a required field',
      zip: 'Zip Code is a required field',
    });
    expect(errorsOf(us, { ...raleigh, zip: '2760a' })).toMatchObject({ zip: 'Zip code must be only digits' });
    expect(errorsOf(us, { ...raleigh, zip: '90210' })).toMatchObject({
      zip: 'Zip code does not belong to the state',
    });
    expect(errorsOf(us, toronto)).toMatchObject({ state: 'State is a required field' });
    expect(
      errorsOf(placeOrderSchemaFor('US'), { shippingAddress: { ...raleigh, country: 'CA' } }),
    ).toMatchObject({ 'shippingAddress.country': 'We ship within the United States' });
  });

  it('a saved address follows its own country', () => {
    expect(addressSchema.validateSync({ ...toronto, country: 'CA' })).toMatchObject({ zip: 'M5H 2N2' });
    expect(errorsOf(addressSchema, toronto)).toMatchObject({ state: 'State is a required field' });
  });
});

describe('Canadian taxes and freight (decision 033)', () => {
  it('a CAD freight table of the same shape', () => {
    expect(FREIGHT_TABLES.CA).toHaveLength(FREIGHT_TABLES.US.length);
    expect([0, 0.01, 70, 70.01, 139.99, 140, 279.99, 280].map((s) => freight(s, 'CA'))).toEqual([
      0, 10.5, 10.5, 14, 14, 21, 21, 0,
    ]);
    expect(freight(60)).toBe(10);
  });

  it('every province and territory has its taxes: GST with PST or QST, or the HST', () => {
    expect(Object.keys(CA_TAX_RATES).sort()).toEqual(PROVINCES.map((p) => p.code).sort());
    const rate = (p: string) => taxationFor('CA', p).components.map((c) => `${c.kind} ${c.pct}`);
    expect(rate('ON')).toEqual(['HST 13']);
    expect(rate('NS')).toEqual(['HST 14']);
    expect(rate('QC')).toEqual(['GST 5', 'QST 9.975']);
    expect(rate('BC')).toEqual(['GST 5', 'PST 7']);
    expect(rate('AB')).toEqual(['GST 5']);
    expect(taxationFor('CA', 'NC').components).toEqual([]);
    expect(taxationFor('US', 'ON').components).toEqual([]);
  });

  it('taxes the freight in Canada, not in a US state', () => {
    const line = { id: 'A', name: 'A', quantity: 1, price: 100 } as never;
    const qc = cartTotals([line], { country: 'CA', components: taxationFor('CA', 'QC').components });
    // 100 + 14 freight; GST 5 % of 114 = 5.70; QST 9.975 % of 114 = 11.37.
    expect(qc).toMatchObject({
      subTotal: 100,
      freightAmt: 14,
      taxAmount: 17.07,
      total: 131.07,
      taxPct: 14.975,
    });
    expect(qc.taxes).toEqual([
      { kind: 'GST', pct: 5, amount: 5.7 },
      { kind: 'QST', pct: 9.975, amount: 11.37 },
    ]);
    const nc = cartTotals([line], { country: 'US', components: taxationFor('US', 'NC').components });
    expect(nc).toMatchObject({
      freightAmt: 15,
      taxAmount: 4.75,
      taxes: [{ kind: 'SALES', pct: 4.75, amount: 4.75 }],
    });
    expect(
      cartTotals([line], { country: 'CA', components: taxationFor('CA', 'ON').components, exempt: true }),
    ).toMatchObject({ taxAmount: 0, taxes: [] });
  });

  it('an order shows the taxes it kept while they add up, else its one tax amount', () => {
    const taxes = taxLines(taxationFor('CA', 'BC').components, { subTotal: 50, freight: 10.5 });
    expect(orderTaxes({ taxes, taxPct: 12, taxAmount: 7.27 })).toEqual(taxes);
    expect(orderTaxes({ taxes, taxPct: 12, taxAmount: 5 })).toEqual([{ kind: 'SALES', pct: 12, amount: 5 }]);
    expect(orderTaxes({ taxes: [], taxPct: 4.75, taxAmount: 1 })).toEqual([
      { kind: 'SALES', pct: 4.75, amount: 1 },
    ]);
  });
});

describe('a part is sold on a site when it may ship to one of its country’s regions (decision 057)', () => {
  it('sells an unrestricted part everywhere, a part restricted to US states only in the US', () => {
    expect(soldIn('CA', [])).toBe(true);
    expect(soldIn('CA', null)).toBe(true);
    expect(soldIn('US', ['NC', 'VA'])).toBe(true);
    // "CA" in a restriction is California, not Canada.
    expect(soldIn('CA', ['CA', 'NC', 'VA'])).toBe(false);
    expect(soldIn('CA', ['NC', 'ON'])).toBe(true);
    expect(restrictingRegions('US')).toBeNull();
    expect(restrictingRegions('CA')).toEqual(PROVINCES.map((p) => p.code));
  });

  it('says so in each language', () => {
    expect(addressRules('CA').notSold).toBe('Not sold for delivery in Canada');
    expect(translateMessage(addressRules('CA').notSold, 'fr-CA')).toBe('Non vendu pour livraison au Canada');
    expect(translateMessage(addressRules('CA').notSold, 'es-MX')).toBe('No se vende para entrega en Canadá');
    expect(translateMessage(notSoldMessage('CA', 'AB-12/3'), 'fr-CA')).toBe(
      'La pièce AB-12/3 n’est pas vendue pour livraison au Canada.',
    );
  });
});
