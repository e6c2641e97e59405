import { taxLineLabel } from '../../../../domain/tax';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { lineTerms } from '../../../../domain/price-terms';
import { describeConfiguration } from '../../../../domain/configuration-text';
import { orderNumberLabel } from '../../../../domain/checkout';
import { BRAND, type Locale } from '../../../../domain/constants';
import { formatAmount, round2 } from '../../../../domain/money';
import { translateMessage } from '../../../../domain/message-translations';
import { orderStatusLabel, type PaymentStatus } from '../../../../domain/order-status';
import type { SiteLegal } from '../../../../domain/site-legal.schema';
import {
  PDF_COLOURS,
  footerLines,
  letterheadLines,
  pdfDay,
  pdfDocument,
  winAnsi,
} from '../../common/pdf-copy';
import type { Db } from '../../context';
import { localeOr } from '../mail';
import { siteLegal } from '../site';
import type { OrderAddress } from './order.entity';
import type { OrderView } from './order.service';

const { navy: NAVY, orange: ORANGE, steel: STEEL, line: LINE, white: WHITE } = PDF_COLOURS;

const safe = winAnsi;

type Words = Record<Locale, string>;
/** The invoice's words in its three languages (the order's, decision 058). */
const WORDS = {
  title: { 'en-US': 'INVOICE', 'fr-CA': 'FACTURE', 'es-MX': 'FACTURA' },
  invoice: { 'en-US': 'Invoice', 'fr-CA': 'Facture', 'es-MX': 'Factura' },
  date: { 'en-US': 'Date', 'fr-CA': 'Date', 'es-MX': 'Fecha' },
  status: { 'en-US': 'Status', 'fr-CA': 'Statut', 'es-MX': 'Estado' },
  poNumber: { 'en-US': 'PO number', 'fr-CA': 'Bon de commande', 'es-MX': 'Orden de compra' },
  erpOrder: { 'en-US': 'ERP order', 'fr-CA': 'Commande ERP', 'es-MX': 'Pedido ERP' },
  shipTo: { 'en-US': 'Ship to', 'fr-CA': 'Livrer à', 'es-MX': 'Enviar a' },
  billTo: { 'en-US': 'Bill to', 'fr-CA': 'Facturer à', 'es-MX': 'Facturar a' },
  shipping: { 'en-US': 'Shipping', 'fr-CA': 'Livraison', 'es-MX': 'Envío' },
  card: { 'en-US': 'card', 'fr-CA': 'carte', 'es-MX': 'tarjeta' },
  payment: { 'en-US': 'Payment', 'fr-CA': 'Paiement', 'es-MX': 'Pago' },
  item: { 'en-US': 'Item', 'fr-CA': 'Article', 'es-MX': 'Artículo' },
  qty: { 'en-US': 'Qty', 'fr-CA': 'Qté', 'es-MX': 'Cant.' },
  unitPrice: { 'en-US': 'Unit price', 'fr-CA': 'Prix unitaire', 'es-MX': 'Precio unitario' },
  amount: { 'en-US': 'Amount', 'fr-CA': 'Montant', 'es-MX': 'Importe' },
  mfr: { 'en-US': 'mfr', 'fr-CA': 'fabr.', 'es-MX': 'fab.' },
  subtotal: { 'en-US': 'Subtotal', 'fr-CA': 'Sous-total', 'es-MX': 'Subtotal' },
  freight: { 'en-US': 'Freight', 'fr-CA': 'Transport', 'es-MX': 'Flete' },
  total: { 'en-US': 'Total', 'fr-CA': 'Total', 'es-MX': 'Total' },
  promotion: { 'en-US': 'Promotion', 'fr-CA': 'Promotion', 'es-MX': 'Promoción' },
  discount: { 'en-US': 'Discount', 'fr-CA': 'Rabais', 'es-MX': 'Descuento' },
  freightDiscount: { 'en-US': 'before', 'fr-CA': 'avant', 'es-MX': 'antes' },
} as const satisfies Record<string, Words>;

