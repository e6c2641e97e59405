import { describe, expect, it } from '@jest/globals';
import { STATES, isStateCode, shippingStateAllowed, stateName } from './states';

describe('state list', () => {
  it('holds the 50 states, DC, Puerto Rico and Guam with two-letter codes', () => {
    expect(
      STATES.filter((s) => !['AS', 'GU', 'MP', 'PR', 'VI', 'UM', 'AA', 'AE', 'AP', 'DC'].includes(s.code)),
    ).toHaveLength(50);
    expect(stateName('NC')).toBe('North Carolina');
    expect(stateName('DC')).toBe('District of Columbia');
    expect(isStateCode('PR') && isStateCode('GU')).toBe(true);
    expect(STATES.every((s) => /^[A-Z]{2}$/.test(s.code))).toBe(true);
    expect(new Set(STATES.map((s) => s.code)).size).toBe(STATES.length);
  });
});

describe('shipping state restriction', () => {
  const lines = [
    { allowedStates: ['NC', 'SC', 'VA'] },
    { allowedStates: [] },
    { allowedStates: ['NC', 'VA'] },
    {},
  ];

  it('accepts a state found in every restricted line', () => {
    expect(shippingStateAllowed('NC', lines)).toBe(true);
  });

  it('refuses a state missing from any restricted line', () => {
    expect(shippingStateAllowed('SC', lines)).toBe(false);
    expect(shippingStateAllowed('CA', lines)).toBe(false);
  });

  it('lets an empty state pass, and any state when no line is restricted', () => {
    expect(shippingStateAllowed('', lines)).toBe(true);
    expect(shippingStateAllowed('CA', [{ allowedStates: null }, {}])).toBe(true);
  });
});
