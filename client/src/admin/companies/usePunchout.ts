import { useMutation } from '@apollo/client/react';
import { RotatePunchoutSecretDocument, SavePunchoutCredentialDocument } from './punchout.generated';

/*
 * The Punchout card's mutations (issue 57, decision 073): the card calls these and holds no mutation of its own.
 * Both answer the credential, which the cache takes; the documents list is read again after a save.
 */

/** A company's punchout credential saved. */
export const useSavePunchoutCredential = () =>
  useMutation(SavePunchoutCredentialDocument, { refetchQueries: ['PunchoutCard'] });

/** A new shared secret made: the answer carries it once, the card shows it until closed. */
export const useRotatePunchoutSecret = () => useMutation(RotatePunchoutSecretDocument);
