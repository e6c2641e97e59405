import { useMutation } from '@apollo/client/react';
import {
  AcceptQuoteDocument,
  MyQuotesDocument,
  RequestQuoteAgainDocument,
  SendQuoteMessageDocument,
} from './graphql/quotes.generated';

/*
 * What a buyer does on a quote's page (issue 54, item 2): the page calls these and holds no mutation of its own.
 * The cart's request for a quote is in useRequestQuote.ts, so the cart's chunk carries none of these.
 */

/** A message to staff on the quote (the answer is the quote with it, which the cache takes). */
export const useSendQuoteMessage = () => useMutation(SendQuoteMessageDocument);

/** A new request from a closed quote's lines: the buyer's quotes are read again. */
export const useRequestQuoteAgain = () =>
  useMutation(RequestQuoteAgainDocument, { refetchQueries: [MyQuotesDocument] });

/** The buyer accepts the revision they read (the answer is the quote, accepted, which the cache takes). */
export const useAcceptQuote = () => useMutation(AcceptQuoteDocument);
