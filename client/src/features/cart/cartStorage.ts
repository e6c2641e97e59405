import {
  migrateStoredLineV0,
  type CartItem,
  type CartLine,
  type LineConfiguration,
  type StoredLineV0,
} from '@domain/cart';

/** The lines kept in the browser (persisted cart slice): product, configurations and quantity. */
export type LocalLine = Pick<CartLine, 'id' | 'quantity'> & { configurations: LineConfiguration[] };

export const CART_STORAGE_KEY = 'axl.cart';
const VERSION = 1;

interface Stored {
  version: number;
  lines: unknown[];
}

/** The lines stored in this browser; version-0 lines (the old names) are migrated. Unreadable data: none. */
export function loadLocalLines(): LocalLine[] {
  try {
    const raw = localStorage.getItem(CART_STORAGE_KEY);
    if (!raw) return [];
    const stored = JSON.parse(raw) as Stored | unknown[];
    const version = Array.isArray(stored) ? 0 : (stored.version ?? 0);
    const lines = Array.isArray(stored) ? stored : stored.lines;
    return lines
      .map((l) => (version === 0 ? migrateStoredLineV0(l as StoredLineV0) : (l as LocalLine)))
      .filter((l) => typeof l.id === 'string' && Number.isInteger(l.quantity) && l.quantity > 0)
      .map((l) => ({ id: l.id, quantity: l.quantity, configurations: [...(l.configurations ?? [])] }));
  } catch {
    return [];
  }
}

export function saveLocalLines(lines: readonly LocalLine[]): void {
  try {
    if (lines.length === 0) localStorage.removeItem(CART_STORAGE_KEY);
    else
      localStorage.setItem(
        CART_STORAGE_KEY,
        JSON.stringify({
          version: VERSION,
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
