import { setIn, type FormikErrors, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { failureOf, type Failure } from '../../lib/failure';

/** Server field errors (`lines[0].price`) as Formik's nested errors. */
export function nestedErrors<V>(flat: Record<string, string>): FormikErrors<V> {
  return Object.entries(flat).reduce<object>((acc, [path, message]) => setIn(acc, path, message), {});
}

export interface FormSubmitOptions {
  /** The sentence above the form when the failure brings none (the network, an answer without a message). */
  fallback: string;
  /**
   * The form's message also when fields have theirs (the console's forms say the server's sentence above the form
   * as well); by default an error is shown once: next to its field, or above the form when no field has one.
   */
  alsoAboveFields?: boolean;
  /**
   * A failure the form answers itself: true when handled (a conflict with Reload), a sentence to say instead of the
   * server's (a hint on the way on), false for the usual.
   */
  onFailure?: (failure: Failure) => boolean | string;
}

/**
 * The one way a form submits (issue 54, item 1): `send` runs the mutation and what follows a success; a failure,
 * read by lib/failure.ts, puts its field messages next to their fields (Formik's errors, nested paths included) and
 * its sentence in `failure` and Formik's status, shown above the form (`<FormError message={failure} />` in the shop,
 * the console's `ConsoleForm` reads the status).
 * `FocusFirstError` in the form then takes the keyboard to the first field in error.
 */
export function useFormSubmit<V extends object>(
  send: (values: V, helpers: FormikHelpers<V>) => Promise<unknown>,
  { fallback, alsoAboveFields = false, onFailure }: FormSubmitOptions,
) {
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (values: V, helpers: FormikHelpers<V>) => {
    setFailure(null);
    helpers.setStatus(null);
    try {
      await send(values, helpers);
    } catch (err) {
      const read = failureOf(err);
      const answer = onFailure?.(read) ?? false;
      if (answer === true) return;
      helpers.setErrors(nestedErrors<V>(read.fields));
      const hasFields = Object.keys(read.fields).length > 0;
      const sentence =
        typeof answer === 'string'
          ? answer
          : hasFields && !alsoAboveFields
            ? null
            : (read.message ?? fallback);
      setFailure(sentence);
      helpers.setStatus(sentence);
    }
  };
  return { submit, failure, setFailure };
}
