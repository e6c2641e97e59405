import { batchProblems, CLICKSTREAM_LIMITS, eventProblems, eventsOf } from './clickstream';

const event = {
  eventType: 'add-to-cart',
  visitorId: '0b6f7c1e-2a4d-4f5e-9c3b-1d2e3f4a5b6c',
  eventTime: '2026-11-23T10:00:00.000Z',
  uri: 'https://shop.example/cart',
  userInfo: { userId: 'buyer@plant.example', userAgent: 'UA', directUserRequest: false },
  productDetails: [{ id: 'SFU1605-500', priceInfo: { price: 69.7, currencyCode: 'USD' }, quantity: 2 }],
  purchaseTransaction: { revenue: 139.4, currencyCode: 'USD' },
  attributionToken: '7d1c7a3e-5b2f-4e8a-9d6c-0f1e2d3c4b5a',
};

describe('click-stream events', () => {
  it('accepts a full event of the spec', () => {
    expect(eventProblems(event)).toEqual([]);
  });

  it('names each problem with its field', () => {
    expect(
      eventProblems({
        ...event,
        eventType: 'page-view',
        visitorId: 'me',
        eventTime: '23/11/2026',
        userInfo: { directUserRequest: true },
        productDetails: [{ id: '', quantity: -1, priceInfo: { price: -5, currencyCode: 'dollars' } }],
        attributionToken: 'x',
        uri: 'u'.repeat(CLICKSTREAM_LIMITS.maxText + 1),
      }).map((p) => p.field),
    ).toEqual([
      'eventType',
      'visitorId',
      'eventTime',
      'uri',
      'attributionToken',
      'userInfo.directUserRequest',
      'productDetails[0].id',
      'productDetails[0].quantity',
      'productDetails[0].priceInfo.price',
      'productDetails[0].priceInfo.currencyCode',
    ]);
    expect(eventProblems({})).toEqual([
      { field: 'eventType', message: 'eventType is required' },
      { field: 'visitorId', message: 'visitorId is required' },
      { field: 'eventTime', message: 'eventTime is required' },
    ]);
  });

  it('checks a batch whole, with paths per event, and bounds its size', () => {
    expect(batchProblems([event, { ...event, visitorId: 'x' }])).toEqual([
      { field: 'events[1].visitorId', message: 'visitorId must be a UUID' },
    ]);
    expect(batchProblems([])).toEqual([{ field: 'events', message: 'no events' }]);
    expect(batchProblems(Array(CLICKSTREAM_LIMITS.maxBatch + 1).fill(event))[0]!.field).toBe('events');
  });

  it('reads one event, a bare list, or { events }', () => {
    expect(eventsOf(event)).toEqual([event]);
    expect(eventsOf([event, event])).toHaveLength(2);
    expect(eventsOf({ events: [event] })).toEqual([event]);
  });
});
