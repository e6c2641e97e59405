/**
 * The account feature to the rest of the client: who is signed in, signing out, and the redirect to sign-in.
 * The router imports the account's pages directly (each a chunk of its own).
 */
export { SIGNED_OUT_EVENT, signOutEverywhere, useSession, useSessionSync, useSignOut } from './session';
export { SignInRedirect } from './SignInRedirect';
