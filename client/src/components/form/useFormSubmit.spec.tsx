import { describe, expect, it, jest } from '@jest/globals';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Formik } from 'formik';
import { renderRoute } from '../../testing/render';
import { HttpError } from '../../lib/http';
import type { Failure } from '../../lib/failure';
import { Field, FocusFirstError, FormError, useFormSubmit } from '.';

/** Issue 54, item 1: a form's failures, read once, where the buyer looks for them. */
const refused = (fields: { field: string; message: string }[], message = fields[0]?.message ?? 'Refused') =>
  new CombinedGraphQLErrors({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', fields } }] });

function Probe({
  send,
  alsoAboveFields,
  onFailure,
}: {
  send: (values: { email: string; city: string }) => Promise<unknown>;
  alsoAboveFields?: boolean;
  onFailure?: (failure: Failure) => boolean | string;
}) {
  const { submit, failure } = useFormSubmit(send, {
    fallback: 'We could not send your request. Please try again.',
    alsoAboveFields,
    onFailure,
  });
  return (
    <Formik initialValues={{ email: 'a@b.co', city: '' }} onSubmit={submit}>
      <Form method="post" noValidate aria-label="probe">
        <FocusFirstError />
        <FormError message={failure} />
        <Field name="email" label="Email" />
        <Field name="city" label="City" />
        <button type="submit">Send</button>
      </Form>
    </Formik>
  );
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

describe('useFormSubmit', () => {
  it("puts the server's field messages next to their fields, once, and takes the keyboard to the first", async () => {
    renderRoute(
      <Probe send={() => Promise.reject(refused([{ field: 'city', message: 'City is required.' }]))} />,
    );
    send();
    expect(await screen.findByText('City is required.')).toBeTruthy();
    expect(screen.getAllByText('City is required.')).toHaveLength(1);
    // Nothing above the form: the one message is the field's.
    expect(document.querySelector('.form__error')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('City')));
    expect(screen.getByLabelText('City').getAttribute('aria-invalid')).toBe('true');
  });

  it("says the server's sentence above the form when no field has one, and the fallback when it sent none", async () => {
    const attempts = [
      new HttpError(
        'Too many requests from this address. Try again in an hour.',
        429,
        [],
        'TOO_MANY_REQUESTS',
      ),
      new TypeError('Failed to fetch'),
    ];
    renderRoute(<Probe send={() => Promise.reject(attempts.shift())} />);
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests from this address. Try again in an hour.',
    );
    send();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('We could not send your request. Please try again.'),
    );
  });

  it('clears the last failure when the form is sent again and goes through', async () => {
    const done = jest.fn();
    let fail = true;
    renderRoute(
      <Probe
        send={async () => {
          if (fail) throw new HttpError('The service is busy.', 503, [], 'SERVICE_UNAVAILABLE');
          done();
        }}
      />,
    );
    send();
    expect(await screen.findByRole('alert')).toBeTruthy();
    fail = false;
    send();
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the console says the sentence above its fields too; a form may answer a failure itself', async () => {
    const error = refused([{ field: 'email', message: 'Email must be valid.' }], 'Email must be valid.');
    const { unmount } = renderRoute(<Probe send={() => Promise.reject(error)} alsoAboveFields />);
    send();
    expect((await screen.findByRole('alert')).textContent).toBe('Email must be valid.');
    expect(screen.getAllByText('Email must be valid.')).toHaveLength(2);
    unmount();

    const conflict = new HttpError('This order was changed by someone else.', 409, [], 'CONFLICT');
    const answered: string[] = [];
    renderRoute(
      <Probe
        send={() => Promise.reject(conflict)}
        onFailure={(f) => (answered.push(f.code ?? ''), f.code === 'CONFLICT')}
      />,
    );
    send();
    await waitFor(() => expect(answered).toEqual(['CONFLICT']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a form may say its own sentence instead of the server’s (a hint on the way on)', async () => {
    const forbidden = new HttpError('Forbidden', 403, [], 'FORBIDDEN');
    renderRoute(
      <Probe
        send={() => Promise.reject(forbidden)}
        onFailure={(f) => (f.code === 'FORBIDDEN' ? 'Save it as a draft: a manager sends it.' : false)}
      />,
    );
    send();
    expect((await screen.findByRole('alert')).textContent).toBe('Save it as a draft: a manager sends it.');
  });
});
