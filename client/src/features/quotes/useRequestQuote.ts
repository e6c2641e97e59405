import { useMutation } from '@apollo/client/react';
import { MyQuotesDocument, RequestQuoteDocument } from './graphql/quotes.generated';

/** The cart's lines sent for a quote: the buyer's quotes are read again (issue 54, item 2). */
export const useRequestQuote = () =>
  useMutation(RequestQuoteDocument, { refetchQueries: [MyQuotesDocument] });
