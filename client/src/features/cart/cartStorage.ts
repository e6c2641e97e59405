import {
  migrateStoredLineV0,
  type CartItem,
  type CartLine,
  type KeptSync,
  type LineConfiguration,
  type StoredLineV0,
} from '@domain/cart';

/** The lines kept in the browser (persisted cart slice): product, configurations and quantity. */
export type LocalLine = Pick<CartLine, 'id' | 'quantity'> & { configurations: LineConfiguration[] };

export const CART_STORAGE_KEY = 'axl.cart';
/** Version 2 names the server cart and revision the copy was saved from (decision 055). */
const VERSION = 2;

interface Stored {
  version: number;
  lines: unknown[];
  cartId?: string;
  revision?: number;
}

/** What this browser keeps: the lines, and the server cart (and its revision) they were last saved from. */
export interface KeptCart {
  lines: LocalLine[];
  synced: KeptSync;
}

/**
 * The copy kept in this browser. Version 0 (the older store's names, migrated) never saw this store's server: not
 * synced. Version 1 was always saved from a server cart, but without naming it: synced, revision unknown. Version 2
 * names the cart and revision. Unreadable data: nothing kept.
 */
export function loadKeptCart(): KeptCart {
  try {
    const raw = localStorage.getItem(CART_STORAGE_KEY);
    if (!raw) return { lines: [], synced: null };
    const stored = JSON.parse(raw) as Stored | unknown[];
    const version = Array.isArray(stored) ? 0 : (stored.version ?? 0);
    const list = Array.isArray(stored) ? stored : stored.lines;
    const lines = list
      .map((l) => (version === 0 ? migrateStoredLineV0(l as StoredLineV0) : (l as LocalLine)))
      .filter((l) => typeof l.id === 'string' && Number.isInteger(l.quantity) && l.quantity > 0)
      .map((l) => ({ id: l.id, quantity: l.quantity, configurations: [...(l.configurations ?? [])] }));
    const synced: KeptSync =
      Array.isArray(stored) || version === 0
        ? null
        : typeof stored.cartId === 'string' && Number.isInteger(stored.revision)
          ? { cartId: stored.cartId, revision: stored.revision! }
          : 'unknown';
    return { lines, synced };
  } catch {
    return { lines: [], synced: null };
  }
}

/** The lines stored in this browser. */
export const loadLocalLines = (): LocalLine[] => loadKeptCart().lines;

/** Keeps the server cart's lines with the cart and revision they came from; no lines: nothing kept. */
export function saveLocalLines(
  lines: readonly LocalLine[],
  from: { cartId: string; revision: number },
): void {
  try {
    if (lines.length === 0) localStorage.removeItem(CART_STORAGE_KEY);
    else
      localStorage.setItem(
        CART_STORAGE_KEY,
        JSON.stringify({
          version: VERSION,
          cartId: from.cartId,
          revision: from.revision,
          lines: lines.map((l) => ({
            id: l.id,
            quantity: l.quantity,
            configurations: l.configurations.map((c) => ({
              id: c.id,
              value: c.value,
              metadata: c.metadata ?? null,
            })),
          })),
        } satisfies Stored),
      );
  } catch {
    // Private mode or full storage: the server cart still holds the lines for this session.
  }
}

/** Forgets the kept copy (sign-out). */
export function forgetLocalLines(): void {
  try {
    localStorage.removeItem(CART_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** A stored line on the wire. */
export const localItem = (l: LocalLine): CartItem => ({
  itemId: l.id,
  qty: l.quantity,
  configurations: l.configurations.map((c) => ({
    productConfigurationId: c.id,
    value: c.value,
    metadata: c.metadata ?? null,
  })),
});
