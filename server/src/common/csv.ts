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
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    let broken = false;
    for (;;) {
      if (i >= n) {
        if (quoted) broken = true;
        fields.push(field);
        break;
      }
      const c = text[i]!;
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else {
            quoted = false;
            i += 1;
          }
        } else {
          if (c === '\n') line += 1;
          field += c;
          i += 1;
        }
        continue;
      }
      if (c === '"' && field === '') {
        quoted = true;
        i += 1;
      } else if (c === ',') {
        fields.push(field);
        field = '';
        i += 1;
      } else if (c === '\r' || c === '\n') {
        fields.push(field);
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line += 1;
        break;
      } else {
        field += c;
        i += 1;
      }
    }
    if (broken) {
      yield { line: start, error: true };
      return;
    }
    // A blank line (a trailing newline, a spreadsheet's empty row) is no record.
    if (fields.length === 1 && fields[0] === '') continue;
    yield { line: start, fields };
  }
}
