import { describe, expect, it } from '@jest/globals';
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import {
  IMPORT_COLUMNS,
  IMPORT_KINDS,
  IMPORT_MAX_ERRORS,
  IMPORT_MESSAGES,
  IMPORT_ROW_SCHEMAS,
  type ImportError,
  type ImportKind,
} from '../../domain/imports';
import { WAREHOUSES } from '../../domain/warehouses';
import { checkRows } from '../src/modules/imports/check';
import type { ImportRow } from '../src/modules/imports/parse';

/*
 * An import's rows are checked cell by cell, with the row's schema only for a row that fails (decision 077): what
 * a file gets (each row's values, each error's line, column and message, their order) must be what the row's
 * schema alone gives, on any file.
 */

/**
 * What the row's schema alone answers for each row (the oracle: the check before decision 077); a products row's
 * schema is picked for its set of columns, in the order of the first row with that set.
 */
function bySchema(kind: ImportKind, rows: ImportRow[]) {
  const whole = IMPORT_ROW_SCHEMAS[kind] as ObjectSchema<AnyObject>;
  const { required } = IMPORT_COLUMNS[kind];
  const picked = new Map<string, ObjectSchema<AnyObject>>();
  const errors: ImportError[] = [];
  const checked: { line: number; value: AnyObject }[] = [];
  for (const row of rows) {
    if (errors.length >= IMPORT_MAX_ERRORS) continue;
    const keys = Object.keys(row.values).filter((k) => k in whole.fields && !required.includes(k));
    const signature = [...keys].sort().join(',');
    if (!picked.has(signature)) picked.set(signature, whole.pick([...required, ...keys]));
    const schema = kind === 'products' ? picked.get(signature)! : whole;
    try {
      checked.push({
        line: row.line,
        value: schema.validateSync(row.values, { abortEarly: false, stripUnknown: true }),
      });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      for (const e of err.inner.length ? err.inner : [err])
        errors.push({ line: row.line, field: e.path ?? '', message: e.message });
    }
  }
  return { checked, errors };
}

/** Cells a spreadsheet or an ERP sends: blanks, padding, control characters, numbers as text, limits ± 1. */
const CELLS: unknown[] = [
  null,
  '',
  '  ',
  '  Hex bolt  ',
  'Hex bolt',
  'tab\there',
  'two\nlines',
  '\u202Eevil',
  'EA',
  'ea',
  'ABCDEFGHI',
  '0',
  '1',
  '-1',
  '1.5',
  '2.0004',
  ' 7 ',
  '1e3',
  '100001',
  'abc',
  0,
  2.5,
  1e9,
  true,
  'x'.repeat(65),
  'y'.repeat(201),
  'z'.repeat(10_001),
  'main',
  'west',
  '365',
  '3651',
];

/** A row of each kind that passes, for the cells picked below to spoil (or not). */
const GOOD: Record<ImportKind, Record<string, unknown>> = {
  prices: { partNumber: 'P-1', price: '12.50' },
  'price-breaks': { partNumber: 'P-1', minQuantity: '10', price: '9.5' },
  stock: { partNumber: 'P-1', warehouseId: WAREHOUSES[0]!.id, onHand: '5' },
  products: { partNumber: 'P-1', name: 'Hex bolt', unitOfMeasure: 'EA' },
};

/**
 * 600 rows of `kind`: a good row with cells picked by a fixed sequence, some columns missing, some unknown, in any
 * order.
 */
function rowsOf(kind: ImportKind, seed: number): ImportRow[] {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const columns = [...IMPORT_COLUMNS[kind].required, ...IMPORT_COLUMNS[kind].optional, 'extra'];
  return Array.from({ length: 600 }, (_, i) => {
    const values: Record<string, unknown> = { ...GOOD[kind] };
    const order = next() < 0.2 ? [...columns].reverse() : columns;
    for (const column of order) {
      const roll = next();
      if (roll < 0.15) delete values[column];
      else if (roll < 0.5) values[column] = CELLS[Math.floor(next() * CELLS.length)];
    }
    return { line: i + 2, values };
  });
}

/** Values compared by content (the order of an object's keys is nobody's concern). */
const sorted = (checked: { line: number; value: AnyObject }[]) =>
  checked.map(({ line, value }) => [line, Object.entries(value).sort(([a], [b]) => a.localeCompare(b))]);

describe('an import’s row checks', () => {
  it.each(IMPORT_KINDS.map((kind) => [kind]))(
    '%s: each row gets the values and the errors, in their order, that the row’s schema gives',
    (kind) => {
      for (const seed of [1, 7, 42, 2026]) {
        const rows = rowsOf(kind, seed);
        const errors: ImportError[] = [];
        const { checked } = checkRows(kind, rows, errors);
        const expected = bySchema(kind, rows);
        expect(errors).toEqual(expected.errors);
        expect(sorted(checked)).toEqual(sorted(expected.checked));
        // The file is a bad one: the comparison covers refusals as well as values.
        expect(errors.length).toBeGreaterThan(50);
        expect(checked.length).toBeGreaterThan(0);
      }
    },
  );

  it('reuses a repeated cell’s verdict without mixing up rows: the same unit passes, a bad one fails on its line', () => {
    const rows: ImportRow[] = Array.from({ length: 3_000 }, (_, i) => ({
      line: i + 2,
      values: { partNumber: `P-${i}`, unitOfMeasure: i === 2_500 ? 'each' : 'EA', name: `Part ${i}` },
    }));
    const errors: ImportError[] = [];
    const { checked } = checkRows('products', rows, errors);
    expect(errors).toEqual([{ line: 2_502, field: 'unitOfMeasure', message: IMPORT_MESSAGES.unitOfMeasure }]);
    expect(checked).toHaveLength(2_999);
    expect(checked[2_998]).toEqual({
      line: 3_001,
      value: { partNumber: 'P-2999', unitOfMeasure: 'EA', name: 'Part 2999' },
    });
  });
});
