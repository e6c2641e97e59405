import type { TestConfig } from 'yup';

/*
 * Free text people write that others read (staff's e-mails, the console, a buyer's company page): a name, an address
 * line, an ERP or PO number is one line of visible text. Control characters (CR, LF, tab, the other C0 and C1 codes,
 * DEL) would let it forge lines of an e-mail ("ERP account number: C10042"); bidirectional overrides and marks, and
 * the Unicode line and paragraph separators, would make it read otherwise than it is written. Nobody types them:
 * they are pasted or forged, and they are refused next to the field, by the same test in the form and on the server.
 */

/** What a one-line field with a line break, a tab or a hidden control character is told. */
export const ONE_LINE_MESSAGE = 'Use a single line here: no line breaks, tabs or hidden control characters.';
/** What a note or message (line breaks and tabs allowed) with a hidden control character is told. */
export const PLAIN_TEXT_MESSAGE = 'Remove the hidden control characters from this text.';

/**
 * C0 controls but tab, LF and CR; DEL and the C1 controls (NEL included); the Arabic letter mark, the left-to-right
 * and right-to-left marks, the line and paragraph separators, the bidi embeddings and overrides (U+202A–U+202E) and
 * isolates (U+2066–U+2069).
 */
const HIDDEN =
  '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u2028-\\u202E\\u2066-\\u2069';
const NOT_ONE_LINE = new RegExp(`[\\t\\n\\r${HIDDEN}]`, 'u');
const NOT_PLAIN = new RegExp(`[${HIDDEN}]`, 'u');

/** Whether `text` is one line of visible text (no control character, no bidi control, no line separator). */
export const isOneLine = (text: string | null | undefined): boolean =>
  text == null || !NOT_ONE_LINE.test(text);

/** Whether `text` is plain text: lines (LF, CRLF) and tabs allowed, no other control character or bidi control. */
export const isPlainText = (text: string | null | undefined): boolean =>
  text == null || !NOT_PLAIN.test(text);

/**
 * The test of every one-line field of the domain's schemas (names, addresses, ERP and PO numbers, list and location
 * names, references): `string().trim().max(64).test(oneLine)`.
 */
export const oneLine: TestConfig<string | null | undefined> = {
  name: 'one-line',
  message: ONE_LINE_MESSAGE,
  test: isOneLine,
};

/** The test of every multi-line field (notes, comments, messages, descriptions): line breaks and tabs are kept. */
export const plainText: TestConfig<string | null | undefined> = {
  name: 'plain-text',
  message: PLAIN_TEXT_MESSAGE,
  test: isPlainText,
};
