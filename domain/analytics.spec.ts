import { analyticsItem, clickstreamEvents, dataLayerEntry, type ClickstreamContext } from './analytics';
import { eventProblems } from './clickstream';
import { decodeConsent, defaultConsent, encodeConsent, parseRegion } from './consent';

const ctx: ClickstreamContext = {
  visitorId: '0b6f7c1e-2a4d-4f5e-9c3b-1d2e3f4a5b6c',
  eventTime: '2026-11-23T10:00:00.000Z',
  uri: 'http://shop.example/product/detail/SFU1605-500',
  referrerUri: 'http://shop.example/search?q=ball+screw',
  userInfo: { userId: 'buyer@plant.example', userAgent: 'UA', directUserRequest: false },
  attributionToken: '7d1c7a3e-5b2f-4e8a-9d6c-0f1e2d3c4b5a',
};

const screw = {
  id: 'SFU1605-500',
  name: 'Ball screw SFU1605, 500 mm',
  price: 69.7,
  quantity: 2,
  categories: ['Motion', 'Ball screws', 'SFU'],
};

describe('analytics item mapping (spec section 3)', () => {
  it('maps id, name, price, quantity and breadcrumb names in order', () => {
    expect(analyticsItem(screw)).toEqual({
      item_id: 'SFU1605-500',
      item_name: 'Ball screw SFU1605, 500 mm',
      price: 69.7,
      quantity: 2,
      item_category: 'Motion',
      item_category2: 'Ball screws',
      item_category3: 'SFU',
    });
  });

  it('defaults the name to empty and price and quantity to 0', () => {
    expect(analyticsItem({ id: 'X1' })).toEqual({ item_id: 'X1', item_name: '', price: 0, quantity: 0 });
  });

  it('puts add-to-cart in the data layer with the cart value', () => {
    expect(dataLayerEntry({ type: 'cart', action: 'add', items: [screw], currency: 'usd' })).toEqual({
      event: 'add_to_cart',
      ecommerce: { currency: 'USD', value: 139.4, items: [analyticsItem(screw)] },
    });
  });

  it("carries a purchase's promotions: the event's coupon, each item's coupon and unit discount (issue 58)", () => {
    const discounted = { ...screw, discount: 6.97, coupon: 'WELCOME10' };
    expect(
      dataLayerEntry({
        type: 'checkout',
        step: 'checkout completed',
        value: 120.51,
        currency: 'usd',
        orderId: 'AXL-100401',
        coupon: 'WELCOME10',
        items: [discounted],
      }),
    ).toMatchObject({
      event: 'purchase',
      ecommerce: {
        coupon: 'WELCOME10',
        transaction_id: 'AXL-100401',
        items: [expect.objectContaining({ discount: 6.97, coupon: 'WELCOME10' })],
      },
    });
    expect(analyticsItem(screw)).not.toHaveProperty('discount');
  });
});

describe('click-stream events (spec sections 3 and 9)', () => {
  it('sends a product view with price, quantity, categories and the attribution token, valid for the collector', () => {
    const [event] = clickstreamEvents(
      { type: 'product-view', item: { ...screw, quantity: null }, currency: 'usd' },
      ctx,
    );
    expect(event).toMatchObject({
      eventType: 'detail-page-view',
      attributionToken: ctx.attributionToken,
      pageCategories: 'Motion > Ball screws > SFU',
      productDetails: [{ id: 'SFU1605-500', priceInfo: { price: 69.7, currencyCode: 'USD' }, quantity: 1 }],
      userInfo: { userId: 'buyer@plant.example', directUserRequest: false },
    });
    expect(eventProblems(event)).toEqual([]);
  });

  it('skips a category view without products', () => {
    expect(clickstreamEvents({ type: 'category-view', categories: ['Motion'], items: [] }, ctx)).toEqual([]);
  });

  it('reports clearing the cart as remove-from-cart for every line', () => {
    const events = clickstreamEvents(
      {
        type: 'cart',
        action: 'clear',
        currency: 'usd',
        items: [screw, { id: 'HGR15-400', price: 41, quantity: 1 }],
      },
      ctx,
    );
    expect(events.map((e) => [e.eventType, e.productDetails?.[0]?.id])).toEqual([
      ['remove-from-cart', 'SFU1605-500'],
      ['remove-from-cart', 'HGR15-400'],
    ]);
  });

  it("gives a search its own answer's token, not the previous one", () => {
    const [event] = clickstreamEvents(
      {
        type: 'search',
        query: 'ball screw',
        attributionToken: '11111111-2222-4333-8444-555555555555',
        items: [],
      },
      ctx,
    );
    expect(event).toMatchObject({ eventType: 'search', searchQuery: 'ball screw' });
    expect(event!.attributionToken).toBe('11111111-2222-4333-8444-555555555555');
  });

  it('sends a purchase with its revenue, and nothing for the earlier checkout steps', () => {
    expect(
      clickstreamEvents({ type: 'checkout', step: 'started checkout', value: 10, currency: 'usd' }, ctx),
    ).toEqual([]);
    const [event] = clickstreamEvents(
      {
        type: 'checkout',
        step: 'checkout completed',
        value: 157.4,
        currency: 'cad',
        orderId: 'o1',
        items: [screw],
      },
      ctx,
    );
    expect(event).toMatchObject({
      eventType: 'purchase-complete',
      purchaseTransaction: { revenue: 157.4, currencyCode: 'CAD' },
    });
  });
});

describe('consent defaults (spec section 9)', () => {
  it('is denied by default, and when the region defaults are off', () => {
    expect(defaultConsent(null, true)).toBe('denied');
    expect(defaultConsent({ country: 'CA', subdivision: 'ON' }, false)).toBe('denied');
  });

  it('is granted in Canada except Quebec', () => {
    expect(defaultConsent({ country: 'CA', subdivision: 'ON' }, true)).toBe('granted');
    expect(defaultConsent({ country: 'CA', subdivision: 'QC' }, true)).toBe('denied');
  });

  it('is granted in the listed US states and denied in Alabama and elsewhere', () => {
    expect(defaultConsent({ country: 'US', subdivision: 'OH' }, true)).toBe('granted');
    expect(defaultConsent({ country: 'US', subdivision: 'AL' }, true)).toBe('denied');
    expect(defaultConsent({ country: 'US', subdivision: 'CA' }, true)).toBe('denied');
    expect(defaultConsent({ country: 'MX' }, true)).toBe('denied');
  });

  it('keeps the choice and region in the cookie, and ignores a garbled one', () => {
    const choice = {
      analytics: 'granted' as const,
      region: { country: 'CA', subdivision: 'BC' },
      at: '2026-11-23',
    };
    expect(decodeConsent(encodeConsent(choice))).toEqual(choice);
    expect(decodeConsent('analytics=maybe')).toBeNull();
    expect(parseRegion('us-oh')).toEqual({ country: 'US', subdivision: 'OH' });
    expect(parseRegion('Ohio')).toBeNull();
  });
});
