import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { gql } from '@apollo/client';
import { createApolloClient } from './apollo';

const answer = (status: number, body: object) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('Apollo client', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });
  document.cookie = 'clientCsrfToken=t0k3n; path=/';

  it('calls onForbidden for a FORBIDDEN GraphQL error (the session signs out)', async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() =>
        answer(200, { data: null, errors: [{ message: 'no', extensions: { code: 'FORBIDDEN' } }] }),
      );
    const onForbidden = jest.fn();
    const client = createApolloClient(onForbidden);
    await client
      .mutate({
        mutation: gql`
          mutation Reset {
            resetAllPasswords
          }
        `,
      })
      .catch(() => undefined);
    expect(onForbidden).toHaveBeenCalledTimes(1);
  });

  it('calls onForbidden for an HTTP 403, and not for other failures', async () => {
    const onForbidden = jest.fn();
    const client = createApolloClient(onForbidden);
    jest.spyOn(globalThis, 'fetch').mockImplementation(() => answer(403, { error: { code: 'FORBIDDEN' } }));
    await client
      .query({
        query: gql`
          query A {
            me {
              id
            }
          }
        `,
        fetchPolicy: 'no-cache',
      })
      .catch(() => undefined);
    expect(onForbidden).toHaveBeenCalledTimes(1);
    jest.spyOn(globalThis, 'fetch').mockImplementation(() =>
      answer(200, {
        data: null,
        errors: [{ message: 'sign in', extensions: { code: 'UNAUTHENTICATED' } }],
      }),
    );
    await client
      .query({
        query: gql`
          query B {
            me {
              id
            }
          }
        `,
        fetchPolicy: 'no-cache',
      })
      .catch(() => undefined);
    expect(onForbidden).toHaveBeenCalledTimes(1);
  });

  it('sends the CSRF token as csrf_token in the body of each operation (spec section 7)', async () => {
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => answer(200, { data: { resetAllPasswords: true } }));
    const client = createApolloClient();
    await client.mutate({
      mutation: gql`
        mutation Reset {
          resetAllPasswords
        }
      `,
    });
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/graphql');
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ operationName: 'Reset', csrf_token: 't0k3n' });
    expect(String(body.query)).toContain('resetAllPasswords');
  });
});
