import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { AddressValues, ShippingValues } from './steps/types';

/**
 * What the buyer has done at checkout, kept in the tab's session storage so a reload (or a lost connection) does
 * not lose it (decision 038): the step reached, the address and shipping sent, and what was typed in the open
 * step's form. The card is not kept: it is given again. The draft belongs to one buyer (a guest's is not shown to
 * the user who signs in on that tab, nor the reverse) and is dropped once the order is placed.
 */
export type DraftStep = 'address' | 'shipping' | 'payment' | 'review';

export interface CheckoutDraft {
  /** The signed-in user's id; null for a guest. */
  owner: string | null;
  step: DraftStep;
  address: AddressValues | null;
  shipping: ShippingValues | null;
  /** The open step's form as typed, not yet sent. */
  typing: { address?: AddressValues; shipping?: ShippingValues };
}

type DraftChange = Partial<Omit<CheckoutDraft, 'owner'>>;

export const CHECKOUT_DRAFT_KEY = 'axl.checkout-draft';
const STEPS: readonly DraftStep[] = ['address', 'shipping', 'payment', 'review'];

const listeners = new Set<() => void>();
/** Where the draft lives when the browser refuses session storage (a private window's quota, a policy). */
let memory: string | null = null;

function read(): string | null {
  try {
    return sessionStorage.getItem(CHECKOUT_DRAFT_KEY);
  } catch {
    return memory;
  }
}

function write(raw: string | null): void {
  memory = raw;
  try {
    if (raw === null) sessionStorage.removeItem(CHECKOUT_DRAFT_KEY);
    else sessionStorage.setItem(CHECKOUT_DRAFT_KEY, raw);
  } catch {
    // Kept in memory instead: the draft then lasts until the page is left.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The draft of `owner` from what was stored; an empty one when nothing (readable, of this buyer) was. */
export function parseDraft(raw: string | null, owner: string | null): CheckoutDraft {
  const empty: CheckoutDraft = { owner, step: 'address', address: null, shipping: null, typing: {} };
  if (!raw) return empty;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return empty;
  }
  if (!isObject(stored) || stored.owner !== owner) return empty;
  const address = isObject(stored.address) ? (stored.address as unknown as AddressValues) : null;
  const shipping = isObject(stored.shipping) ? (stored.shipping as unknown as ShippingValues) : null;
  const typing = isObject(stored.typing) ? (stored.typing as CheckoutDraft['typing']) : {};
  const step = STEPS.includes(stored.step as DraftStep) ? (stored.step as DraftStep) : 'address';
  // A step is only reached with what it needs: an address before shipping, shipping before payment.
  const at = STEPS.indexOf(step);
  const reachable: DraftStep = at >= 1 && !address ? 'address' : at >= 2 && !shipping ? 'shipping' : step;
  return { owner, step: reachable, address, shipping, typing };
}

/** Drops the draft (the order is placed). */
export function clearCheckoutDraft(): void {
  write(null);
}

/**
 * The checkout draft of `owner` and a way to change it. On the server, and while the page hydrates, the draft is
 * empty (the server cannot see the tab's storage); the stored one follows at once.
 */
export function useCheckoutDraft(owner: string | null) {
  const raw = useSyncExternalStore(subscribe, read, () => null);
  const draft = useMemo(() => parseDraft(raw, owner), [raw, owner]);
  // Applied to the draft as stored now: two changes in one event both land.
  const update = useCallback(
    (change: DraftChange | ((current: CheckoutDraft) => DraftChange)) => {
      const current = parseDraft(read(), owner);
      const changed = typeof change === 'function' ? change(current) : change;
      write(JSON.stringify({ ...current, ...changed, owner }));
    },
    [owner],
  );
  return [draft, update] as const;
}
