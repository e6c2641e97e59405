import { useMutation } from '@apollo/client/react';
import { SetPriceBreaksDocument } from './prices.generated';

/** Prices: a list's price breaks for one part saved; the part's prices are read again (issue 54, item 2). */
export const useSetPriceBreaks = () =>
  useMutation(SetPriceBreaksDocument, { refetchQueries: ['AdminProductPrices'] });
