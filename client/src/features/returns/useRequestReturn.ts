import { useMutation } from '@apollo/client/react';
import { RequestReturnDocument } from './graphql/returns.generated';

/** The buyer asks to return delivered lines; their returns and the order (now Return Requested) refresh. */
export const useRequestReturn = () =>
  useMutation(RequestReturnDocument, { refetchQueries: ['MyReturns', 'Order', 'Orders'] });
