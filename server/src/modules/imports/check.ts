import { ValidationError, type AnyObject, type ObjectSchema, type Schema } from 'yup';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ERRORS,
  IMPORT_ROW_SCHEMAS,
  type ImportError,
  type ImportKind,
} from '../../../../domain/imports';
import type { ImportRow } from './parse';

/** A row that passed its checks: its line and its values as the schema casts them. */
export interface Checked<T> {
  line: number;
  value: T;
}

/** A cell a column refuses (its messages are the row's schema's, below). */
const REFUSED = Symbol('refused');

/**
 * After this many cells a column's remembered verdicts are kept only if they repeat: a unit, a brand or a minimum
 * takes a few values in 50,000 rows (each checked once), a name or a description as many as there are rows (a
 * cache would only cost its memory).
 */
const MEMO_TRIAL = 1_000;

/**
 * One column's check: the kind's schema's own field (the rule stays in domain/), run on the cell alone: the cast
 * value, or REFUSED. Verdicts of a cell value seen before are reused (the checks are pure functions of the cell).
 */
function columnCheck(schema: Schema): (cell: unknown) => unknown {
  let memo: Map<unknown, unknown> | null = new Map();
  let seen = 0;
  const check = (cell: unknown): unknown => {
    try {
      return schema.validateSync(cell);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      return REFUSED;
    }
  };
  return (cell) => {
    if (!memo || (cell !== null && typeof cell === 'object')) return check(cell);
    let verdict = memo.get(cell);
    if (verdict === undefined && !memo.has(cell)) memo.set(cell, (verdict = check(cell)));
    if (++seen === MEMO_TRIAL && memo.size > MEMO_TRIAL / 2) memo = null;
    return verdict;
  };
}

/**
 * Validates each row with its kind's schema; errors by line, at most IMPORT_MAX_ERRORS listed. A products row is
 * checked on the columns it has (the others it leaves as they are).
 *
 * A row is checked column by column, each cell by its field's schema: the object schema around the fields cost
 * ~10 µs a row (0.6–1.9 s of a 50,000-row products dry run, decision 077) and adds nothing while no test reads
 * two columns (none does: a products row's rule across columns, the minimum under the part's maximum, is the
 * plan's, with the part's data). A row a cell fails is checked again by the whole row's schema, so its errors
 * are yup's, in yup's order; a test across a row's columns, if one is ever added, makes every row go that way.
 */
export function checkRows(
  kind: ImportKind,
  rows: readonly ImportRow[],
  errors: ImportError[],
): { checked: Checked<AnyObject>[]; more: number } {
  const whole = IMPORT_ROW_SCHEMAS[kind] as ObjectSchema<AnyObject>;
  const { required } = IMPORT_COLUMNS[kind];
  const byColumns = whole.tests.length === 0;
  const checks = new Map<string, (cell: unknown) => unknown>();
  const checkOf = (column: string) => {
    let check = checks.get(column);
    if (!check) checks.set(column, (check = columnCheck(whole.fields[column] as Schema)));
    return check;
  };
  // The schema (and its columns) of each set of a products row's keys, picked once per set (a CSV file's rows all
  // have the same); the other kinds' rows are checked on every column of their schema.
  const every = { schema: whole, columns: Object.keys(whole.fields) };
  const schemas = new Map<string, { schema: ObjectSchema<AnyObject>; columns: string[] }>();
  const schemaOf = (values: Record<string, unknown>) => {
    if (kind !== 'products') return every;
    const keys = Object.keys(values).filter((k) => k in whole.fields && !required.includes(k));
    const signature = [...keys].sort().join(',');
    let picked = schemas.get(signature);
    if (!picked) {
      const columns = [...required, ...keys];
      schemas.set(signature, (picked = { schema: whole.pick(columns), columns }));
    }
    return picked;
  };
  const checked: Checked<AnyObject>[] = [];
  let more = 0;
  for (const row of rows) {
    if (errors.length >= IMPORT_MAX_ERRORS) {
      more += 1;
      continue;
    }
    const { schema, columns } = schemaOf(row.values);
    if (byColumns) {
      const value: AnyObject = {};
      let refused = false;
      for (const column of columns) {
        const cast = checkOf(column)(row.values[column]);
        if (cast === REFUSED) refused = true;
        else if (cast !== undefined) value[column] = cast;
      }
      if (!refused) {
        checked.push({ line: row.line, value });
        continue;
      }
    }
    try {
      checked.push({
        line: row.line,
        value: schema.validateSync(row.values, { abortEarly: false, stripUnknown: true }),
      });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      for (const e of err.inner.length ? err.inner : [err]) {
        errors.push({ line: row.line, field: e.path ?? '', message: e.message });
      }
    }
  }
  return { checked, more };
}
