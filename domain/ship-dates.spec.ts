import { describe, expect, it } from '@jest/globals';
import {
  addShipDays,
  cutoffInstant,
  cutsPerPiece,
  firstShipDay,
  planShipment,
  shipLabel,
  type ShipInput,
} from './ship-dates';
import { WAREHOUSES, warehousesFor } from './warehouses';

const [MOO, RNO] = WAREHOUSES as [(typeof WAREHOUSES)[0], (typeof WAREHOUSES)[1]];
/** Tuesday 1 December 2026 at a given UTC time (New York is UTC−5, Reno UTC−8 in December). */
const tuesday = (utc: string) => new Date(`2026-12-01T${utc}Z`);

const line = (over: Partial<ShipInput> = {}): ShipInput => ({
  quantity: 4,
  stock: [
    { warehouseId: 'MOO', available: 10 },
    { warehouseId: 'RNO', available: 3 },
  ],
  state: 'NC',
  backorder: { allowed: true, leadTimeDays: 10 },
  now: tuesday('15:00:00'),
  ...over,
});

describe('ship days', () => {
  it('ships the same day before the cut-off on its own clock, else the next ship day', () => {
    // 10:00 in Mooresville (cut-off 15:00) and 07:00 in Reno (cut-off 14:00).
    expect(firstShipDay(MOO, tuesday('15:00:00'))).toBe('2026-12-01');
    // 15:00 sharp in Mooresville is too late; 12:00 in Reno is not.
    expect(firstShipDay(MOO, tuesday('20:00:00'))).toBe('2026-12-02');
    expect(firstShipDay(RNO, tuesday('20:00:00'))).toBe('2026-12-01');
    expect(firstShipDay(RNO, tuesday('22:00:00'))).toBe('2026-12-02');
    // Late on Friday 4 December: Monday. Saturday: Monday.
    expect(firstShipDay(MOO, new Date('2026-12-04T21:00:00Z'))).toBe('2026-12-07');
    expect(firstShipDay(MOO, new Date('2026-12-05T14:00:00Z'))).toBe('2026-12-07');
    // Just past midnight UTC on Wednesday is still Tuesday evening in Reno: Wednesday.
    expect(firstShipDay(RNO, new Date('2026-12-02T03:00:00Z'))).toBe('2026-12-02');
  });

  it('skips weekends and the committed holidays', () => {
    // Thanksgiving week: Wednesday 25 November after the cut-off ships Monday 30 (26 and 27 are holidays).
    expect(firstShipDay(MOO, new Date('2026-11-25T21:00:00Z'))).toBe('2026-11-30');
    // Christmas: Wednesday 23 December + 1 ship day is Monday 28 (24, 25 holidays, then the weekend).
    expect(addShipDays(MOO, '2026-12-23', 1)).toBe('2026-12-28');
    expect(addShipDays(MOO, '2026-12-01', 10)).toBe('2026-12-15');
  });

  it('places the cut-off on the warehouse clock, in UTC', () => {
    expect(cutoffInstant(MOO, '2026-12-01')).toBe('2026-12-01T20:00:00.000Z');
    expect(cutoffInstant(RNO, '2026-12-01')).toBe('2026-12-01T22:00:00.000Z');
    // Summer time: 15:00 EDT is 19:00 UTC.
    expect(cutoffInstant(MOO, '2026-07-15')).toBe('2026-07-15T19:00:00.000Z');
  });
});

