import { CombinedGraphQLErrors, ServerError, type ApolloClient } from '@apollo/client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { ERROR_TEXTS } from '@domain/constants';
import { useEffect } from 'react';
import {
  InitializePaymentKeyDocument,
  MeDocument,
  SignOutDocument,
  type UserFieldsFragment,
} from './graphql/session.generated';
import { track } from '../../lib/analytics';
import { logError } from '../../lib/log';
import { getSession, type AuthSession } from './authClient';

/** localStorage key written on sign-in and sign-out so other tabs refetch the session (spec section 4). */
export const SESSION_EVENT_KEY = 'axl.session-event';
/** Dispatched on window after a sign-out (spec: user-signed-out event). */
export const SIGNED_OUT_EVENT = 'axl:user-signed-out';
/** Dispatched on window after a sign-in and after a completed registration (spec section 4's events). */
export const SIGNED_IN_EVENT = 'axl:user-signed-in';
export const REGISTERED_EVENT = 'axl:user-registered';

/** After a sign-in or a completed registration: other tabs hear of it, the event fires, analytics is told. */
export function announceSignIn(kind: 'sign-in' | 'registration'): void {
  announceSessionChange();
  window.dispatchEvent(new Event(kind === 'sign-in' ? SIGNED_IN_EVENT : REGISTERED_EVENT));
  track({ type: kind });
}

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** The signed-in user from the Apollo cache (the `me` query): loading, authenticated or unauthenticated. */
export function useSession() {
  const { data, loading } = useQuery(MeDocument, { errorPolicy: 'all' });
  const user = data?.me ?? null;
  const status: SessionStatus = user ? 'authenticated' : loading ? 'loading' : 'unauthenticated';
  return { user, status };
}

export function announceSessionChange(): void {
  try {
    localStorage.setItem(SESSION_EVENT_KEY, String(Date.now()));
  } catch {
    // Private mode: other tabs catch up on focus.
  }
}

/** Refetches the session when the tab gets focus and when another tab signs in or out. */
export function useSessionSync(): void {
  const client = useApolloClient();
  useEffect(() => {
    const refetch = () => void client.refetchQueries({ include: [MeDocument] }).catch(() => undefined);
    const onStorage = (e: StorageEvent) => {
      if (e.key === SESSION_EVENT_KEY) void client.resetStore().catch(() => undefined);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') refetch();
    };
    window.addEventListener('focus', refetch);
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', refetch);
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [client]);
}

/** Ends the session, clears what the cache knew, tells the other tabs and dispatches the signed-out event. */
export async function signOutEverywhere(client: ApolloClient): Promise<void> {
  await client.mutate({ mutation: SignOutDocument }).catch(() => undefined);
  // Forget everything the cache knew about this user; active queries (the session among them) run again.
  await client.resetStore().catch(() => undefined);
  announceSessionChange();
  window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
}

export function useSignOut() {
  const client = useApolloClient();
  return () => signOutEverywhere(client);
}

/**
 * The current user (the `me` query, from the network), written to the cache: the user is loaded. An answer
 * with a status above 299 is logged as "Failed to fetch user data" and the user is not loaded (null); a
 * signed-out answer is null too; any other failure is thrown.
 */
export async function fetchCurrentUser(client: ApolloClient): Promise<UserFieldsFragment | null> {
  const { data, error } = await client.query({
    query: MeDocument,
    fetchPolicy: 'network-only',
    errorPolicy: 'all',
    // Plain JSON: every answer above 299 is then an HTTP failure, whatever its body.
    context: { headers: { accept: 'application/json' } },
  });
  if (ServerError.is(error) && error.statusCode > 299) {
    logError(ERROR_TEXTS.userFetchFailed, { status: error.statusCode });
    return null;
  }
  const signedOut =
    CombinedGraphQLErrors.is(error) && error.errors.every((e) => e.extensions?.code === 'UNAUTHENTICATED');
  if (error && !signedOut) throw error;
  return data?.me ?? null;
}

/**
 * The payment-key initialisation (spec section 4): a session with a user id other than -1 but no paymentKey asks
 * the store for one (the store makes the provider's customer once, however often asked). The key, when made.
 */
export async function initializePaymentKey(
  client: ApolloClient,
  session: AuthSession | null,
): Promise<string | null> {
  const info = session?.userInfo;
  if (!info || info.userId === '-1' || info.paymentKey) return null;
  const { data } = await client.mutate({ mutation: InitializePaymentKeyDocument });
  return data?.initializePaymentKey ?? null;
}

/**
 * The session's initialisation after sign-in or registration (spec section 4): the session is read; unless the
 * cache already holds its user, the current user is fetched; then the cart; then the payment key when the
 * session has none. An exception on the way is logged as "Failed to initialize user session". The user, or null
 * when not loaded.
 */
export async function initializeUserSession(client: ApolloClient): Promise<UserFieldsFragment | null> {
  let user: UserFieldsFragment | null = null;
  try {
    const session = await getSession();
    user = client.readQuery({ query: MeDocument })?.me ?? null;
    if (!user || user.id !== session?.userInfo?.userId) user = await fetchCurrentUser(client);
    await client.refetchQueries({ include: ['Cart'] });
    if (user) await initializePaymentKey(client, session);
  } catch (error) {
    logError(ERROR_TEXTS.sessionInitFailed, error);
  }
  return user;
}
