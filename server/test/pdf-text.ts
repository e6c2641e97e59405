import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by pdf-lib shows, one string per drawn run, in drawing order: its content streams inflated,
 * each `<hex> Tj` decoded from WinAnsi (the standard fonts' encoding). No-break spaces read as spaces.
 */
export function pdfText(pdf: Buffer | Uint8Array): string[] {
  const bytes = Buffer.from(pdf);
  // WinAnsi is Latin-1 but for 0x80-0x9F, where the typographic quotes, dashes, ellipsis and euro sign are.
  const high: Record<number, string> = {
    0x80: '€',
    0x85: '…',
    0x91: '‘',
    0x92: '’',
    0x93: '“',
    0x94: '”',
    0x96: '–',
    0x97: '—',
  };
  const winAnsi = { decode: (b: Buffer) => [...b].map((c) => high[c] ?? String.fromCharCode(c)).join('') };
  const runs: string[] = [];
  let at = 0;
  for (;;) {
    const start = bytes.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    const bodyStart = start + (bytes[start + 6] === 0x0d ? 8 : 7);
    const end = bytes.indexOf('endstream', bodyStart, 'latin1');
    if (end < 0) break;
    at = end + 9;
    if (bytes.subarray(start - 3, start).toString('latin1') === 'end') continue;
    let content: string;
    try {
      content = inflateSync(bytes.subarray(bodyStart, end)).toString('latin1');
    } catch {
      content = bytes.subarray(bodyStart, end).toString('latin1');
    }
    for (const m of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      runs.push(winAnsi.decode(Buffer.from(m[1]!, 'hex')).replace(/\u00a0/g, ' '));
    }
  }
  return runs;
}
