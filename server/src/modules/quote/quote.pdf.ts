import type { PDFFont, PDFPage } from 'pdf-lib';
import { describeConfiguration } from '../../../../domain/configuration-text';
import { BRAND, type Locale } from '../../../../domain/constants';
import { formatAmount } from '../../../../domain/money';
import { quoteNumberLabel } from '../../../../domain/quotes';
import type { SiteLegal } from '../../../../domain/site-legal.schema';
import {
  PDF_COLOURS,
  footerLines,
  letterheadLines,
  pdfDay,
  pdfDocument,
  winAnsi,
} from '../../common/pdf-copy';
import type { QuoteRevisionView, QuoteView } from './quote.service';

const { navy: NAVY, orange: ORANGE, steel: STEEL, line: LINE, white: WHITE } = PDF_COLOURS;

const safe = winAnsi;

/** The quote's words in its three languages (the one it was requested in, decision 058). */
const WORDS = {
  title: { 'en-US': 'QUOTE', 'fr-CA': 'SOUMISSION', 'es-MX': 'COTIZACIÓN' },
  quote: { 'en-US': 'Quote', 'fr-CA': 'Soumission', 'es-MX': 'Cotización' },
  revision: { 'en-US': 'revision', 'fr-CA': 'révision', 'es-MX': 'revisión' },
  sent: { 'en-US': 'Sent', 'fr-CA': 'Envoyée le', 'es-MX': 'Enviada' },
  openUntil: { 'en-US': 'Open until', 'fr-CA': 'Valable jusqu’au', 'es-MX': 'Vigente hasta' },
  for: { 'en-US': 'For', 'fr-CA': 'Pour', 'es-MX': 'Para' },
  item: { 'en-US': 'Item', 'fr-CA': 'Article', 'es-MX': 'Artículo' },
  quantity: { 'en-US': 'Quantity', 'fr-CA': 'Quantité', 'es-MX': 'Cantidad' },
  unitPrice: { 'en-US': 'Unit price', 'fr-CA': 'Prix unitaire', 'es-MX': 'Precio unitario' },
  total: { 'en-US': 'Total', 'fr-CA': 'Total', 'es-MX': 'Total' },
  subtotal: { 'en-US': 'Subtotal', 'fr-CA': 'Sous-total', 'es-MX': 'Subtotal' },
  freight: { 'en-US': 'Freight', 'fr-CA': 'Transport', 'es-MX': 'Flete' },
  totalBeforeTax: {
    'en-US': 'Total before tax',
    'fr-CA': 'Total avant taxes',
    'es-MX': 'Total antes de impuestos',
  },
} as const satisfies Record<string, Record<Locale, string>>;

const packs: Record<Locale, (quantity: number, size: number) => string> = {
  'en-US': (q, n) => `${q} packs of ${n}`,
  'fr-CA': (q, n) => `${q} paquets de ${n}`,
  'es-MX': (q, n) => `${q} paquetes de ${n}`,
};
const leadTime: Record<Locale, (days: number) => string> = {
  'en-US': (d) => `Lead time: ${d} business days from the order. Tax is added at checkout.`,
  'fr-CA': (d) => `Délai : ${d} jours ouvrables à partir de la commande. Les taxes s’ajoutent au paiement.`,
  'es-MX': (d) =>
    `Plazo de entrega: ${d} días hábiles a partir del pedido. Los impuestos se agregan al pagar.`,
};

/**
 * A sent revision of a quote as a PDF (US Letter, decision 049), in the language it was requested in (decision
 * 058): the site's letterhead (legal name, postal address), the quote's number, buyer and company, its lines at
 * the quoted prices in the quote's currency, subtotal, freight and total before tax, lead time, last day and note;
 * every page's footer names the seller and the copyright holder. Attached to the quote e-mail (made when it is
 * delivered) and downloadable from the quote's page.
 */