const paidBy: Record<Locale, (brand: string, last4: string) => string> = {
  'en-US': (brand, last4) => `Paid by ${brand} ending ${last4}`,
  'fr-CA': (brand, last4) => `Payé par ${brand} se terminant par ${last4}`,
  'es-MX': (brand, last4) => `Pagado con ${brand} terminada en ${last4}`,
};
const packsOf: Record<Locale, (n: number) => string> = {
  'en-US': (n) => `Packs of ${n}`,
  'fr-CA': (n) => `Paquets de ${n}`,
  'es-MX': (n) => `Paquetes de ${n}`,
};
const PAYMENT: Record<PaymentStatus, Words> = {
  AUTHORIZED: { 'en-US': 'authorized', 'fr-CA': 'autorisé', 'es-MX': 'autorizado' },
  PENDING: { 'en-US': 'pending', 'fr-CA': 'en attente', 'es-MX': 'pendiente' },
  PAYMENT_REQUIRES_ACTION: {
    'en-US': 'requires action',
    'fr-CA': 'action requise',
    'es-MX': 'requiere una acción',
  },
  FAILED: { 'en-US': 'failed', 'fr-CA': 'échoué', 'es-MX': 'fallido' },
  REFUNDED: { 'en-US': 'refunded', 'fr-CA': 'remboursé', 'es-MX': 'reembolsado' },
  PARTIALLY_REFUNDED: {
    'en-US': 'partially refunded',
    'fr-CA': 'remboursé en partie',
    'es-MX': 'reembolsado en parte',
  },
  PAID: { 'en-US': 'paid', 'fr-CA': 'payé', 'es-MX': 'pagado' },
  PARTIALLY_PAID: { 'en-US': 'partially paid', 'fr-CA': 'payé en partie', 'es-MX': 'pagado en parte' },
};
const paymentWord = (status: string, locale: Locale) =>
  PAYMENT[status as PaymentStatus]?.[locale] ?? status.replace(/_/g, ' ').toLowerCase();

/**
 * The invoice as a PDF (US Letter), in the order's language (decision 058): logo, the site's legal name, postal
 * address and toll-free phone, the order number and date, ship-to, lines with configurations, totals in the
 * order's currency with each tax by its name, and payment; every page's footer names the seller and the copyright
 * holder. Built on the server from the order as placed (the same data as the invoice page).
 */
