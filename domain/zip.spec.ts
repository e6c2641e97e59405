import { describe, expect, it } from '@jest/globals';
import { zipMatchesState, zipState } from './zip';

describe('ZIP codes and states', () => {
  it('knows the state of a ZIP code by its first three digits', () => {
    expect(zipState('28115')).toBe('NC');
    expect(zipState('10001')).toBe('NY');
    expect(zipState('90210')).toBe('CA');
    expect(zipState('99501')).toBe('AK');
    expect(zipState('02108')).toBe('MA');
    expect(zipState('20500')).toBe('DC');
    expect(zipState('73301')).toBe('TX');
    expect(zipState('281151234')).toBe('NC');
  });

  it('refuses malformed ZIP codes and unused prefixes', () => {
    expect(zipState('2811')).toBeUndefined();
    expect(zipState('28115-1234')).toBeUndefined();
    expect(zipState('00100')).toBeUndefined();
    expect(zipState('34001')).toBeUndefined();
  });

  it('checks a ZIP code against a state', () => {
    expect(zipMatchesState('28115', 'NC')).toBe(true);
    expect(zipMatchesState('28115', 'sc')).toBe(false);
    expect(zipMatchesState('96950', 'MP')).toBe(true);
  });
});