export async function quotePdf(
  quote: QuoteView,
  sent: QuoteRevisionView,
  legal: SiteLegal,
  locale: Locale,
): Promise<Uint8Array> {
  const w = (key: keyof typeof WORDS) => WORDS[key][locale];
  const { doc, regular, bold } = await pdfDocument();
  const number = quoteNumberLabel(quote.number);
  doc.setTitle(`${w('quote')} ${number}`);
  doc.setAuthor(legal.legalName);
  const money = (n: number) => formatAmount(n, quote.currency.toUpperCase(), locale);
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
  const fitAt = (s: string, size: number, width: number) => {
    let cut = safe(s);
    while (cut.length > 1 && regular.widthOfTextAtSize(cut, size) > width) cut = cut.slice(0, -1);
    return cut;
  };
  const fit = (s: string, width: number) => fitAt(s, 10, width);

  page.drawRectangle({ x: left, y: y - 6, width: 30, height: 30, color: ORANGE });
  text(page, 'A', left + 8, y + 1, 20, bold, WHITE);
  text(page, 'Axisline', left + 40, y + 2, 20, bold);
  text(page, 'Supply', left + 40 + bold.widthOfTextAtSize('Axisline ', 20), y + 2, 20, bold, ORANGE);
  textRight(page, w('title'), right, y + 4, 20, bold);
  y -= 30;
  for (const line of letterheadLines(legal, locale, BRAND.email.help)) {
    text(page, fitAt(line, 9, 300), left, y, 9, regular, STEEL);
    y -= 12;
  }
  let infoY = 714;
  const colon = locale === 'fr-CA' ? '\u00a0:' : ':';
  for (const [label, value] of [
    [w('quote'), `${number}, ${w('revision')} ${sent.revision}`],
    [w('sent'), pdfDay(sent.sentAt, locale)],
    [w('openUntil'), pdfDay(`${sent.expiresOn}T12:00:00Z`, locale)],
  ] as [string, string][]) {
    textRight(page, `${label}${colon} ${value}`, right, infoY, 9);
    infoY -= 12;
  }
  y -= 14;
  text(page, w('for'), left, y, 9, bold, STEEL);
  y -= 13;
  for (const line of [quote.buyerName, quote.companyName, quote.buyerEmail].filter((v): v is string =>
    Boolean(v),
  )) {
    text(page, line, left, y);
    y -= 13;
  }

  const columns = { item: left, qty: 380, price: 470, total: right };
  const header = (p: PDFPage, yy: number) => {
    p.drawRectangle({ x: left, y: yy - 4, width: right - left, height: 16, color: PDF_COLOURS.stripe });
    text(p, w('item'), columns.item + 4, yy, 9, bold, STEEL);
    textRight(p, w('quantity'), columns.qty, yy, 9, bold);
    textRight(p, w('unitPrice'), columns.price, yy, 9, bold);
    textRight(p, w('total'), columns.total - 4, yy, 9, bold);
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
    textRight(page, l.packSize ? packs[locale](l.quantity, l.packSize) : String(l.quantity), columns.qty, y);
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
    [w('subtotal'), money(sent.subTotal), false],
    [w('freight'), money(sent.freight), false],
    [w('totalBeforeTax'), money(sent.total), true],
  ] as [string, string, boolean][]) {
    textRight(page, label, columns.price, y, strong ? 11 : 10, strong ? bold : regular);
    textRight(page, value, columns.total - 4, y, strong ? 11 : 10, strong ? bold : regular);
    y -= 16;
  }
  y -= 8;
  text(page, leadTime[locale](sent.leadTimeDays), left, y, 9);
  y -= 14;
  for (const line of sent.note.split('\n').filter(Boolean)) {
    if (y < 80) {
      page = doc.addPage([612, 792]);
      y = 744;
    }
    text(page, fit(line, right - left), left, y, 9, regular, STEEL);
    y -= 12;
  }
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
