import { warehouseById, warehousesFor, type Warehouse } from './warehouses';

/*
 * When a line ships (issue 33, decision 050): one rule for the server (reservations at place order, the cart's and
 * the order's ship dates) and the browser (the product page's quantity), with the clock passed in so tests are exact.
 */

/** A warehouse's stock a buyer may still take: on hand less what orders reserved. */
export interface StockAt {
  warehouseId: string;
  available: number;
}

export interface ShipInput {
  /** What the line needs, in the part's selling unit (packs for a part sold by the pack), as stock counts. */
  quantity: number;
  stock: readonly StockAt[];
  /** The ship-to state or province (nearest warehouse first); unknown: Mooresville first. */
  state?: string | null;
  backorder: { allowed: boolean; leadTimeDays: number };
  /** Work-centre cuts each piece needs (cut-to-length, tapping): 0 for a part shipped as stocked. */
  cutsPerPiece?: number;
  /** Cuts already booked at a warehouse on a day (YYYY-MM-DD). */
  booked?: (warehouseId: string, day: string) => number;
  now: Date;
}

/** Where part of a line ships from, how many pieces, and the day. */
export interface ShipPart {
  warehouseId: string;
  quantity: number;
  /** Not in stock: ordered from the maker, shipped after the lead time. */
  backordered: boolean;
  shipOn: string;
  /** Work-centre cuts it books on `shipOn`… days (spread over several days when one is not enough). */
  cuts: { day: string; cuts: number }[];
}

export type ShipPlan =
  | {
      fillable: true;
      parts: ShipPart[];
      /** The day the whole line has shipped (its last part). */
      shipOn: string;
      /** Pieces on backorder. */
      backordered: number;
      /** When the line ships today if ordered before the cut-off: the cut-off (ISO 8601); else null. */
      orderBy: string | null;
    }
  | {
      fillable: false;
      /** Pieces in stock everywhere (backorders are off for this part). */
      available: number;
    };

interface LocalTime {
  day: string;
  minutes: number;
}

/** One clock reader per time zone: making an Intl.DateTimeFormat costs far more than using one. */
const clocks = new Map<string, Intl.DateTimeFormat>();
const clockOf = (timeZone: string): Intl.DateTimeFormat => {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
};

