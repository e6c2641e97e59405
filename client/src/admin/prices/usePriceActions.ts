import { useMutation } from '@apollo/client/react';
import { SetPriceBreaksDocument, SetProductErpItemDocument } from './prices.generated';

/** Prices: a list's price breaks for one part saved; the part's prices are read again (issue 54, item 2). */
export const useSetPriceBreaks = () =>
  useMutation(SetPriceBreaksDocument, { refetchQueries: ['AdminProductPrices'] });

/** Prices: the part's ERP item number saved (decision 071); the part's prices, its number with them, read again. */
export const useSetProductErpItem = () =>
  useMutation(SetProductErpItemDocument, { refetchQueries: ['AdminProductPrices'] });
