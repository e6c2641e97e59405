/*
 * The store's warehouses (issue 33, decision 050): committed configuration, read by the server (reservations, ship
 * dates) and the browser (ship dates on product pages) alike. A change here is a reviewed commit.
 */

export type WarehouseId = 'MOO' | 'RNO';

export interface Warehouse {
  id: WarehouseId;
  /** As buyers read it: city and state. */
  name: string;
  state: string;
  /** The warehouse's own clock: its cut-off and its days. */
  timeZone: string;
  /** Orders placed before this local time (HH:MM) ship the same business day. */
  cutoff: string;
  /** Days it does not ship besides Saturdays and Sundays (YYYY-MM-DD, its own days). */
  holidays: readonly string[];
  /** Cuts its saw and machining cell makes in a day (cut-to-length, tapping): work past this waits a day. */
  cutsPerDay: number;
}

/** US federal holidays as observed, and the days after Thanksgiving and before Christmas, 2026–2027. */
const US_HOLIDAYS = [
  '2026-01-01',
  '2026-01-19',
  '2026-02-16',
  '2026-05-25',
  '2026-06-19',
  '2026-07-03',
  '2026-09-07',
  '2026-11-26',
  '2026-11-27',
  '2026-12-24',
  '2026-12-25',
  '2027-01-01',
  '2027-01-18',
  '2027-02-15',
  '2027-05-31',
  '2027-06-18',
  '2027-07-05',
  '2027-09-06',
  '2027-11-25',
  '2027-11-26',
  '2027-12-23',
  '2027-12-24',
  '2027-12-31',
] as const;

export const WAREHOUSES: readonly Warehouse[] = [
  {
    id: 'MOO',
    name: 'Mooresville, NC',
    state: 'NC',
    timeZone: 'America/New_York',
    cutoff: '15:00',
    holidays: US_HOLIDAYS,
    cutsPerDay: 400,
  },
  {
    id: 'RNO',
    name: 'Reno, NV',
    state: 'NV',
    timeZone: 'America/Los_Angeles',
    cutoff: '14:00',
    holidays: US_HOLIDAYS,
    cutsPerDay: 150,
  },
];

/** Ship-to states and provinces Reno serves first; everywhere else Mooresville does. */
const WEST = new Set(
  'WA OR CA NV ID MT WY UT AZ NM CO AK HI BC AB YT NT SK'.split(' ').map((s) => s.toUpperCase()),
);

/** The warehouses nearest first for a ship-to state or province (unknown: Mooresville first). */
export function warehousesFor(state?: string | null): readonly Warehouse[] {
  const west = WEST.has((state ?? '').trim().toUpperCase());
  return west ? [WAREHOUSES[1]!, WAREHOUSES[0]!] : WAREHOUSES;
}

export const warehouseById = (id: string): Warehouse | undefined => WAREHOUSES.find((w) => w.id === id);

/** Business days a backorder takes when neither the part nor its brand says. */
export const DEFAULT_LEAD_TIME_DAYS = 10;

/** Stock at or below this many pieces counts as low (the console's low-stock view). */
export const LOW_STOCK_PIECES = 10;
