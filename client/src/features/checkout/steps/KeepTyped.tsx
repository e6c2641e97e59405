import { useFormikContext } from 'formik';
import { useEffect } from 'react';

/**
 * Inside a step's Formik form, ties it to the checkout draft (decision 038): the draft's values are taken while
 * the form is untouched (they arrive just after hydration: the server cannot read the tab's storage), and what is
 * typed goes to `onTyping` as it changes. Once the buyer has typed (early keystrokes are replayed at hydration),
 * the form keeps what they typed.
 */
export function KeepTyped<V>({ draft, onTyping }: { draft: V | null; onTyping: (values: V) => void }) {
  const { values, dirty, setValues } = useFormikContext<V>();
  useEffect(() => {
    if (draft && !dirty) void setValues(draft, false);
    // Only when the draft arrives or changes: typing does not pull the form back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);
  useEffect(() => {
    if (dirty) onTyping(values);
    // Only when the values change: a new onTyping each render of the page is the same action.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values, dirty]);
  return null;
}
