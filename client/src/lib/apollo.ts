import { ApolloClient, CombinedGraphQLErrors, HttpLink, InMemoryCache, ServerError } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { CSRF } from '@domain/constants';
import { getCsrfToken } from './csrf';

/** Whether an Apollo error is a 403 (HTTP) or a FORBIDDEN GraphQL error. */
export function isForbidden(error: unknown): boolean {
  if (ServerError.is(error)) return error.statusCode === 403;
  if (CombinedGraphQLErrors.is(error)) return error.errors.some((e) => e.extensions?.code === 'FORBIDDEN');
  return false;
}

/**
 * The shop's Apollo Client: the normalised cache is the store; every POST carries the CSRF token. Any 403
 * calls `onForbidden` (the session signs out, spec section 8).
 */
export function createApolloClient(onForbidden: () => void = () => undefined): ApolloClient {
  const csrf = new SetContextLink(async (prev) => ({
    headers: { ...(prev.headers as Record<string, string> | undefined), [CSRF.header]: await getCsrfToken() },
  }));
  const forbidden = new ErrorLink(({ error, operation }) => {
    if (isForbidden(error) && operation.operationName !== 'SignOut') onForbidden();
  });
  return new ApolloClient({
    link: forbidden.concat(csrf).concat(new HttpLink({ uri: '/graphql', credentials: 'same-origin' })),
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