describe('planShipment', () => {
  it('ships from the warehouse nearest the ship-to first', () => {
    expect(warehousesFor('CA')[0]!.id).toBe('RNO');
    expect(warehousesFor('bc')[0]!.id).toBe('RNO');
    expect(warehousesFor('ON')[0]!.id).toBe('MOO');
    expect(warehousesFor(null)[0]!.id).toBe('MOO');
    const west = planShipment(line({ state: 'OR', quantity: 3 }));
    expect(west).toMatchObject({
      fillable: true,
      backordered: 0,
      parts: [{ warehouseId: 'RNO', quantity: 3 }],
    });
  });

  it('ships today with the cut-off to order by, and counts down to it', () => {
    const plan = planShipment(line());
    expect(plan).toMatchObject({
      fillable: true,
      shipOn: '2026-12-01',
      orderBy: '2026-12-01T20:00:00.000Z',
      parts: [{ warehouseId: 'MOO', quantity: 4, backordered: false, shipOn: '2026-12-01' }],
    });
    // 2 h 13 m before the cut-off.
    expect(shipLabel(plan, new Date('2026-12-01T17:47:00Z'))).toEqual({ kind: 'today', minutesLeft: 133 });
    const late = planShipment(line({ now: tuesday('21:00:00') }));
    expect(late).toMatchObject({ shipOn: '2026-12-02', orderBy: null });
    expect(shipLabel(late, tuesday('21:00:00'))).toEqual({ kind: 'weekday', day: '2026-12-02' });
  });

  it('takes what the nearest lacks from the other warehouse, and backorders the rest after the lead time', () => {
    const plan = planShipment(line({ quantity: 15 }));
    expect(plan).toMatchObject({
      fillable: true,
      backordered: 2,
      // 10 ship days after Tuesday 1 December.
      shipOn: '2026-12-15',
      orderBy: null,
      parts: [
        { warehouseId: 'MOO', quantity: 10, backordered: false, shipOn: '2026-12-01' },
        { warehouseId: 'RNO', quantity: 3, backordered: false, shipOn: '2026-12-01' },
        { warehouseId: 'MOO', quantity: 2, backordered: true, shipOn: '2026-12-15' },
      ],
    });
    expect(shipLabel(plan, tuesday('15:00:00'))).toEqual({ kind: 'backordered', day: '2026-12-15' });
  });

  it('counts down to the earliest cut-off of a line split between warehouses', () => {
    // Oregon: Reno first (cut-off 14:00 PT, 22:00 UTC), the rest from Mooresville (15:00 ET, 20:00 UTC).
    const split = planShipment(line({ state: 'OR', quantity: 8, now: tuesday('16:00:00') }));
    expect(split).toMatchObject({
      parts: [
        { warehouseId: 'RNO', quantity: 3 },
        { warehouseId: 'MOO', quantity: 5 },
      ],
      orderBy: '2026-12-01T20:00:00.000Z',
    });
  });

  it('is not fillable past the stock when backorders are off, at the last unit exactly', () => {
    const off = { allowed: false, leadTimeDays: 10 };
    expect(planShipment(line({ quantity: 13, backorder: off }))).toMatchObject({
      fillable: true,
      backordered: 0,
    });
    expect(planShipment(line({ quantity: 14, backorder: off }))).toEqual({ fillable: false, available: 13 });
    expect(shipLabel(planShipment(line({ quantity: 14, backorder: off })), tuesday('15:00:00'))).toEqual({
      kind: 'unavailable',
    });
  });

  it('waits for the work centre when its day is booked, spreading large cut work over days', () => {
    // Mooresville cuts 400 a day; 390 are booked today, 100 tomorrow.
    const booked = (w: string, day: string) =>
      w !== 'MOO' ? 0 : day === '2026-12-01' ? 390 : day === '2026-12-02' ? 100 : 0;
    const fits = planShipment(line({ quantity: 4, cutsPerPiece: 2, booked }));
    expect(fits).toMatchObject({ shipOn: '2026-12-01', orderBy: '2026-12-01T20:00:00.000Z' });
    const spills = planShipment(line({ quantity: 4, cutsPerPiece: 3, booked }));
    expect(spills).toMatchObject({ shipOn: '2026-12-02', orderBy: null });
    expect(spills.fillable && spills.parts[0]!.cuts).toEqual([
      { day: '2026-12-01', cuts: 10 },
      { day: '2026-12-02', cuts: 2 },
    ]);
    const stocked = { stock: [{ warehouseId: 'MOO', available: 1000 }] };
    const large = planShipment(line({ ...stocked, quantity: 500, cutsPerPiece: 1, booked }));
    // 10 today, 300 on Wednesday, 190 on Thursday.
    expect(large.fillable && large.parts[0]!.cuts).toEqual([
      { day: '2026-12-01', cuts: 10 },
      { day: '2026-12-02', cuts: 300 },
      { day: '2026-12-03', cuts: 190 },
    ]);
    expect(large).toMatchObject({ shipOn: '2026-12-03' });
  });

  it('cuts a configured piece once, whether the configurations or a configurator says it is configured', () => {
    expect([
      cutsPerPiece([]),
      cutsPerPiece([{ id: 'LEN', value: 612 }]),
      cutsPerPiece(false),
      cutsPerPiece(true),
    ]).toEqual([0, 1, 0, 1]);
  });

  it('reads a later ship day as a weekday within the week, then as a date', () => {
    const now = tuesday('21:00:00');
    expect(shipLabel(planShipment(line({ now })), now)).toEqual({ kind: 'weekday', day: '2026-12-02' });
    const far = planShipment(
      line({ now, quantity: 500, cutsPerPiece: 1, stock: [{ warehouseId: 'MOO', available: 500 }] }),
    );
    // 500 cuts at 400 a day: Thursday.
    expect(far).toMatchObject({ shipOn: '2026-12-03' });
    const later = { fillable: true as const, parts: [], shipOn: '2026-12-14', backordered: 0, orderBy: null };
    expect(shipLabel(later, now)).toEqual({ kind: 'date', day: '2026-12-14' });
  });
});
