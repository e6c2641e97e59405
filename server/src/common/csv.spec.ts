import { describe, expect, it } from '@jest/globals';
import { csvRecords } from './csv';

/* CSV as spreadsheets save it (RFC 4180), read by slices (the imports' files, decision 069). */

const read = (text: string) => [...csvRecords(text)];

describe('csvRecords', () => {
  it('reads quoted commas, doubled quotes and line breaks in quotes, each record with its first line', () => {
    expect(
      read(
        '\ufeffpartNumber,name\r\n"1010-S","Profile, 1"" x 1"""\n\nA-2,"two\nlines"\nB-3,plain "inch" mark\n',
      ),
    ).toEqual([
      { line: 1, fields: ['partNumber', 'name'] },
      { line: 2, fields: ['1010-S', 'Profile, 1" x 1"'] },
      { line: 4, fields: ['A-2', 'two\nlines'] },
      { line: 6, fields: ['B-3', 'plain "inch" mark'] },
    ]);
  });

  it('keeps empty fields, and stops at a quote that never closes, on its record', () => {
    expect(read('a,,\n"",x\n')).toEqual([
      { line: 1, fields: ['a', '', ''] },
      { line: 2, fields: ['', 'x'] },
    ]);
    expect(read('a,b\n"open,1\n2,3\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, error: true },
    ]);
  });
});
