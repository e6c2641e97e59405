import { afterEach, beforeEach, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { MeDocument, type UserFieldsFragment } from '../features/account/graphql/session.generated';

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

/** The session's `me` query answered with a signed-in customer (for pages of other features). */
export const signedInSession = (over: Partial<UserFieldsFragment> = {}): MockedResponse => ({
  request: { query: MeDocument },
  result: { data: { me: signedInUser(over) } },
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

/**
 * The browser of the auth client's specs: a CSRF cookie, a recording `sendBeacon` and a silenced console.error,
 * restored after each test. Returns the console.error spy of the running test.
 */
export function withAuthBrowser(): () => jest.SpiedFunction<typeof console.error> {
  let consoleError: jest.SpiedFunction<typeof console.error>;
  beforeEach(() => {
    document.cookie = 'clientCsrfToken=c.t; path=/';
    Object.assign(navigator, { sendBeacon: jest.fn(() => true) });
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });
  return () => consoleError;
}

/** The `code` field of every beacon log sent to POST /api/auth/_log. */
export const beaconCodes = () =>
  (navigator.sendBeacon as jest.Mock).mock.calls.map(([, body]) => (body as URLSearchParams).get('code'));
