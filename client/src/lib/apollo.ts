import { ApolloClient, CombinedGraphQLErrors, HttpLink, InMemoryCache, ServerError } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { withCsrfToken } from './csrf';

/** Whether an Apollo error is a 403 (HTTP) or a FORBIDDEN GraphQL error. */
export function isForbidden(error: unknown): boolean {
  if (ServerError.is(error)) return error.statusCode === 403;
  if (CombinedGraphQLErrors.is(error)) return error.errors.some((e) => e.extensions?.code === 'FORBIDDEN');
  return false;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The HttpLink's fetch: a POST's JSON body (one operation, or a batch) gets the CSRF token as `csrf_token`
 * (spec section 7).
 */
export const csrfFetch: typeof fetch = async (input, init) => {
  const method = (init?.method ?? 'GET').toUpperCase();
  if (SAFE_METHODS.has(method) || typeof init?.body !== 'string') return fetch(input, init);
  const parsed = JSON.parse(init.body) as Record<string, unknown> | Record<string, unknown>[];
  const body = Array.isArray(parsed)
    ? await Promise.all(parsed.map((operation) => withCsrfToken(operation)))
    : await withCsrfToken(parsed);
  return fetch(input, { ...init, body: JSON.stringify(body) });
};

/**
 * The shop's Apollo Client: the normalised cache is the store; every POST carries the CSRF token in its body.
 * Any 403 calls `onForbidden` (the session signs out, spec section 8).
 */
export function createApolloClient(onForbidden: () => void = () => undefined): ApolloClient {
  const forbidden = new ErrorLink(({ error, operation }) => {
    if (isForbidden(error) && operation.operationName !== 'SignOut') onForbidden();
  });
  return new ApolloClient({
    link: forbidden.concat(new HttpLink({ uri: '/graphql', credentials: 'same-origin', fetch: csrfFetch })),
    cache: createCache(),
  });
}

/** The normalised cache, the same in the browser and while the server renders a page. */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      // The visitor has one cart: a singleton in the cache, whatever its id (null before the first add).
      Cart: { keyFields: [] },
      CartLine: { keyFields: ['cartLineId'] },
      // A line's configurations belong to it (two lines may use the same option with other values).
      LineConfiguration: { keyFields: false },
      OrderedConfiguration: { keyFields: false },
      Category: { keyFields: ['id'] },
      Product: { keyFields: ['id'] },
      Site: { keyFields: ['id'] },
    },
  });
}
