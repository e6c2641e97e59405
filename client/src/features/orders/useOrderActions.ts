import { useMutation } from '@apollo/client/react';
import { CancelOrderDocument, ReorderDocument } from './graphql/orders.generated';

/** Every line of an order back in the cart at today's prices (the cart refreshes). */
export const useReorder = () => useMutation(ReorderDocument, { refetchQueries: ['Cart'] });

/** The buyer cancels an order that has not shipped (the order in the cache takes its new status). */
export const useCancelOrder = () => useMutation(CancelOrderDocument);
