/**
 * Quotes (issue 32, decision 049): a buyer asks for prices the catalogue does not give (large runs, unpriced parts,
 * custom work); staff price them; the buyer accepts one revision and orders it at the agreed prices. Shared by the
 * server and the client.
 */
import { array, number, object, string, type InferType } from 'yup';
import { storeDay } from './company';
import { isDay } from './fulfilment';
import { round2 } from './money';
import { oneLine, plainText } from './text.schema';

export const QUOTE_STATUSES = [
  'requested',
  'in_review',
  'quoted',
  'accepted',
  'expired',
  'declined',
  'ordered',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Where each status may go (the server refuses anything else with CONFLICT). */
export const QUOTE_TRANSITIONS: Record<QuoteStatus, readonly QuoteStatus[]> = {
  requested: ['in_review', 'quoted', 'declined'],
  in_review: ['quoted', 'declined'],
  // A new revision sent while quoted stays quoted; the buyer accepts one revision.
  quoted: ['quoted', 'accepted', 'expired', 'declined'],
  // An order cancelled puts its quote back to accepted (it may be checked out again while open).
  accepted: ['ordered', 'expired', 'declined'],
  expired: ['quoted', 'declined'],
  declined: [],
  ordered: ['accepted'],
};

export const canMoveQuote = (from: QuoteStatus, to: QuoteStatus) => QUOTE_TRANSITIONS[from].includes(to);

/** A quote the buyer may ask for again (Request again: its lines and quantities as a new request). */
export const REQUESTABLE_AGAIN: readonly QuoteStatus[] = ['expired', 'declined'];
export const canRequestAgain = (status: string): boolean =>
  (REQUESTABLE_AGAIN as readonly string[]).includes(status);

/** The most lines one quote carries (a cart's limit). */
export const MAX_QUOTE_LINES = 100;

export const QUOTE_MESSAGES = {
  noLines: 'Choose at least one line to quote.',
  unknownLine: 'This line is no longer in your cart.',
  neededBy: 'Choose a day from today on.',
  note: 'Notes are limited to 2,000 characters.',
  staffOnly: 'Only customer accounts ask for quotes.',
  notYours: 'Only the buyer who asked for this quote can accept and order it.',
  revised: 'This quote was revised: read the new revision before accepting it.',
  expired: 'This quote has expired: ask us for a new one.',
  notQuoted: 'This quote cannot be accepted now.',
  acceptFirst: 'Accept the quote before checking out.',
  ordered: 'This quote was already ordered.',
  partGone: 'A part of this quote is no longer sold: ask us for a new revision.',
  otherSite: 'This quote was asked on another of our sites: accept and order it there.',
  notAgain: 'Only an expired or declined quote can be asked for again.',
} as const;

/** A quote asked from the cart: some or all of its lines, the day they are needed by, a note. */
export const quoteRequestSchema = object({
  cartLineIds: array(string().trim().uuid(QUOTE_MESSAGES.unknownLine).required())
    .min(1, QUOTE_MESSAGES.noLines)
    .max(MAX_QUOTE_LINES, QUOTE_MESSAGES.noLines)
    .required(QUOTE_MESSAGES.noLines),
  neededBy: string()
    .trim()
    .default('')
    .test('day', QUOTE_MESSAGES.neededBy, (v) => !v || (isDay(v) && v >= storeDay())),
  note: string().trim().max(2000, QUOTE_MESSAGES.note).default('').test(plainText),
});
export type QuoteRequestInput = InferType<typeof quoteRequestSchema>;

/** A quote's number as buyers and staff read it: Q-100001. */
export const quoteNumberLabel = (n: string | number) => `Q-${n}`;

/** The longest a quote stays open, and the longest lead time staff may promise. */
export const MAX_QUOTE_DAYS = 180;
export const MAX_LEAD_TIME_DAYS = 365;

export const QUOTE_ANSWER_MESSAGES = {
  unitPrice: 'Enter a unit price of 0 or more.',
  freight: 'Enter the freight, 0 or more.',
  leadTime: `Enter a lead time of 0 to ${MAX_LEAD_TIME_DAYS} days.`,
  expiresOn: `Choose a last day from today to ${MAX_QUOTE_DAYS} days ahead.`,
  everyLine: 'Price every line of the request.',
  declineNote: 'Say why the quote is declined.',
  partNeeded: 'Give the part number this line is ordered and invoiced as.',
  unknownPart: 'No part in the catalogue has this number.',
} as const;

/**
 * Staff's answer: a unit price for each line of the request (as its quantity counts: pieces, or packs), freight,
 * a lead time in days, the quote's last day and a note. Sent, it becomes the next revision.
 */
export const quoteAnswerSchema = object({
  lines: array(
    object({
      lineNo: number().integer().min(1).required(QUOTE_ANSWER_MESSAGES.everyLine),
      unitPrice: number()
        .typeError(QUOTE_ANSWER_MESSAGES.unitPrice)
        .min(0, QUOTE_ANSWER_MESSAGES.unitPrice)
        .max(10_000_000, QUOTE_ANSWER_MESSAGES.unitPrice)
        .required(QUOTE_ANSWER_MESSAGES.unitPrice),
      /** For work described in words: the catalogue part (a custom-work part) it is ordered and invoiced as. */
      itemId: string().trim().max(64, QUOTE_ANSWER_MESSAGES.unknownPart).nullable().optional().test(oneLine),
    }),
  )
    .min(1, QUOTE_ANSWER_MESSAGES.everyLine)
    .required(QUOTE_ANSWER_MESSAGES.everyLine),
  freight: number()
    .typeError(QUOTE_ANSWER_MESSAGES.freight)
    .min(0, QUOTE_ANSWER_MESSAGES.freight)
    .max(1_000_000, QUOTE_ANSWER_MESSAGES.freight)
    .required(QUOTE_ANSWER_MESSAGES.freight),
  leadTimeDays: number()
    .typeError(QUOTE_ANSWER_MESSAGES.leadTime)
    .integer(QUOTE_ANSWER_MESSAGES.leadTime)
    .min(0, QUOTE_ANSWER_MESSAGES.leadTime)
    .max(MAX_LEAD_TIME_DAYS, QUOTE_ANSWER_MESSAGES.leadTime)
    .required(QUOTE_ANSWER_MESSAGES.leadTime),
  expiresOn: string()
    .trim()
    .required(QUOTE_ANSWER_MESSAGES.expiresOn)
    .test(
      'range',
      QUOTE_ANSWER_MESSAGES.expiresOn,
      (v) => isDay(v) && v >= storeDay() && v <= lastQuoteDay(),
    ),
  note: string().trim().max(2000, QUOTE_MESSAGES.note).default('').test(plainText),
});
export type QuoteAnswerInput = InferType<typeof quoteAnswerSchema>;

/** The store's day `days` from now. */
export const storeDayAhead = (days: number, now = new Date()) =>
  storeDay(new Date(now.getTime() + days * 86_400_000));

/** The last day a quote sent today may stay open. */
export const lastQuoteDay = (now = new Date()) => storeDayAhead(MAX_QUOTE_DAYS, now);

/** The last day the console proposes: a month ahead. */
export const proposedQuoteDay = (now = new Date()) => storeDayAhead(30, now);

/** Staff decline a request or a quote with a note the buyer reads. */
export const quoteDeclineSchema = object({
  note: string()
    .trim()
    .required(QUOTE_ANSWER_MESSAGES.declineNote)
    .max(2000, QUOTE_MESSAGES.note)
    .test(plainText),
});

/** A quoted line's total: unit price × quantity, to the cent. */
export const quoteLineTotal = (unitPrice: number, quantity: number) => round2(unitPrice * quantity);

/** A revision's amounts: the lines' subtotal, freight, and their sum (tax is reckoned at checkout). */
export function quoteTotals(lines: readonly { lineTotal: number }[], freight: number) {
  const subTotal = round2(lines.reduce((sum, l) => sum + l.lineTotal, 0));
  return { subTotal, freight: round2(freight), total: round2(subTotal + freight) };
}

/** A message on a quote, from the buyer's side or staff's. */
export const quoteMessageSchema = object({
  body: string()
    .trim()
    .required('Write a message.')
    .max(2000, 'Messages are limited to 2,000 characters.')
    .test(plainText),
});
