import { describe, expect, it } from '@jest/globals';
import { canRequestAgain } from './quotes';
import { isShopRoute, orderPayPath, productPath, safeReturnPath, searchPath } from './routes';

describe('shop routes', () => {
  it('knows every route of the spec, with ids and nested handles', () => {
    for (const path of [
      '/',
      '/cart',
      '/user/account/orders',
      '/search',
      '/product/detail/NUT-1%2F4-20',
      '/product/category/motion-control/ballscrews-accessories/precision-rolled-ball-screws',
      '/services/t-slot-extrusion-services',
      '/about/contact-us',
      '/t-slot-extrusion-project-ideas',
      '/admin',
      '/admin/orders',
      '/cart/',
      '/user/auth-error',
    ]) {
      expect(isShopRoute(path)).toBe(true);
    }
  });

  it('refuses paths the shop does not have', () => {
    for (const path of [
      '/nope',
      '/product/detail/',
      '/product/category',
      '/user',
      '/servicesx',
      '/administrator',
    ]) {
      expect(isShopRoute(path)).toBe(false);
    }
  });

  it('encodes part numbers containing a slash into one path segment', () => {
    expect(productPath('NUT-1/4-20')).toBe('/product/detail/NUT-1%2F4-20');
    expect(searchPath('ball screw & nut')).toBe('/search?q=ball%20screw%20%26%20nut');
  });
});

describe('safeReturnPath (issue 26: no open redirect through callbackUrl)', () => {
  it.each([
    ['/cart', '/cart'],
    ['/search?q=rail#top', '/search?q=rail#top'],
    ['/user/account', '/user/account'],
  ])('keeps the path of this site %s', (value, expected) => {
    expect(safeReturnPath(value, '/fallback')).toBe(expected);
  });

  it.each([
    '/\t/evil.example',
    '/%09/evil.example'.replace('%09', '\t'),
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\n/evil.example',
    '/\u0000',
    '',
    null,
    42,
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value, '/fallback')).toBe('/fallback');
  });
});

describe('small things a buyer notices (issue 51 item 8)', () => {
  it("Pay Now on the orders list opens the order's page at its payment", () => {
    expect(orderPayPath('o1')).toBe('/user/account/orders/o1?pay=1');
    expect(isShopRoute(orderPayPath('o1').split('?')[0]!)).toBe(true);
  });

  it('only an expired or declined quote is asked for again', () => {
    expect(['expired', 'declined'].every(canRequestAgain)).toBe(true);
    for (const status of ['requested', 'in_review', 'quoted', 'accepted', 'ordered']) {
      expect(canRequestAgain(status)).toBe(false);
    }
  });
});
