import { useMutation } from '@apollo/client/react';
import { SaveQuoteDraftDocument, SendQuoteDraftDocument } from './quotes.generated';

/** Quotes: a staff member's answer saved as a draft, and the draft sent by a Service or Admin user (decision 054). */
export function useQuoteDraftActions() {
  const refetch = { refetchQueries: ['AdminQuotes'] };
  const [saveDraft] = useMutation(SaveQuoteDraftDocument, refetch);
  const [sendDraft, sending] = useMutation(SendQuoteDraftDocument, refetch);
  return { saveDraft, sendDraft, sendingDraft: sending.loading };
}
