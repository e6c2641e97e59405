import { BRAND, type Locale } from '../../../domain/constants';
import type { SiteLegal } from '../../../domain/site-legal.schema';
import type { PDFDocument, RGB } from 'pdf-lib';

/*
 * What the invoice and quote PDFs share (decision 058): their text made printable by the standard fonts, days in
 * the document's language, and the site's legal identity at the top and in the footer of every page.
 */

/**
 * A new document with its two standard fonts. pdf-lib is loaded on the first PDF, not when the server starts
 * (a tenth of the server's start-up time went to it).
 */
export async function pdfDocument() {
  const { PDFDocument: Doc, StandardFonts } = await import('pdf-lib');
  const doc: PDFDocument = await Doc.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, regular, bold };
}

/** A colour as pdf-lib's `rgb()` makes it, without loading pdf-lib. */
const rgb = (red: number, green: number, blue: number): RGB => ({
  type: 'RGB' as RGB['type'],
  red,
  green,
  blue,
});

/** The documents' palette. */
export const PDF_COLOURS = {
  navy: rgb(0.06, 0.13, 0.2),
  orange: rgb(0.95, 0.55, 0.16),
  steel: rgb(0.36, 0.42, 0.48),
  line: rgb(0.85, 0.88, 0.9),
  white: rgb(1, 1, 1),
  stripe: rgb(0.96, 0.97, 0.98),
};

/**
 * Standard PDF fonts speak WinAnsi: the narrow and thin spaces Intl puts in French numbers ("1 234,50 $") become
 * no-break spaces, the typographic quotes and dashes are kept, and anything else becomes '?', so the document
 * always renders.
 */
export const winAnsi = (text: string) =>
  text
    .replace(/[\u202f\u2009\u2007]/g, '\u00a0')
    .replace(/[^\x20-\x7e\xa0-\xff\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u20ac]/g, '?');

/** A day in the document's language: "December 2, 2026", "2 décembre 2026", "2 de diciembre de 2026". */
export const pdfDay = (date: Date | string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(date));

const WORDS = {
  tollFree: { 'en-US': 'Toll-free', 'fr-CA': 'Sans frais', 'es-MX': 'Línea gratuita' },
  rights: {
    'en-US': 'All rights reserved.',
    'fr-CA': 'Tous droits réservés.',
    'es-MX': 'Todos los derechos reservados.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

/** The site's identity under the logo: legal name, postal address, toll-free phone and `email`. */
export const letterheadLines = (legal: SiteLegal, locale: Locale, email: string) => [
  legal.legalName,
  legal.postalAddress,
  `${WORDS.tollFree[locale]} ${BRAND.phones.tollFree}`,
  email,
];

/** Every page's footer: who sells and where, then the copyright line with the help desk. */
export const footerLines = (legal: SiteLegal, locale: Locale, year = new Date().getUTCFullYear()) => [
  `${legal.legalName} - ${legal.postalAddress}`,
  `© ${year} ${legal.copyrightHolder.replace(/\.$/, '')}. ${WORDS.rights[locale]} - ${BRAND.phones.tollFree} - ${BRAND.email.help}`,
];
