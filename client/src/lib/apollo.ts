import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { CSRF } from '@domain/constants';
import { getCsrfToken } from './csrf';

/** The shop's Apollo Client: the normalised cache is the store; every POST carries the CSRF token. */
export function createApolloClient(): ApolloClient {
  const csrf = new SetContextLink(async (prev) => ({
    headers: { ...(prev.headers as Record<string, string> | undefined), [CSRF.header]: await getCsrfToken() },
  }));
  return new ApolloClient({
    link: csrf.concat(new HttpLink({ uri: '/graphql', credentials: 'same-origin' })),
    cache: new InMemoryCache({
      typePolicies: {
        Category: { keyFields: ['id'] },
        Product: { keyFields: ['id'] },
        Site: { keyFields: ['id'] },
      },
    }),
  });
}
