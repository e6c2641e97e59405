import { describe, expect, it } from '@jest/globals';
import { STATES, isStateCode, shippingStateAllowed, stateName } from './states';

describe('state list', () => {
  const territories = ['AS', 'GU', 'MP', 'PR', 'VI'];

  it('holds the 50 states, DC and the five inhabited territories, each once', () => {
    expect(STATES).toHaveLength(56);
    expect(STATES.filter((s) => s.code !== 'DC' && !territories.includes(s.code))).toHaveLength(50);
    expect(STATES.every((s) => /^[A-Z]{2}$/.test(s.code) && s.name.length > 0)).toBe(true);
    expect(new Set(STATES.map((s) => s.code)).size).toBe(STATES.length);
    expect(new Set(STATES.map((s) => s.name)).size).toBe(STATES.length);
  });

  it('names codes', () => {
    expect(stateName('NC')).toBe('North Carolina');
    expect(stateName('DC')).toBe('District of Columbia');
    expect(territories.map(stateName)).toEqual([
      'American Samoa',
      'Guam',
      'Northern Mariana Islands',
      'Puerto Rico',
      'US Virgin Islands',
    ]);
    expect(stateName('ZZ')).toBeUndefined();
  });

  it('recognises codes exactly (upper case, two letters)', () => {
    expect(isStateCode('PR')).toBe(true);
    expect(isStateCode('WY')).toBe(true);
    expect(isStateCode('nc')).toBe(false);
    expect(isStateCode('')).toBe(false);
    expect(isStateCode('North Carolina')).toBe(false);
  });
});

describe('shipping state restriction', () => {
  const lines = [
    { allowedStates: ['NC', 'SC', 'VA'] },
    { allowedStates: [] },
    { allowedStates: ['NC', 'VA'] },
    { allowedStates: null },
    {},
  ];

  it('accepts a state found in every restricted line', () => {
    expect(shippingStateAllowed('NC', lines)).toBe(true);
    expect(shippingStateAllowed('VA', lines)).toBe(true);
  });

  it('refuses a state missing from any restricted line', () => {
    expect(shippingStateAllowed('SC', lines)).toBe(false);
    expect(shippingStateAllowed('CA', lines)).toBe(false);
  });

  it('lets an empty state pass', () => {
    expect(shippingStateAllowed('', lines)).toBe(true);
    expect(shippingStateAllowed(null, lines)).toBe(true);
    expect(shippingStateAllowed(undefined, lines)).toBe(true);
  });

  it('accepts any state when no line is restricted, or the cart is empty', () => {
    expect(shippingStateAllowed('CA', [{ allowedStates: null }, { allowedStates: [] }, {}])).toBe(true);
    expect(shippingStateAllowed('CA', [])).toBe(true);
  });
});
