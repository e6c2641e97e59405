import { useMutation } from '@apollo/client/react';
import { NotifyBackInStockDocument } from './graphql/catalog.generated';

/**
 * "E-mail me when it is back" (decision 053): its answer says what the page shows, and nothing else is read again.
 * Only BackInStockForm imports it, so it stays in the product page's chunk.
 */
export const useNotifyBackInStock = () => useMutation(NotifyBackInStockDocument);
