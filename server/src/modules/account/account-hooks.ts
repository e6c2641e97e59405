import type { SessionData } from 'express-session';
import type { Ctx } from '../../context';

/**
 * What modules above account do when a buyer signs in or closes their account (the cart adopts the visitor's
 * anonymous cart; a company refuses to lose its last active admin). The account module sits below them and imports
 * none of them (issue 53 item 2), so they hand their work in here; app.ts wires them at start, as it wires the
 * order status subscribers (decision 067).
 */

/** What a sign-in hook is told: the user now signed in, and the visitor's session as it was before sign-in. */
export interface SignedIn {
  userId: string;
  /** The replaced session (undefined when the visitor had none): what it held is gone from the new one. */
  before: Readonly<Partial<SessionData>> | undefined;
}

/** Runs once the user's new session has begun, before sign-in answers; a throw fails the sign-in. */
export type SignInHook = (ctx: Ctx, signedIn: SignedIn) => Promise<void>;

/**
 * Runs inside the closing's transaction, before any personal data is removed; it refuses by throwing an AppError,
 * which rolls the closing back.
 */
export type AccountClosingCheck = (ctx: Ctx, userId: string) => Promise<void>;

const signInHooks = new Set<SignInHook>();
const closingChecks = new Set<AccountClosingCheck>();

/** Wires sign-in hooks (once each, however many apps a process makes); returns how to take them off again. */
export function onSignIn(...added: SignInHook[]): () => void {
  for (const hook of added) signInHooks.add(hook);
  return () => added.forEach((hook) => signInHooks.delete(hook));
}

/** Wires account-closing checks (once each, however many apps a process makes); returns how to take them off. */
export function checkBeforeClosing(...added: AccountClosingCheck[]): () => void {
  for (const check of added) closingChecks.add(check);
  return () => added.forEach((check) => closingChecks.delete(check));
}

/** The sign-in hooks in the order they were wired, one after the other. */
export async function runSignInHooks(ctx: Ctx, signedIn: SignedIn): Promise<void> {
  for (const hook of signInHooks) await hook(ctx, signedIn);
}

/** The closing checks in the order they were wired; the first refusal stops the closing. */
export async function runClosingChecks(ctx: Ctx, userId: string): Promise<void> {
  for (const check of closingChecks) await check(ctx, userId);
}
