import { describe, expect, it } from '@jest/globals';
import { readCookieFrom } from './cookies';

describe('readCookieFrom', () => {
  it('finds a cookie by exact name and decodes it', () => {
    const header = 'xclientCsrfToken=wrong; clientCsrfToken=a%2Eb.c; locale=fr-CA';
    expect(readCookieFrom(header, 'clientCsrfToken')).toBe('a.b.c');
    expect(readCookieFrom(header, 'locale')).toBe('fr-CA');
  });

  it('answers undefined for a missing cookie, no header, or a malformed value', () => {
    expect(readCookieFrom('a=1', 'b')).toBeUndefined();
    expect(readCookieFrom(undefined, 'a')).toBeUndefined();
    expect(readCookieFrom('a=%E0%A4%A', 'a')).toBeUndefined();
  });
});
