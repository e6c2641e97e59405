import { array, number, object, string, type InferType } from 'yup';
import type { DeliveryStatus, LineItemShipmentStatus, ShipmentStatus } from './order-status';
import { canTransition, ORDER_STATUS_CODE, ORDER_STATUS_CODES } from './order-status';

/*
 * Fulfilment (docs/decisions/035-fulfilment.md): an order ships in one or more shipments, each with a carrier,
 * a tracking number and the day it left; each shipment carries some quantity of some lines, and is delivered on
 * a day. The order's shipment and delivery statuses, its lines' statuses and its status code follow from them.
 */

/**
 * Carriers a shipment may leave with, and where their tracking numbers are followed (`{number}` is replaced).
 * An LTL freight line's PRO number has no common tracking page: it is shown as text.
 */
export const SHIPPING_CARRIERS = [
  { id: 'ups', name: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum={number}' },
  { id: 'fedex', name: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={number}' },
  { id: 'usps', name: 'USPS', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={number}' },
  {
    id: 'canada-post',
    name: 'Canada Post',
    trackingUrl: 'https://www.canadapost-postescanada.ca/track-reperage/en#/details/{number}',
  },
  {
    id: 'purolator',
    name: 'Purolator',
    trackingUrl: 'https://www.purolator.com/en/shipping/tracker?pin={number}',
  },
  { id: 'ltl', name: 'LTL Freight', trackingUrl: null },
] as const;
export type ShippingCarrierId = (typeof SHIPPING_CARRIERS)[number]['id'];

export function shippingCarrier(id: string) {
  return SHIPPING_CARRIERS.find((c) => c.id === id) ?? null;
}

/** The page where a tracking number is followed, or null when its carrier has none (or none was recorded). */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const template = shippingCarrier(carrier)?.trackingUrl;
  return template && trackingNumber.trim()
    ? template.replace('{number}', encodeURIComponent(trackingNumber))
    : null;
}

/** A calendar day as typed in a date field (YYYY-MM-DD) that exists, in this century or later. */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !/^(2\d{3})-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Whether a day has begun somewhere: an operator west of UTC may date a shipment today while the server's day is
 * already tomorrow, and one east of it the other way (UTC-12 to UTC+14).
 */
export function dayHasBegun(day: string, now = new Date()): boolean {
  return day <= new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The first day an order placed at `placedAt` may ship: the day it was placed wherever the operator is (UTC-12 to
 * UTC+14, as `dayHasBegun`).
 */
export function earliestShipDay(placedAt: Date | string): string {
  return new Date(new Date(placedAt).getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

const day = (required: string, future: string) =>
  string()
    .trim()
    .required(required)
    .test('day', required, (v) => isDay(v))
    .test('past', future, (v) => !isDay(v) || dayHasBegun(v));

/** A shipment as the console records it: whatever is left to ship, or the lines and quantities given. */
export const shipmentSchema = object({
  carrier: string()
    .required('Choose a carrier')
    .oneOf(
      SHIPPING_CARRIERS.map((c) => c.id),
      'Choose a carrier',
    ),
  trackingNumber: string()
    .trim()
    .required('Tracking number is a required field')
    .max(40, 'Tracking number is limited to 40 characters')
    .matches(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Tracking number may hold letters, digits, spaces and hyphens'),
  shippedOn: day('Ship date is a required field', "Ship date can't be in the future"),
  lines: array(
    object({
      lineId: string().required('Line is a required field'),
      quantity: number()
        .typeError('Quantity is a required field')
        .required('Quantity is a required field')
        .integer('Quantity must be a whole number')
        .min(1, 'Quantity must be at least 1'),
    }),
  ).default([]),
});
export type ShipmentInput = InferType<typeof shipmentSchema>;

/** A delivery the carrier confirmed: of one shipment, or of every shipment still on its way. */
export const deliverySchema = object({
  shipmentId: string().nullable().default(null),
  deliveredOn: day('Delivery date is a required field', "Delivery date can't be in the future"),
});
export type DeliveryInput = InferType<typeof deliverySchema>;

/** What the statuses are computed from: the lines ordered and the shipments made. */
export interface FulfilmentFacts {
  lines: readonly { id: string; quantity: number }[];
  shipments: readonly {
    shippedOn: string;
    deliveredOn: string | null;
    lines: readonly { lineId: string; quantity: number }[];
  }[];
}

export interface LineFulfilment {
  shipped: number;
  delivered: number;
  /** SHIPPED or DELIVERED once the line's whole quantity is; null before. */
  status: LineItemShipmentStatus | null;
}

export interface Fulfilment {
  shipmentStatus: ShipmentStatus;
  deliveryStatus: DeliveryStatus;
  lines: Record<string, LineFulfilment>;
  /** What is left to ship, line by line (lines taken off the order have nothing left). */
  remaining: { lineId: string; quantity: number }[];
  /** The day the last shipment was delivered, once everything is; null before. */
  deliveredOn: string | null;
}

/** The order's shipment and delivery statuses and its lines' from its shipments. */
export function fulfilmentOf({ lines, shipments }: FulfilmentFacts): Fulfilment {
  const byLine: Record<string, LineFulfilment> = {};
  for (const line of lines) byLine[line.id] = { shipped: 0, delivered: 0, status: null };
  for (const shipment of shipments) {
    for (const part of shipment.lines) {
      const line = byLine[part.lineId];
      if (!line) continue;
      line.shipped += part.quantity;
      if (shipment.deliveredOn) line.delivered += part.quantity;
    }
  }
  const owed = lines.filter((l) => l.quantity > 0);
  for (const line of owed) {
    const f = byLine[line.id]!;
    f.status = f.delivered >= line.quantity ? 'DELIVERED' : f.shipped >= line.quantity ? 'SHIPPED' : null;
  }
  const shippedAll = owed.length > 0 && owed.every((l) => byLine[l.id]!.shipped >= l.quantity);
  const shippedAny = owed.some((l) => byLine[l.id]!.shipped > 0);
  const deliveredAll = owed.length > 0 && owed.every((l) => byLine[l.id]!.delivered >= l.quantity);
  const deliveredAny = owed.some((l) => byLine[l.id]!.delivered > 0);
  const days = shipments.map((s) => s.deliveredOn).filter((d): d is string => !!d);
  return {
    shipmentStatus: shippedAll ? 'SHIPPED' : shippedAny ? 'PARTIALLY_SHIPPED' : 'UNSHIPPED',
    deliveryStatus: deliveredAll ? 'DELIVERED' : deliveredAny ? 'PARTIALLY_DELIVERED' : 'NO_DELIVERY',
    lines: byLine,
    remaining: owed
      .map((l) => ({ lineId: l.id, quantity: l.quantity - byLine[l.id]!.shipped }))
      .filter((l) => l.quantity > 0),
    deliveredOn: deliveredAll ? days.sort().at(-1)! : null,
  };
}

/**
 * The order's status code once its shipments say so: Partially Shipped, Shipped, then Delivered when every item
 * has arrived; `current` otherwise (a partial delivery of a partial shipment stays Partially Shipped).
 */
export function fulfilmentStatusCode(
  f: Pick<Fulfilment, 'shipmentStatus' | 'deliveryStatus'>,
  current: number,
) {
  if (f.deliveryStatus === 'DELIVERED') return ORDER_STATUS_CODE.Delivered;
  if (f.shipmentStatus === 'SHIPPED') return ORDER_STATUS_CODE.Shipped;
  if (f.shipmentStatus === 'PARTIALLY_SHIPPED') return ORDER_STATUS_CODE.PartiallyShipped;
  return current;
}

/** Statuses only shipments set: the order edit form does not offer them (the console's Fulfilment card does). */
export const SET_BY_SHIPMENTS: readonly number[] = [
  ORDER_STATUS_CODE.PartiallyShipped,
  ORDER_STATUS_CODE.Shipped,
  ORDER_STATUS_CODE.Delivered,
];

/** Orders that may ship now: paid, in processing, or partly shipped already (the transition table says so). */
export const SHIPPABLE: readonly number[] = ORDER_STATUS_CODES.filter(
  (code) =>
    canTransition(code, ORDER_STATUS_CODE.Shipped) || canTransition(code, ORDER_STATUS_CODE.PartiallyShipped),
);
