import { useMutation } from '@apollo/client/react';
import { AdvanceReturnDocument, DecideReturnDocument } from './returns.generated';

/** Returns: accept or reject (with a note to the customer), then follow the return to the refund. */
export function useReturnActions() {
  const refetch = { refetchQueries: ['ReturnQueue'] };
  const [decide] = useMutation(DecideReturnDocument, refetch);
  const [advance] = useMutation(AdvanceReturnDocument, refetch);
  return {
    decide: (id: string, decision: string, note: string | null) =>
      decide({ variables: { id, decision, note } }),
    advance: (id: string, status: number) => advance({ variables: { id, status } }),
  };
}
