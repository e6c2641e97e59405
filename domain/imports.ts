import { number, object, string } from 'yup';
import { CONSOLE_ACCESS, SUPPLIER_ACCESS } from './admin';
import { MINIMUM_PURCHASE_QUANTITY_MESSAGE, minimumPurchaseQuantitySchema } from './cart-line.schema';
import { priceBreakSchema, priceSchema } from './price-breaks';
import { MAX_LEAD_TIME_DAYS } from './quotes';
import { stockLevelSchema } from './stock.schema';
import { oneLine, plainText } from './text.schema';

/*
 * Bulk imports with a dry run (issue 56, item 5; decision 069): prices, volume price breaks, stock counts and the
 * products' master data, from a CSV file or a JSON array, checked row by row with the same rules as the console's
 * forms (this file reuses their schemas and messages; it writes no rule of its own but the file's shape and the
 * master data fields no form edits yet).
 */

export const IMPORT_KINDS = ['prices', 'price-breaks', 'stock', 'products'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/**
 * Who may run each kind (decision 010's matrix): prices and price breaks as the console's Prices section; stock
 * also a Supplier, signed in or through a `supplier:products` key, for its own brand's parts only.
 */
export const IMPORT_ACCESS = {
  prices: CONSOLE_ACCESS.prices,
  'price-breaks': CONSOLE_ACCESS.prices,
  stock: { roles: [...CONSOLE_ACCESS.stock, ...SUPPLIER_ACCESS.roles], scope: SUPPLIER_ACCESS.scope },
  /** The products' master data: staff as prices (a brand's Supplier has no say in the catalogue's names, yet). */
  products: CONSOLE_ACCESS.prices,
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
  products: {
    required: ['partNumber'],
    optional: [
      'name',
      'description',
      'brand',
      'category',
      'manufacturerPartNumber',
      'unitOfMeasure',
      'minimumPurchaseQuantity',
      'weightKg',
      'leadTimeDays',
    ],
  },
};

/** The products' master data limits (a products import; the catalogue's own columns are text). */
export const PRODUCT_LIMITS = {
  name: 200,
  description: 10_000,
  handle: 300,
  manufacturerPartNumber: 64,
  weightKg: 100_000,
} as const;

export const IMPORT_MESSAGES = {
  empty: 'The file has no rows to import.',
  tooManyRows: `A file can hold at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows: split it.`,
  tooLarge: `A file can be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB: split it.`,
  file: 'Send one CSV file in the "file" field, or a JSON array of rows.',
  notArray: 'Send the rows as a JSON array of objects.',
  notObject: 'Each row must be an object.',
  notValue: 'Enter text, a number or null here, not a list or an object.',
  csv: 'This line is not valid CSV (check its quotes).',
  nul: 'The file contains a NUL byte: save it as text (CSV, UTF-8) and send it again.',
  missingColumn: (column: string) => `The column "${column}" is missing.`,
  unknownColumn: (column: string) => `The column "${column}" is not one this import reads.`,
  partNumber: 'Enter the part number.',
  priceList: 'This price list does not exist.',
  duplicate: 'This row repeats an earlier one for the same part.',
  errors: 'The file has errors: nothing was imported. Fix the lines listed and send it again.',
  name: `Enter the product's name: one line of at most ${PRODUCT_LIMITS.name} characters.`,
  description: `A description can be at most ${PRODUCT_LIMITS.description.toLocaleString('en-US')} characters.`,
  brand: "This brand does not exist: use the handle of one of the catalogue's brands.",
  category: "This category does not exist: use the full handle of one of the catalogue's categories.",
  manufacturerPartNumber: `A manufacturer part number is one line of at most ${PRODUCT_LIMITS.manufacturerPartNumber} characters.`,
  unitOfMeasure: 'Enter the unit of measure: 1 to 8 capital letters (EA, FT, PK).',
  weightKg: `Enter a weight in kg from 0 to ${PRODUCT_LIMITS.weightKg.toLocaleString('en-US')}, or leave it empty.`,
  leadTimeDays: `Enter a lead time of 0 to ${MAX_LEAD_TIME_DAYS} days, or leave it empty for the brand's.`,
  minimumOverMaximum: (maximum: number) =>
    `This minimum is above the part's maximum per order (${maximum}): raise the maximum under Stock first.`,
} as const;

const partNumber = string().trim().required(IMPORT_MESSAGES.partNumber).max(64, IMPORT_MESSAGES.partNumber);
const priceList = string().trim().max(64, IMPORT_MESSAGES.priceList).default('');

/*
 * A products row changes the columns it has: an absent column (JSON: key) leaves the value. An empty cell (JSON:
 * null or "") clears a value a product may lack (description, manufacturer part number, weight, lead time) and is
 * refused, with the column's message, where every product has one (name, brand, category, unit, minimum).
 */
const emptyIsNull = (value: unknown, original: unknown) =>
  original === null || (typeof original === 'string' && original.trim() === '') ? null : value;
const must = (message: string) => ({
  name: 'has-value',
  message,
  test: (v: unknown) => v !== null,
});
const text = (max: number, message: string) =>
  string().trim().transform(emptyIsNull).nullable().max(max, message).test(must(message)).test(oneLine);
const decimals3 = (v: number | null) => (typeof v === 'number' ? Math.round(v * 1000) / 1000 : v);

/** A products row: the part and the master data columns it has (each the catalogue's rule where one exists). */
const productRowSchema = object({
  partNumber,
  name: text(PRODUCT_LIMITS.name, IMPORT_MESSAGES.name),
  description: string()
    .transform((v: string | null, original: unknown) => (original === null ? '' : v))
    .trim()
    .max(PRODUCT_LIMITS.description, IMPORT_MESSAGES.description)
    .test(plainText),
  brand: text(PRODUCT_LIMITS.handle, IMPORT_MESSAGES.brand),
  category: text(PRODUCT_LIMITS.handle, IMPORT_MESSAGES.category),
  manufacturerPartNumber: string()
    .trim()
    .transform(emptyIsNull)
    .nullable()
    .max(PRODUCT_LIMITS.manufacturerPartNumber, IMPORT_MESSAGES.manufacturerPartNumber)
    .test(oneLine),
  unitOfMeasure: string()
    .trim()
    .transform(emptyIsNull)
    .nullable()
    .matches(/^[A-Z]{1,8}$/, IMPORT_MESSAGES.unitOfMeasure)
    .test(must(IMPORT_MESSAGES.unitOfMeasure)),
  minimumPurchaseQuantity: minimumPurchaseQuantitySchema
    .transform(emptyIsNull)
    .nullable()
    .test(must(MINIMUM_PURCHASE_QUANTITY_MESSAGE)),
  weightKg: number()
    .typeError(IMPORT_MESSAGES.weightKg)
    .transform(emptyIsNull)
    .nullable()
    .min(0, IMPORT_MESSAGES.weightKg)
    .max(PRODUCT_LIMITS.weightKg, IMPORT_MESSAGES.weightKg)
    .transform(decimals3),
  leadTimeDays: number()
    .typeError(IMPORT_MESSAGES.leadTimeDays)
    .transform(emptyIsNull)
    .nullable()
    .integer(IMPORT_MESSAGES.leadTimeDays)
    .min(0, IMPORT_MESSAGES.leadTimeDays)
    .max(MAX_LEAD_TIME_DAYS, IMPORT_MESSAGES.leadTimeDays),
});

/** One row of each kind, checked with the console's own schemas (a price, a break, a stock count, a product). */
export const IMPORT_ROW_SCHEMAS = {
  prices: object({ partNumber, priceList, price: priceSchema }),
  'price-breaks': object({ partNumber, priceList }).concat(priceBreakSchema),
  stock: object({ partNumber }).concat(stockLevelSchema),
  products: productRowSchema,
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
  /**
   * `key`: the price list ('' the catalogue's), the warehouse, or a product's column (one entry per column changed);
   * `before` null where there was none (new; a product's column that was empty is not new).
   */
  changed: { partNumber: string; key: string; before: unknown; after: unknown }[];
  unchanged: number;
  /** Part numbers the store does not have (or, for a Supplier, not of its brand): never applied. */
  unknown: { line: number; partNumber: string }[];
  errors: ImportError[];
  /** Errors beyond those listed. */
  moreErrors: number;
}
