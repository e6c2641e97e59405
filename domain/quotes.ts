/**
 * Quotes (issue 32, decision 049): a buyer asks for prices the catalogue does not give (large runs, unpriced parts,
 * custom work); staff price them; the buyer accepts one revision and orders it at the agreed prices. Shared by the
 * server and the client.
 */
import { array, object, string, type InferType } from 'yup';
import { storeDay } from './company';
import { isDay } from './fulfilment';

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
  accepted: ['ordered', 'expired'],
  expired: ['quoted'],
  declined: [],
  ordered: [],
};

export const canMoveQuote = (from: QuoteStatus, to: QuoteStatus) => QUOTE_TRANSITIONS[from].includes(to);

/** The most lines one quote carries (a cart's limit). */
export const MAX_QUOTE_LINES = 100;

export const QUOTE_MESSAGES = {
  noLines: 'Choose at least one line to quote.',
  unknownLine: 'This line is no longer in your cart.',
  neededBy: 'Choose a day from today on.',
  note: 'Notes are limited to 2,000 characters.',
  staffOnly: 'Only customer accounts ask for quotes.',
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
  note: string().trim().max(2000, QUOTE_MESSAGES.note).default(''),
});
export type QuoteRequestInput = InferType<typeof quoteRequestSchema>;

/** A quote's number as buyers and staff read it: Q-100001. */
export const quoteNumberLabel = (n: string | number) => `Q-${n}`;
