import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { describeConfiguration } from '../../../../domain/configuration-text';
import { BRAND } from '../../../../domain/constants';
import { formatAmount } from '../../../../domain/money';
import { quoteNumberLabel } from '../../../../domain/quotes';
import type { QuoteRevisionView, QuoteView } from './quote.service';

const NAVY = rgb(0.06, 0.13, 0.2);
const ORANGE = rgb(0.95, 0.55, 0.16);
const STEEL = rgb(0.36, 0.42, 0.48);
const LINE = rgb(0.85, 0.88, 0.9);

/** Standard PDF fonts speak WinAnsi: anything else becomes '?', so the document always renders. */
const safe = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/**
 * A sent revision of a quote as a PDF (US Letter, decision 049): the store's letterhead, the quote's number, buyer
 * and company, its lines at the quoted prices, subtotal, freight and total before tax, lead time, last day and note.
 * Attached to the quote e-mail (made when it is delivered) and downloadable from the quote's page.
 */
export async function quotePdf(quote: QuoteView, sent: QuoteRevisionView): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const number = quoteNumberLabel(quote.number);
  doc.setTitle(`Quote ${number}`);
  doc.setAuthor(BRAND.name);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const money = (n: number) => formatAmount(n, quote.currency);
  let page = doc.addPage([612, 792]);
  const left = 48;
  const right = 564;
  let y = 744;
  const text = (
    p: PDFPage,
    s: string,
    x: number,
    yy: number,
    size = 10,
    font: PDFFont = regular,
    color = NAVY,
  ) => p.drawText(safe(s), { x, y: yy, size, font, color });
  const textRight = (p: PDFPage, s: string, x: number, yy: number, size = 10, font: PDFFont = regular) =>
    text(p, s, x - font.widthOfTextAtSize(safe(s), size), yy, size, font);
  const fit = (s: string, width: number) => {
    let cut = safe(s);
    while (cut.length > 1 && regular.widthOfTextAtSize(cut, 10) > width) cut = cut.slice(0, -1);
    return cut;
  };

  page.drawRectangle({ x: left, y: y - 6, width: 30, height: 30, color: ORANGE });
  text(page, 'A', left + 8, y + 1, 20, bold, rgb(1, 1, 1));
  text(page, 'Axisline', left + 40, y + 2, 20, bold);
  text(page, 'Supply', left + 40 + bold.widthOfTextAtSize('Axisline ', 20), y + 2, 20, bold, ORANGE);
  textRight(page, 'QUOTE', right, y + 4, 20, bold);
  y -= 30;
  const a = BRAND.address;
  for (const line of [
    a.street,
    `${a.city}, ${a.state} ${a.zip}`,
    `Toll-free ${BRAND.phones.tollFree}`,
    BRAND.email.help,
  ]) {
    text(page, line, left, y, 9, regular, STEEL);
    y -= 12;
  }
  let infoY = 714;
  const day = (d: string) =>
    new Date(`${d}T12:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  for (const [label, value] of [
    ['Quote', `${number}, revision ${sent.revision}`],
    ['Sent', new Date(sent.sentAt).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })],
    ['Open until', day(sent.expiresOn)],
  ] as [string, string][]) {
    textRight(page, `${label}: ${value}`, right, infoY, 9);
    infoY -= 12;
  }
  y -= 14;
  text(page, 'For', left, y, 9, bold, STEEL);
  y -= 13;
  for (const line of [quote.buyerName, quote.companyName, quote.buyerEmail].filter((v): v is string =>
    Boolean(v),
  )) {
    text(page, line, left, y);
    y -= 13;
  }

  const columns = { item: left, qty: 380, price: 470, total: right };
  const header = (p: PDFPage, yy: number) => {
    p.drawRectangle({ x: left, y: yy - 4, width: right - left, height: 16, color: rgb(0.96, 0.97, 0.98) });
    text(p, 'Item', columns.item + 4, yy, 9, bold, STEEL);
    textRight(p, 'Quantity', columns.qty, yy, 9, bold);
    textRight(p, 'Unit price', columns.price, yy, 9, bold);
    textRight(p, 'Total', columns.total - 4, yy, 9, bold);
  };
  y -= 12;
  header(page, y);
  y -= 20;
  for (const l of sent.lines) {
    const details = [l.itemId ?? '', ...l.configurations.map((c) => describeConfiguration(c))]
      .filter(Boolean)
      .join(' · ');
    if (y < 120) {
      page = doc.addPage([612, 792]);
      y = 744;
      header(page, y);
      y -= 20;
    }
    text(page, fit(l.description, columns.qty - 90 - left), columns.item + 4, y);
    textRight(page, l.packSize ? `${l.quantity} packs of ${l.packSize}` : String(l.quantity), columns.qty, y);
    textRight(page, l.unitPrice === null ? '-' : money(l.unitPrice), columns.price, y);
    textRight(page, l.lineTotal === null ? '-' : money(l.lineTotal), columns.total - 4, y);
    y -= 12;
    if (details) {
      text(page, fit(details, columns.qty - 90 - left), columns.item + 4, y, 8, regular, STEEL);
      y -= 12;
    }
    page.drawLine({ start: { x: left, y: y + 4 }, end: { x: right, y: y + 4 }, thickness: 0.5, color: LINE });
    y -= 6;
  }
  y -= 6;
  for (const [label, value, strong] of [
    ['Subtotal', money(sent.subTotal), false],
    ['Freight', money(sent.freight), false],
    ['Total before tax', money(sent.total), true],
  ] as [string, string, boolean][]) {
    textRight(page, label, columns.price, y, strong ? 11 : 10, strong ? bold : regular);
    textRight(page, value, columns.total - 4, y, strong ? 11 : 10, strong ? bold : regular);
    y -= 16;
  }
  y -= 8;
  text(
    page,
    `Lead time: ${sent.leadTimeDays} business days from the order. Tax is added at checkout.`,
    left,
    y,
    9,
  );
  y -= 14;
  for (const line of sent.note.split('\n').filter(Boolean)) {
    text(page, fit(line, right - left), left, y, 9, regular, STEEL);
    y -= 12;
  }
  return doc.save();
}
