import { array, number, object, string, type InferType } from 'yup';
import { WEBHOOK_EVENT_TYPES } from './webhooks';

/* The event feed (issue 56, decision 070): `GET /api/events` and GraphQL `events`, the rules of their input. */

/** Events a page holds when `first` is not given, and the most one may ask for (more is refused, not clamped). */
export const EVENT_FEED_FIRST = { default: 100, max: 500 } as const;

export const EVENT_FEED_MESSAGES = {
  cursorInvalid:
    'This cursor is not one the feed gave: leave `after` out to start, or pass a page’s `endCursor`',
  typeUnknown: 'Unknown event type: ${value}',
  firstRange: `Ask for 1 to ${EVENT_FEED_FIRST.max} events (\`first\`)`,
} as const;

/** A page's request: the cursor (opaque), the event types wanted (the business events), how many. */
export const eventFeedSchema = object({
  after: string().trim().max(100, EVENT_FEED_MESSAGES.cursorInvalid).optional(),
  types: array(
    string()
      .trim()
      .oneOf([...WEBHOOK_EVENT_TYPES], EVENT_FEED_MESSAGES.typeUnknown)
      .required(EVENT_FEED_MESSAGES.typeUnknown),
  ).optional(),
  first: number()
    .typeError(EVENT_FEED_MESSAGES.firstRange)
    .integer(EVENT_FEED_MESSAGES.firstRange)
    .min(1, EVENT_FEED_MESSAGES.firstRange)
    .max(EVENT_FEED_FIRST.max, EVENT_FEED_MESSAGES.firstRange)
    .default(EVENT_FEED_FIRST.default),
});
export type EventFeedInput = InferType<typeof eventFeedSchema>;
