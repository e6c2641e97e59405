import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { useSession } from '../account';
import { PunchoutSessionDocument, TransferPunchoutCartDocument } from './graphql/punchout.generated';

/** The buyer's punchout session (decision 072), or null in the shop as usual. */
export function usePunchoutSession() {
  const signedIn = useSession().user !== null;
  const { data } = useQuery(PunchoutSessionDocument, { skip: !signedIn, fetchPolicy: 'cache-first' });
  return signedIn ? (data?.punchoutSession ?? null) : null;
}

/** Posts a form the page does not show (the procurement system's return URL), as a browser would. */
function postForm(form: {
  action: string;
  target: string | null;
  fields: { name: string; value: string }[];
}) {
  const element = document.createElement('form');
  element.method = 'post';
  element.action = form.action;
  if (form.target) element.target = form.target;
  element.acceptCharset = 'UTF-8';
  element.style.display = 'none';
  for (const field of form.fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = field.name;
    input.value = field.value;
    element.appendChild(input);
  }
  document.body.appendChild(element);
  element.submit();
}

/**
 * Transfers the cart to the procurement system (or none: `cancel`): the server ends the session and answers the
 * form, which is posted at once. `failed` while the last try was refused.
 */
export function useTransferPunchoutCart() {
  const [run] = useMutation(TransferPunchoutCartDocument);
  const [state, setState] = useState<'ready' | 'sending' | 'failed'>('ready');
  const transfer = useCallback(
    async (cancel: boolean) => {
      setState('sending');
      try {
        const { data } = await run({ variables: { cancel } });
        if (!data) throw new Error('no transfer form');
        postForm(data.transferPunchoutCart);
      } catch {
        setState('failed');
      }
    },
    [run],
  );
  return { transfer, state };
}
