import { useMutation } from '@apollo/client/react';
import {
  DeclineQuoteDocument,
  ReviewQuoteDocument,
  SendQuoteDocument,
  SendQuoteStaffMessageDocument,
} from './quotes.generated';

/*
 * The console's quote screens (issue 54, item 2): the views call these and hold no mutation of their own. The
 * draft's save and send are useQuoteDraftActions (useQuoteDraftActions.ts).
 */

/** A staff member takes a requested quote into review (the answer is the quote, which the cache takes). */
export const useReviewQuote = () => useMutation(ReviewQuoteDocument);

/** The answer sent to the buyer: the quotes list is read again. */
export const useSendQuote = () => useMutation(SendQuoteDocument, { refetchQueries: ['AdminQuotes'] });

/** A message to the buyer on the quote (the answer is the quote with it, which the cache takes). */
export const useSendQuoteStaffMessage = () => useMutation(SendQuoteStaffMessageDocument);

/** The request declined with a note to the buyer: the quotes list is read again. */
export const useDeclineQuote = () => useMutation(DeclineQuoteDocument, { refetchQueries: ['AdminQuotes'] });
