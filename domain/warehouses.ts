import { array, number, object, string, type InferType } from 'yup';

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

export const MAX_ON_HAND = 10_000_000;

export const STOCK_MESSAGES = {
  warehouse: 'Choose a warehouse.',
  onHand: 'Enter a count from 0 to 10,000,000.',
  levels: 'Give the count of at least one warehouse.',
  reason: 'Say why the stock changes (a count, a delivery, damage…).',
} as const;

/** New on-hand counts of a part at one or more warehouses (a supplier's feed; staff add a reason). */
export const stockLevelsSchema = object({
  levels: array(
    object({
      warehouseId: string()
        .oneOf(
          WAREHOUSES.map((w) => w.id),
          STOCK_MESSAGES.warehouse,
        )
        .required(STOCK_MESSAGES.warehouse),
      onHand: number()
        .typeError(STOCK_MESSAGES.onHand)
        .integer(STOCK_MESSAGES.onHand)
        .min(0, STOCK_MESSAGES.onHand)
        .max(MAX_ON_HAND, STOCK_MESSAGES.onHand)
        .required(STOCK_MESSAGES.onHand),
    }),
  )
    .min(1, STOCK_MESSAGES.levels)
    .max(WAREHOUSES.length, STOCK_MESSAGES.levels)
    .required(STOCK_MESSAGES.levels),
});
export type StockLevelsInput = InferType<typeof stockLevelsSchema>;

/** Staff's adjustment: the counts and why (kept in the audit trail). */
export const stockAdjustmentSchema = stockLevelsSchema.shape({
  reason: string().trim().required(STOCK_MESSAGES.reason).max(500, STOCK_MESSAGES.reason),
});