/** The warehouse's own date and minutes past midnight at `at`. */
function localTime(w: Warehouse, at: Date): LocalTime {
  const parts = Object.fromEntries(
    clockOf(w.timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const nextDay = (day: string) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** A day the warehouse ships: Monday to Friday, not a holiday. */
export function isShipDay(w: Warehouse, day: string): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !w.holidays.includes(day);
}

/** The first ship day on or after `day`. */
function shipDayFrom(w: Warehouse, day: string): string {
  let d = day;
  while (!isShipDay(w, d)) d = nextDay(d);
  return d;
}

/** The ship day `n` ship days after `day` (a ship day itself). */
export function addShipDays(w: Warehouse, day: string, n: number): string {
  let d = shipDayFrom(w, day);
  for (let i = 0; i < n; i++) d = shipDayFrom(w, nextDay(d));
  return d;
}

const cutoffMinutes = (w: Warehouse) => {
  const [h, m] = w.cutoff.split(':').map(Number);
  return h! * 60 + m!;
};

/** The first day an order placed `now` can ship from `w`: today before the cut-off on a ship day, else the next. */
export function firstShipDay(w: Warehouse, now: Date): string {
  const local = localTime(w, now);
  if (isShipDay(w, local.day) && local.minutes < cutoffMinutes(w)) return local.day;
  return shipDayFrom(w, nextDay(local.day));
}

/** The instant of the warehouse's cut-off on `day` (its own clock), as ISO 8601. */
export function cutoffInstant(w: Warehouse, day: string): string {
  // The offset of the warehouse's clock that day, read at noon UTC (no cut-off falls on a clock change).
  const noon = new Date(`${day}T12:00:00Z`);
  const local = localTime(w, noon);
  const offsetMinutes = local.minutes - 12 * 60 + (local.day === day ? 0 : local.day < day ? -1440 : 1440);
  const utc = new Date(`${day}T00:00:00Z`).getTime() + (cutoffMinutes(w) - offsetMinutes) * 60_000;
  return new Date(utc).toISOString();
}

/**
 * Books `cuts` at the warehouse from `day` on, in the capacity each ship day has left: the day the last cut is made
 * is the day it ships.
 */
function bookCuts(
  w: Warehouse,
  day: string,
  cuts: number,
  booked: (warehouseId: string, day: string) => number,
): { shipOn: string; cuts: ShipPart['cuts'] } {
  const plan: ShipPart['cuts'] = [];
  let left = cuts;
  let d = shipDayFrom(w, day);
  // A year of ship days is far beyond any order: stop there rather than loop on a full calendar.
  for (let i = 0; left > 0 && i < 260; i++, d = shipDayFrom(w, nextDay(d))) {
    const free = Math.max(
      0,
      w.cutsPerDay - booked(w.id, d) - plan.reduce((n, p) => (p.day === d ? n + p.cuts : n), 0),
    );
    if (free === 0) continue;
    const take = Math.min(free, left);
    plan.push({ day: d, cuts: take });
    left -= take;
    if (left === 0) return { shipOn: d, cuts: plan };
  }
  return { shipOn: plan.at(-1)?.day ?? shipDayFrom(w, day), cuts: plan };
}

/**
 * Where and when a line ships: from the nearest warehouse's stock first, then the others', the rest on backorder
 * (after the lead time, from the nearest) when the part allows it; not fillable otherwise. Cut work books each
 * warehouse's cell from the first ship day on.
 */
export function planShipment(input: ShipInput): ShipPlan {
  const warehouses = warehousesFor(input.state);
  const available = (id: string) =>
    Math.max(0, input.stock.find((s) => s.warehouseId === id)?.available ?? 0);
  const total = warehouses.reduce((n, w) => n + available(w.id), 0);
  if (total < input.quantity && !input.backorder.allowed) return { fillable: false, available: total };
  const booked = input.booked ?? (() => 0);
  const bookedHere = new Map<string, number>();
  const bookedSoFar = (id: string, day: string) => booked(id, day) + (bookedHere.get(`${id}:${day}`) ?? 0);
  const perPiece = input.cutsPerPiece ?? 0;
  const parts: ShipPart[] = [];
  let left = input.quantity;
  const place = (w: Warehouse, quantity: number, backordered: boolean, from: string) => {
    const work = perPiece > 0 ? bookCuts(w, from, quantity * perPiece, bookedSoFar) : null;
    for (const c of work?.cuts ?? []) {
      bookedHere.set(`${w.id}:${c.day}`, (bookedHere.get(`${w.id}:${c.day}`) ?? 0) + c.cuts);
    }
    parts.push({
      warehouseId: w.id,
      quantity,
      backordered,
      shipOn: work?.shipOn ?? from,
      cuts: work?.cuts ?? [],
    });
  };
  for (const w of warehouses) {
    const take = Math.min(left, available(w.id));
    if (take <= 0) continue;
    place(w, take, false, firstShipDay(w, input.now));
    left -= take;
  }
  if (left > 0) {
    const nearest = warehouses[0]!;
    place(
      nearest,
      left,
      true,
      addShipDays(nearest, firstShipDay(nearest, input.now), input.backorder.leadTimeDays),
    );
  }
  const shipOn = parts.reduce((last, p) => (p.shipOn > last ? p.shipOn : last), '');
  // Ships today when every part ships on its warehouse's today: order before the earliest of their cut-offs.
  const cutoffs = parts.map((p) => {
    const w = warehouseById(p.warehouseId)!;
    const today = localTime(w, input.now).day;
    return p.shipOn === today ? cutoffInstant(w, today) : null;
  });
  const allToday = cutoffs.length > 0 && cutoffs.every((c) => c !== null);
  return {
    fillable: true,
    parts,
    shipOn,
    backordered: left,
    orderBy: allToday ? cutoffs.reduce((a, b) => (b! < a! ? b : a))! : null,
  };
}

/** How a ship date reads: today with the time left, a weekday within the week, else a date; backorders "about". */
export type ShipLabel =
  | { kind: 'today'; minutesLeft: number }
  | { kind: 'weekday'; day: string }
  | { kind: 'date'; day: string }
  | { kind: 'backordered'; day: string }
  | { kind: 'unavailable' };

/** The label of a plan at `now` (the buyer's clock counts down to the cut-off). */
export function shipLabel(plan: ShipPlan, now: Date): ShipLabel {
  if (!plan.fillable) return { kind: 'unavailable' };
  if (plan.backordered > 0) return { kind: 'backordered', day: plan.shipOn };
  if (plan.orderBy) {
    const minutesLeft = Math.floor((new Date(plan.orderBy).getTime() - now.getTime()) / 60_000);
    if (minutesLeft > 0) return { kind: 'today', minutesLeft };
  }
  const days = (new Date(`${plan.shipOn}T12:00:00Z`).getTime() - now.getTime()) / 86_400_000;
  return days < 6 ? { kind: 'weekday', day: plan.shipOn } : { kind: 'date', day: plan.shipOn };
}

/**
 * Work-centre cuts a piece of a line needs: a configured piece (cut to length, machined) is cut once. Given the
 * line's configurations, or whether the piece is configured (a product page's configurator).
 */
export const cutsPerPiece = (configured: boolean | readonly unknown[]): number =>
  (typeof configured === 'boolean' ? configured : configured.length > 0) ? 1 : 0;

/** A line that cannot be filled because its part is not sold on backorder (place order refuses the order). */
export const stockShortMessage = (name: string, available: number): string =>
  available > 0
    ? `${name}: only ${available} in stock, and it is not sold on backorder. Lower the quantity or remove it.`
    : `${name} is out of stock and not sold on backorder. Remove it, or ask to be told when it is back.`;
