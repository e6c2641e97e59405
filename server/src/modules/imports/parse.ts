import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportError,
  type ImportKind,
} from '../../../../domain/imports';
import { csvRecords } from '../../common/csv';
import { AppError } from '../../common/errors';

/** A row of an import file: its line (CSV: the file's line; JSON: the element's place, from 1) and its values. */
export interface ImportRow {
  line: number;
  values: Record<string, unknown>;
}

export interface ImportFile {
  rows: ImportRow[];
  /** The file's own errors (columns, a broken line): nothing is applied while there are any. */
  errors: ImportError[];
}

const tooMany = () =>
  new AppError('BAD_USER_INPUT', IMPORT_MESSAGES.tooManyRows, [
    { field: 'file', message: IMPORT_MESSAGES.tooManyRows },
  ]);

/** The columns a file names that the kind does not read, and those it needs but lacks. */
function columnErrors(kind: ImportKind, columns: readonly string[]): ImportError[] {
  const { required, optional } = IMPORT_COLUMNS[kind];
  const known = new Set([...required, ...optional]);
  return [
    ...required
      .filter((c) => !columns.includes(c))
      .map((c) => ({ line: 1, field: c, message: IMPORT_MESSAGES.missingColumn(c) })),
    ...columns
      .filter((c) => !known.has(c))
      .map((c) => ({ line: 1, field: c, message: IMPORT_MESSAGES.unknownColumn(c) })),
  ];
}

/**
 * A CSV file's rows: the first line names the columns (IMPORT_COLUMNS, any order), each next line is a row. A NUL
 * byte refuses the whole file; more than IMPORT_MAX_ROWS rows too, before the rest is read.
 */
export function csvImport(kind: ImportKind, text: string): ImportFile {
  if (text.includes('\u0000')) {
    throw new AppError('BAD_USER_INPUT', IMPORT_MESSAGES.nul, [
      { field: 'file', message: IMPORT_MESSAGES.nul },
    ]);
  }
  const rows: ImportRow[] = [];
  const errors: ImportError[] = [];
  let header: string[] | null = null;
  for (const record of csvRecords(text)) {
    if ('error' in record) {
      errors.push({ line: record.line, field: 'file', message: IMPORT_MESSAGES.csv });
      break;
    }
    if (!header) {
      header = record.fields.map((f) => f.trim());
      errors.push(...columnErrors(kind, header));
      continue;
    }
    if (rows.length >= IMPORT_MAX_ROWS) throw tooMany();
    const values: Record<string, unknown> = {};
    header.forEach((column, i) => (values[column] = record.fields[i] ?? ''));
    rows.push({ line: record.line, values });
  }
  if (!header || (rows.length === 0 && errors.length === 0)) {
    throw new AppError('BAD_USER_INPUT', IMPORT_MESSAGES.empty, [
      { field: 'file', message: IMPORT_MESSAGES.empty },
    ]);
  }
  return { rows, errors };
}

/** A JSON body's rows: an array of objects with the kind's keys. */
export function jsonImport(kind: ImportKind, body: unknown): ImportFile {
  if (!Array.isArray(body)) {
    throw new AppError('BAD_USER_INPUT', IMPORT_MESSAGES.notArray, [
      { field: 'file', message: IMPORT_MESSAGES.notArray },
    ]);
  }
  if (body.length === 0) {
    throw new AppError('BAD_USER_INPUT', IMPORT_MESSAGES.empty, [
      { field: 'file', message: IMPORT_MESSAGES.empty },
    ]);
  }
  if (body.length > IMPORT_MAX_ROWS) throw tooMany();
  const errors: ImportError[] = [];
  const columns = new Set<string>();
  const rows: ImportRow[] = [];
  body.forEach((element: unknown, i) => {
    if (element === null || typeof element !== 'object' || Array.isArray(element)) {
      errors.push({ line: i + 1, field: '', message: IMPORT_MESSAGES.notObject });
      return;
    }
    // A cell is one value: a list or an object (`{"name": {}}`) is refused on its line, by its key, before a
    // column's check (yup's trim would throw on it: a 500 for a caller's mistake).
    const nested = Object.entries(element).filter(([, v]) => v !== null && typeof v === 'object');
    for (const [field] of nested) errors.push({ line: i + 1, field, message: IMPORT_MESSAGES.notValue });
    Object.keys(element).forEach((k) => columns.add(k));
    if (nested.length === 0) rows.push({ line: i + 1, values: element as Record<string, unknown> });
  });
  const { required } = IMPORT_COLUMNS[kind];
  // Every row must carry the required keys (the row's check says which); unknown keys are refused by name.
  errors.push(...columnErrors(kind, [...columns, ...required]));
  return { rows, errors };
}
