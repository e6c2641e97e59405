import { useMutation } from '@apollo/client/react';
import { AdjustStockDocument, SetMaxOrderQuantityDocument } from './stock.generated';

/** Stock: a part's counts per warehouse, and its maximum per order (decision 063). */
export function useStockActions() {
  const refetch = { refetchQueries: ['AdminStock'] };
  const [adjust] = useMutation(AdjustStockDocument, refetch);
  const [setMaxOrderQuantity] = useMutation(SetMaxOrderQuantityDocument, refetch);
  return { adjust, setMaxOrderQuantity };
}
