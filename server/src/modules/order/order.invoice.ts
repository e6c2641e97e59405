import { taxLineLabel } from '../../../../domain/tax';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { lineTerms } from '../../../../domain/price-terms';
import { describeConfiguration } from '../../../../domain/configuration-text';
import { orderNumberLabel } from '../../../../domain/checkout';
import { BRAND } from '../../../../domain/constants';
import type { OrderAddress } from './order.entity';
import type { OrderView } from './order.service';

const NAVY = rgb(0.06, 0.13, 0.2);
const ORANGE = rgb(0.95, 0.55, 0.16);
const STEEL = rgb(0.36, 0.42, 0.48);
const LINE = rgb(0.85, 0.88, 0.9);

const money = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Standard PDF fonts speak WinAnsi: anything else becomes '?', so the invoice always renders. */
const safe = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/**
 * The invoice as a PDF (US Letter): logo, the company's Mooresville NC address and toll-free phone, the order
 * number and date, ship-to, lines with configurations, totals and payment. Built on the server from the order
 * as placed (the same data as the invoice page).
 */
export async function invoicePdf(order: OrderView): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${orderNumberLabel(order.orderNumber)}`);
  doc.setAuthor(BRAND.name);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
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
  /** Cut to `width` points (at 10 pt), with an ellipsis, so side-by-side addresses never overlap. */
  const fit = (s: string, width: number) => {
    let cut = safe(s);
    if (regular.widthOfTextAtSize(cut, 10) <= width) return cut;
    while (cut.length > 1 && regular.widthOfTextAtSize(`${cut}...`, 10) > width) cut = cut.slice(0, -1);
    return `${cut}...`;
  };
  const textRight = (p: PDFPage, s: string, x: number, yy: number, size = 10, font: PDFFont = regular) =>
    text(p, s, x - font.widthOfTextAtSize(safe(s), size), yy, size, font);

  // Logo: the orange tile with the A mark, and the name.
  page.drawRectangle({ x: left, y: y - 6, width: 30, height: 30, color: ORANGE });
  text(page, 'A', left + 8, y + 1, 20, bold, rgb(1, 1, 1));
  text(page, 'Axisline', left + 40, y + 2, 20, bold);
  text(page, 'Supply', left + 40 + bold.widthOfTextAtSize('Axisline ', 20), y + 2, 20, bold, ORANGE);
  textRight(page, 'INVOICE', right, y + 4, 20, bold);
  y -= 30;
  const a = BRAND.address;
  for (const line of [
    a.street,
    `${a.city}, ${a.state} ${a.zip}`,
    `Toll-free ${BRAND.phones.tollFree}`,
    BRAND.email.orders,
  ]) {
    text(page, line, left, y, 9, regular, STEEL);
    y -= 12;
  }
  let infoY = 714;
  for (const [label, value] of [
    ['Invoice', orderNumberLabel(order.orderNumber)],
    ['Date', new Date(order.createdAt).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })],
    ['Status', order.statusLabel],
    ...(order.poNumber ? [['PO number', order.poNumber]] : []),
    ...(order.erpOrderId ? [['ERP order', order.erpOrderId]] : []),
  ] as [string, string][]) {
    textRight(page, `${label}: ${value}`, right, infoY, 9);
    infoY -= 12;
  }

  y -= 14;
  const s = order.shippingAddress;
  const billToX = 190;
  text(page, 'Ship to', left, y, 9, bold, STEEL);
  if (order.billTo) text(page, 'Bill to', billToX, y, 9, bold, STEEL);
  text(page, 'Shipping', 330, y, 9, bold, STEEL);
  y -= 13;
  const addressLines = (a: OrderAddress, email: string) =>
    [
      a.name,
      a.companyName,
      a.addressLine1,
      a.addressLine2,
      `${a.city}, ${a.state} ${a.zip}`,
      a.phone,
      email,
    ].filter((v): v is string => Boolean(v));
  const shipTo = addressLines(s, order.contactEmail);
  // The company's bill-to location (decision 045), beside the ship-to.
  const billTo = order.billTo ? addressLines(order.billTo, order.billTo.email) : [];
  const shipping = [
    `${order.carrierId.toUpperCase()} ${order.carrierMethod}`,
    order.paymentKind === 'card'
      ? `Paid by ${order.cardBrand ?? 'card'} ending ${order.cardLast4 ?? '----'}`
      : `Purchase order ${order.poNumber ?? ''}`,
    `Payment: ${order.paymentStatus.replace(/_/g, ' ').toLowerCase()}`,
  ];
  for (let i = 0; i < Math.max(shipTo.length, billTo.length, shipping.length); i++) {
    if (shipTo[i]) text(page, billTo.length ? fit(shipTo[i]!, billToX - left - 8) : shipTo[i]!, left, y, 10);
    if (billTo[i]) text(page, fit(billTo[i]!, 330 - billToX - 8), billToX, y, 10);
    if (shipping[i]) text(page, shipping[i]!, 330, y, 10);
    y -= 13;
  }

  const columns = { item: left, qty: 390, price: 470, total: right };
  const header = (p: PDFPage, yy: number) => {
    p.drawRectangle({ x: left - 4, y: yy - 5, width: right - left + 8, height: 18, color: NAVY });
    text(p, 'Item', columns.item, yy, 9, bold, rgb(1, 1, 1));
    text(p, 'Qty', columns.qty, yy, 9, bold, rgb(1, 1, 1));
    text(p, 'Unit price', columns.price - 30, yy, 9, bold, rgb(1, 1, 1));
    p.drawText('Amount', {
      x: columns.total - bold.widthOfTextAtSize('Amount', 9),
      y: yy,
      size: 9,
      font: bold,
      color: rgb(1, 1, 1),
    });
  };
  y -= 12;
  header(page, y);
  y -= 20;
  for (const line of order.lines) {
    const details = [
      `${line.itemId}${line.manufacturerPartNumber ? ` (mfr ${line.manufacturerPartNumber})` : ''}`,
      ...line.configurations.map((c) => describeConfiguration(c)),
      ...(line.minTransfer > 1 ? [`Packs of ${line.minimumPurchaseQuantity}`] : []),
    ];
    const height = 13 + details.length * 11 + 6;
    if (y - height < 140) {
      page = doc.addPage([612, 792]);
      y = 744;
      header(page, y);
      y -= 20;
    }
    text(page, truncate(line.name, bold, 10, columns.qty - columns.item - 10), columns.item, y, 10, bold);
    text(page, String(line.quantity), columns.qty, y, 10);
    // The unit the quantity counts: a pack's price for packs (domain/price-terms.ts), so quantity × price = total.
    textRight(page, money(lineTerms(line).unitPrice ?? 0), columns.price + 24, y, 10);
    textRight(page, money(line.lineTotal), columns.total, y, 10);
    y -= 12;
    for (const d of details) {
      text(
        page,
        truncate(d, regular, 8.5, columns.qty - columns.item - 10),
        columns.item,
        y,
        8.5,
        regular,
        STEEL,
      );
      y -= 11;
    }
    page.drawLine({
      start: { x: left - 4, y: y + 4 },
      end: { x: right + 4, y: y + 4 },
      color: LINE,
      thickness: 0.6,
    });
    y -= 8;
  }

  y -= 6;
  const totals: [string, string][] = [
    ['Subtotal', money(order.subTotal)],
    ['Freight', money(order.freightAmt)],
    ...order.taxes.map((tax): [string, string] => [
      taxLineLabel(tax, order.shippingAddress.state),
      money(tax.amount),
    ]),
  ];
  for (const [label, value] of totals) {
    textRight(page, label, 470, y, 10);
    textRight(page, value, right, y, 10);
    y -= 14;
  }
  page.drawLine({ start: { x: 360, y: y + 8 }, end: { x: right, y: y + 8 }, color: NAVY, thickness: 1 });
  y -= 4;
  textRight(page, 'Total', 470, y, 12, bold);
  textRight(page, `${money(order.total)} ${order.currencyCode.toUpperCase()}`, right, y, 12, bold);

  const footer = `${BRAND.name} - ${a.street}, ${a.city}, ${a.state} ${a.zip} - ${BRAND.phones.tollFree} - ${BRAND.email.help}`;
  for (const p of doc.getPages()) {
    p.drawText(safe(footer), { x: left, y: 40, size: 8, font: regular, color: STEEL });
  }
  return doc.save();
}

function truncate(s: string, font: PDFFont, size: number, width: number): string {
  let out = safe(s);
  while (out.length > 3 && font.widthOfTextAtSize(out, size) > width) out = `${out.slice(0, -4)}...`;
  return out;
}
