import { describe, expect, it, jest } from '@jest/globals';
import { currentLocale, switchLocale } from '.';

describe('locale switch', () => {
  it('stores the locale cookie, keeps path and query, and reloads', () => {
    const replace = jest.fn();
    const target = switchLocale('fr-CA', { pathname: '/search', search: '?q=sfu1605', hash: '', replace });
    expect(target).toBe('/search?q=sfu1605');
    expect(replace).toHaveBeenCalledWith('/search?q=sfu1605');
    expect(document.cookie).toContain('locale=fr-CA');
    expect(currentLocale()).toBe('fr-CA');
  });

  it('falls back to en-US for an unknown cookie value', () => {
    document.cookie = 'locale=xx-YY; path=/';
    expect(currentLocale()).toBe('en-US');
  });
});