export async function invoicePdf(order: OrderView, legal: SiteLegal, locale: Locale): Promise<Uint8Array> {
  const w = (key: keyof typeof WORDS) => WORDS[key][locale];
  const money = (n: number) => formatAmount(n, order.currencyCode.toUpperCase(), locale);
  const { doc, regular, bold } = await pdfDocument();
  doc.setTitle(`${w('invoice')} ${orderNumberLabel(order.orderNumber)}`);
  doc.setAuthor(legal.legalName);
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
  const fitAt = (s: string, size: number, width: number) => {
    let cut = safe(s);
    if (regular.widthOfTextAtSize(cut, size) <= width) return cut;
    while (cut.length > 1 && regular.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1);
    return `${cut}...`;
  };
  const fit = (s: string, width: number) => fitAt(s, 10, width);
  const textRight = (p: PDFPage, s: string, x: number, yy: number, size = 10, font: PDFFont = regular) =>
    text(p, s, x - font.widthOfTextAtSize(safe(s), size), yy, size, font);

  // Logo: the orange tile with the A mark, and the name.
  page.drawRectangle({ x: left, y: y - 6, width: 30, height: 30, color: ORANGE });
  text(page, 'A', left + 8, y + 1, 20, bold, WHITE);
  text(page, 'Axisline', left + 40, y + 2, 20, bold);
  text(page, 'Supply', left + 40 + bold.widthOfTextAtSize('Axisline ', 20), y + 2, 20, bold, ORANGE);
  textRight(page, w('title'), right, y + 4, 20, bold);
  y -= 30;
  for (const line of letterheadLines(legal, locale, BRAND.email.orders)) {
    text(page, fitAt(line, 9, 300), left, y, 9, regular, STEEL);
    y -= 12;
  }
  let infoY = 714;
  const colon = locale === 'fr-CA' ? '\u00a0:' : ':';
  for (const [label, value] of [
    [w('invoice'), orderNumberLabel(order.orderNumber)],
    [w('date'), pdfDay(order.createdAt, locale)],
    [w('status'), translateMessage(orderStatusLabel(order.status), locale)],
    ...(order.poNumber ? [[w('poNumber'), order.poNumber]] : []),
    ...(order.erpOrderId ? [[w('erpOrder'), order.erpOrderId]] : []),
  ] as [string, string][]) {
    textRight(page, `${label}${colon} ${value}`, right, infoY, 9);
    infoY -= 12;
  }

  y -= 14;
  const s = order.shippingAddress;
  const billToX = 190;
  text(page, w('shipTo'), left, y, 9, bold, STEEL);
  if (order.billTo) text(page, w('billTo'), billToX, y, 9, bold, STEEL);
  text(page, w('shipping'), 330, y, 9, bold, STEEL);
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
      ? paidBy[locale](order.cardBrand ?? w('card'), order.cardLast4 ?? '----')
      : `${w('poNumber')} ${order.poNumber ?? ''}`,
    `${w('payment')}${colon} ${paymentWord(order.paymentStatus, locale)}`,
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
    text(p, w('item'), columns.item, yy, 9, bold, WHITE);
    text(p, w('qty'), columns.qty, yy, 9, bold, WHITE);
    text(p, w('unitPrice'), columns.price - 30, yy, 9, bold, WHITE);
    p.drawText(safe(w('amount')), {
      x: columns.total - bold.widthOfTextAtSize(safe(w('amount')), 9),
      y: yy,
      size: 9,
      font: bold,
      color: WHITE,
    });
  };
  y -= 12;
  header(page, y);
  y -= 20;
  for (const line of order.lines) {
    const details = [
      `${line.itemId}${line.manufacturerPartNumber ? ` (${w('mfr')} ${line.manufacturerPartNumber})` : ''}`,
      ...line.configurations.map((c) => describeConfiguration(c)),
      ...(line.minTransfer > 1 ? [packsOf[locale](line.minimumPurchaseQuantity)] : []),
      // The promotions' share of the line (decision 079) and what it costs after them.
      ...(line.discount > 0
        ? [`${w('discount')} -${money(line.discount)} = ${money(line.netLineTotal)}`]
        : []),
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
    [w('subtotal'), money(order.subTotal)],
    // Each promotion by its code and name, with what it took off the goods (decision 079).
    ...order.promotions
      .filter((p) => p.amount > 0)
      .map((p): [string, string] => [
        `${w('promotion')} ${p.code ? `${p.code} - ` : ''}${p.name}`,
        `-${money(p.amount)}`,
      ]),
    [
      order.freightDiscount > 0
        ? `${w('freight')} (${w('freightDiscount')} ${money(round2(order.freightAmt + order.freightDiscount))})`
        : w('freight'),
      money(order.freightAmt),
    ],
    ...order.taxes.map((tax): [string, string] => [
      taxLineLabel(tax, order.shippingAddress.state, locale),
      money(tax.amount),
    ]),
  ];
  for (const [label, value] of totals) {
    textRight(page, truncate(label, regular, 10, 400), 470, y, 10);
    textRight(page, value, right, y, 10);
    y -= 14;
  }
  page.drawLine({ start: { x: 360, y: y + 8 }, end: { x: right, y: y + 8 }, color: NAVY, thickness: 1 });
  y -= 4;
  textRight(page, w('total'), 470, y, 12, bold);
  textRight(page, `${money(order.total)} ${order.currencyCode.toUpperCase()}`, right, y, 12, bold);

  const footer = footerLines(legal, locale);
  for (const p of doc.getPages()) {
    footer.forEach((line, i) =>
      p.drawText(fitAt(line, 8, right - left), {
        x: left,
        y: 46 - i * 11,
        size: 8,
        font: regular,
        color: STEEL,
      }),
    );
  }
  return doc.save();
}

/** The order's invoice: in the language it was placed in, with its site's legal identity as it is now. */
export async function orderInvoicePdf(db: Db, order: OrderView): Promise<Uint8Array> {
  const [row] = await db.execute<{ site: string }[]>('select site from customer_order where id = ?', [
    order.id,
  ]);
  return invoicePdf(order, await siteLegal(db, row?.site ?? BRAND.siteId), localeOr(order.locale));
}

function truncate(s: string, font: PDFFont, size: number, width: number): string {
  let out = safe(s);
  while (out.length > 3 && font.widthOfTextAtSize(out, size) > width) out = `${out.slice(0, -4)}...`;
  return out;
}
