import { useMutation, useQuery } from '@apollo/client/react';
import {
  DeletePaymentOptionDocument,
  MakePrimaryPaymentDocument,
  PaymentOptionsDocument,
  SavePaymentOptionDocument,
} from './graphql/payments.generated';

/** The signed-in buyer's saved cards (none asked for when `skip`, a guest's checkout). */
export function usePaymentOptions({ skip = false }: { skip?: boolean } = {}) {
  const { data, loading, error } = useQuery(PaymentOptionsDocument, { skip });
  return { cards: data?.paymentOptions ?? [], loading: loading && !data, error };
}

/**
 * Saving, removing and making primary a card. Saving and removing leave the user's state as it is (spec section
 * 4) and refresh the list of cards; making primary sets the user's primaryPaymentId.
 */
export function useSavedCardActions() {
  const refresh = { refetchQueries: [PaymentOptionsDocument], awaitRefetchQueries: true };
  const [save] = useMutation(SavePaymentOptionDocument, refresh);
  const [remove] = useMutation(DeletePaymentOptionDocument, refresh);
  const [makePrimary] = useMutation(MakePrimaryPaymentDocument, refresh);
  return {
    save: (paymentMethodId: string) => save({ variables: { paymentMethodId } }),
    remove: (id: string) => remove({ variables: { id } }),
    makePrimary: (id: string) => makePrimary({ variables: { id } }),
  };
}
