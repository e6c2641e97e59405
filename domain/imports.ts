import { object, string } from 'yup';
import { CONSOLE_ACCESS, SUPPLIER_ACCESS } from './admin';
import { priceBreakSchema, priceSchema } from './price-breaks';
import { stockLevelSchema } from './stock.schema';

/*
 * Bulk imports with a dry run (issue 56, item 5; decision 069): prices, volume price breaks and stock counts, from a
 * CSV file or a JSON array, checked row by row with the same rules as the console's forms (this file reuses their
 * schemas and messages; it writes no rule of its own but the file's shape).
 */

export const IMPORT_KINDS = ['prices', 'price-breaks', 'stock'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/**
 * Who may run each kind (decision 010's matrix): prices and price breaks as the console's Prices section; stock
 * also a Supplier, signed in or through a `supplier:products` key, for its own brand's parts only.
 */
export const IMPORT_ACCESS = {
  prices: CONSOLE_ACCESS.prices,
  'price-breaks': CONSOLE_ACCESS.prices,
  stock: { roles: [...CONSOLE_ACCESS.stock, ...SUPPLIER_ACCESS.roles], scope: SUPPLIER_ACCESS.scope },
} as const;

/** At most this many rows (lines after the CSV header, or JSON array elements) and bytes per file. */
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** A dry run lists at most this many errors (the rest are counted, never applied). */
export const IMPORT_MAX_ERRORS = 1_000;
/** One business event carries at most this many changed rows (an import's changes go out in chunks). */
export const IMPORT_EVENT_ROWS = 500;

/** Each kind's columns: the required ones, then the optional ones (CSV header names, JSON keys). */
export const IMPORT_COLUMNS: Record<ImportKind, { required: string[]; optional: string[] }> = {
  prices: { required: ['partNumber', 'price'], optional: ['priceList'] },
  'price-breaks': { required: ['partNumber', 'minQuantity', 'price'], optional: ['priceList'] },
  stock: { required: ['partNumber', 'warehouseId', 'onHand'], optional: [] },
};

export const IMPORT_MESSAGES = {
  empty: 'The file has no rows to import.',
  tooManyRows: `A file can hold at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows: split it.`,
  tooLarge: `A file can be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB: split it.`,
  file: 'Send one CSV file in the "file" field, or a JSON array of rows.',
  notArray: 'Send the rows as a JSON array of objects.',
  notObject: 'Each row must be an object.',
  csv: 'This line is not valid CSV (check its quotes).',
  nul: 'The file contains a NUL byte: save it as text (CSV, UTF-8) and send it again.',
  missingColumn: (column: string) => `The column "${column}" is missing.`,
  unknownColumn: (column: string) => `The column "${column}" is not one this import reads.`,
  partNumber: 'Enter the part number.',
  priceList: 'This price list does not exist.',
  duplicate: 'This row repeats an earlier one for the same part.',
  errors: 'The file has errors: nothing was imported. Fix the lines listed and send it again.',
} as const;

const partNumber = string().trim().required(IMPORT_MESSAGES.partNumber).max(64, IMPORT_MESSAGES.partNumber);
const priceList = string().trim().max(64, IMPORT_MESSAGES.priceList).default('');

/** One row of each kind, checked with the console's own schemas (a price, a break, a stock count). */
export const IMPORT_ROW_SCHEMAS = {
  prices: object({ partNumber, priceList, price: priceSchema }),
  'price-breaks': object({ partNumber, priceList }).concat(priceBreakSchema),
  stock: object({ partNumber }).concat(stockLevelSchema),
};

/** An error of one row: its line (CSV: the file's line, the header being line 1; JSON: the element, from 1). */
export interface ImportError {
  line: number;
  field: string;
  message: string;
}

/** What an import would change (a dry run) or changed. */
export interface ImportReport {
  kind: ImportKind;
  dryRun: boolean;
  rows: number;
  new: number;
  /** `key`: the price list ('' the catalogue's) or the warehouse; `before` null where there was none (new). */
  changed: { partNumber: string; key: string; before: unknown; after: unknown }[];
  unchanged: number;
  /** Part numbers the store does not have (or, for a Supplier, not of its brand): never applied. */
  unknown: { line: number; partNumber: string }[];
  errors: ImportError[];
  /** Errors beyond those listed. */
  moreErrors: number;
}
