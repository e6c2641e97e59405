import { jest } from '@jest/globals';
import type { UserFieldsFragment } from '../features/account/graphql/session.generated';

/** A signed-in customer as the session's `me` answers it; `over` changes what a test needs. */
export const signedInUser = (
  over: Partial<UserFieldsFragment> = {},
): UserFieldsFragment & { __typename: 'User' } => ({
  __typename: 'User',
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Ng',
  phone: '',
  emailAddress: 'ada@plant.example',
  role: 500,
  primaryAddress: null,
  accounts: [],
  addresses: [],
  ...over,
});

/** A fetch answer with a JSON body (or another content type's). */
export const json = (status: number, body: unknown, type = 'application/json') =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': type } }));

/** The sign-in providers the store lists (GET /api/auth/providers). */
export const PROVIDERS = {
  credentials: {
    id: 'credentials',
    name: 'Credentials',
    type: 'credentials',
    signinUrl: '/api/auth/signin/credentials',
    callbackUrl: '/api/auth/callback/credentials',
  },
};

/** Answers fetch calls by path; a path not listed fails like a network error. */
export function serveFetch(routes: Record<string, () => Promise<Response>>) {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const route = routes[String(input)];
    if (!route) throw new TypeError('Failed to fetch');
    return route();
  });
}
