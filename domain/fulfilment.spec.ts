import { describe, expect, it } from '@jest/globals';
import {
  dayHasBegun,
  fulfilmentOf,
  fulfilmentStatusCode,
  isDay,
  SET_BY_SHIPMENTS,
  SHIPPABLE,
  shipmentSchema,
  trackingUrl,
} from './fulfilment';

const lines = [
  { id: 'a', quantity: 5 },
  { id: 'b', quantity: 2 },
  { id: 'gone', quantity: 0 },
];

describe('fulfilment', () => {
  it('has nothing shipped before the first shipment, and all of every line left', () => {
    expect(fulfilmentOf({ lines, shipments: [] })).toEqual({
      shipmentStatus: 'UNSHIPPED',
      deliveryStatus: 'NO_DELIVERY',
      lines: {
        a: { shipped: 0, delivered: 0, status: null },
        b: { shipped: 0, delivered: 0, status: null },
        gone: { shipped: 0, delivered: 0, status: null },
      },
      remaining: [
        { lineId: 'a', quantity: 5 },
        { lineId: 'b', quantity: 2 },
      ],
      deliveredOn: null,
    });
  });

  it('counts partial shipments and deliveries line by line; the order is delivered on the last day', () => {
    const first = {
      shippedOn: '2026-11-20',
      deliveredOn: '2026-11-22',
      lines: [{ lineId: 'a', quantity: 2 }],
    };
    const partly = fulfilmentOf({ lines, shipments: [first] });
    expect(partly).toMatchObject({
      shipmentStatus: 'PARTIALLY_SHIPPED',
      deliveryStatus: 'PARTIALLY_DELIVERED',
      remaining: [
        { lineId: 'a', quantity: 3 },
        { lineId: 'b', quantity: 2 },
      ],
      deliveredOn: null,
    });
    expect(fulfilmentStatusCode(partly, 1)).toBe(2);

    const rest = {
      shippedOn: '2026-11-23',
      deliveredOn: null,
      lines: [
        { lineId: 'a', quantity: 3 },
        { lineId: 'b', quantity: 2 },
      ],
    };
    const shipped = fulfilmentOf({ lines, shipments: [first, rest] });
    expect(shipped).toMatchObject({
      shipmentStatus: 'SHIPPED',
      deliveryStatus: 'PARTIALLY_DELIVERED',
      remaining: [],
    });
    expect(shipped.lines.a).toEqual({ shipped: 5, delivered: 2, status: 'SHIPPED' });
    expect(fulfilmentStatusCode(shipped, 2)).toBe(3);

    const delivered = fulfilmentOf({ lines, shipments: [first, { ...rest, deliveredOn: '2026-11-25' }] });
    expect(delivered).toMatchObject({ deliveryStatus: 'DELIVERED', deliveredOn: '2026-11-25' });
    expect(delivered.lines.b.status).toBe('DELIVERED');
    expect(fulfilmentStatusCode(delivered, 3)).toBe(4);
  });

  it('links tracking numbers to their carrier’s page, except an LTL PRO number', () => {
    expect(trackingUrl('ups', '1Z 999')).toBe('https://www.ups.com/track?tracknum=1Z%20999');
    expect(trackingUrl('canada-post', '7023')).toMatch(
      /^https:\/\/www\.canadapost-postescanada\.ca\/.*7023$/,
    );
    expect(trackingUrl('ltl', 'PRO-1')).toBeNull();
    expect(trackingUrl('nobody', '1')).toBeNull();
  });

  it('takes days that exist and have begun somewhere on Earth', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('26-02-01')).toBe(false);
    const now = new Date('2026-11-25T20:00:00Z');
    expect(dayHasBegun('2026-11-26', now)).toBe(true); // already the 26th in Auckland
    expect(dayHasBegun('2026-11-27', now)).toBe(false);
    expect(
      shipmentSchema.isValidSync({ carrier: 'ups', trackingNumber: '1Z', shippedOn: '2999-01-01' }),
    ).toBe(false);
  });

  it('ships paid orders only, and keeps Shipped and Delivered out of the edit form', () => {
    expect(SHIPPABLE).toEqual([1, 2, 18]);
    expect(SET_BY_SHIPMENTS).toEqual([2, 3, 4]);
  });
});
