import { describe, expect, it } from '@jest/globals';
import { parseDraft } from './checkoutDraft';
import type { AddressValues } from './steps/types';

const address: AddressValues = {
  contactEmail: 'buyer@plant.example',
  name: 'Dock 1',
  companyName: '',
  addressLine1: '400 Mill St',
  addressLine2: '',
  city: 'Mooresville',
  state: 'NC',
  zip: '28115',
  email: 'dock@plant.example',
  phone: '',
  isResidential: false,
};
const shipping = { carrierId: 'ups', carrierMethod: 'Ground', note: '' };
const stored = (draft: object) => JSON.stringify(draft);

describe('the checkout draft read back after a reload', () => {
  it('returns the steps done, for the same buyer', () => {
    const draft = parseDraft(stored({ owner: 'u1', step: 'payment', address, shipping, typing: {} }), 'u1');
    expect(draft).toEqual({ owner: 'u1', step: 'payment', address, shipping, typing: {} });
  });

  it("never shows one buyer's draft to another: a guest's to the user who signs in, a user's to a guest", () => {
    const guests = stored({ owner: null, step: 'shipping', address, shipping: null, typing: {} });
    expect(parseDraft(guests, 'u1')).toMatchObject({ step: 'address', address: null });
    const users = stored({ owner: 'u1', step: 'shipping', address, shipping: null, typing: {} });
    expect(parseDraft(users, null)).toMatchObject({ step: 'address', address: null });
    expect(parseDraft(users, 'u2')).toMatchObject({ step: 'address', address: null });
  });

  it('starts over on what it cannot read', () => {
    for (const raw of ['{', 'null', '[]', '"text"', stored({ owner: 'u1', step: 'nowhere' })])
      expect(parseDraft(raw, 'u1')).toEqual({
        owner: 'u1',
        step: 'address',
        address: null,
        shipping: null,
        typing: {},
      });
  });

  it('reaches a step only with what it needs', () => {
    const noAddress = stored({ owner: null, step: 'review', address: null, shipping, typing: {} });
    expect(parseDraft(noAddress, null).step).toBe('address');
    const noShipping = stored({ owner: null, step: 'payment', address, shipping: null, typing: {} });
    expect(parseDraft(noShipping, null).step).toBe('shipping');
    // Back on the address step to change it: it stays there.
    const back = stored({ owner: null, step: 'address', address, shipping, typing: { address } });
    expect(parseDraft(back, null)).toMatchObject({ step: 'address', typing: { address } });
  });
});
