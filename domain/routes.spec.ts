import { describe, expect, it } from '@jest/globals';
import { isShopRoute, productPath, searchPath } from './routes';

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
