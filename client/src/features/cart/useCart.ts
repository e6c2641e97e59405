import { errorMessage } from '../../lib/failure';
import type { ApolloClient } from '@apollo/client';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { keptCopyPlan, mergeRefreshed, reconcileLocal, type CartItem } from '@domain/cart';
import { round2 } from '@domain/money';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '@domain/routes';
import {
  AddToCartDocument,
  ApplyCartCodeDocument,
  CartDocument,
  CartRefreshDetailsDocument,
  ClearCartDocument,
  RemoveCartCodeDocument,
  RemoveFromCartDocument,
  SaveForLaterDocument,
  UpdateCartDocument,
  type CartFieldsFragment,
} from './graphql/cart.generated';
import { useT } from '../../i18n';
import { track, type TrackedItem } from '../../lib/analytics';
import { useShipsTo, useSite } from '../../lib/site';
import { notify } from '../../lib/toast';
import { randomUuid } from '../../lib/uuid';
import { SIGNED_OUT_EVENT } from '../account';
import { repricedCart } from './repriced';
import { forgetLocalLines, loadKeptCart, localItem, saveLocalLines, type LocalLine } from './cartStorage';

export type CartLineData = CartFieldsFragment['orderLines'][number];

/** The visitor's cart from the Apollo cache (fetched once, then kept current by every cart mutation). */
export function useCart() {
  const { data, loading, error } = useQuery(CartDocument);
  return { cart: data?.cart ?? null, loading: loading && !data, error };
}

/** The header's count: the sum of line quantities (0 until the cart is known). */
export function useCartCount(): number {
  return useCart().cart?.totalQuantity ?? 0;
}

const toLocal = (l: CartLineData): LocalLine => ({
  id: l.itemId,
  quantity: l.quantity,
  configurations: l.configurations.map((c) => ({ id: c.id, value: c.value, metadata: c.metadata ?? null })),
});

/** A line on the wire (with another quantity). */
export const cartLineItem = (l: CartLineData, qty = l.quantity): CartItem =>
  localItem({ ...toLocal(l), quantity: qty });

/** The server cart a copy is saved from; a visitor without one has none ('-1'). */
const serverCart = (cart: CartFieldsFragment) => ({
  cartId: cart.cartId === '-1' ? null : cart.cartId,
  revision: cart.revision,
});

/** Keeps the cart's lines in this browser with the cart and revision they came from. */
const keepCart = (cart: CartFieldsFragment) =>
  saveLocalLines(cart.orderLines.map(toLocal), { cartId: cart.cartId, revision: cart.revision });

/**
 * Cart loading (spec section 4, narrowed by decision 055): lines the server never had — a copy that never saw
 * it, or a visitor whose server cart lapsed — are merged: kept quantities override the server's for lines on
 * both sides, kept-only lines are priced afresh (kept only when priced above 0) and appended. A copy saved from
 * the server cart is never merged: at the cart's revision there is nothing to do; at an older one (an order or
 * another device changed the cart since) it is replaced by the server's lines. Then the browser's copy follows
 * the cart. Sign-out forgets it.
 */
export async function loadCart(client: ApolloClient, cart: CartFieldsFragment): Promise<void> {
  const { lines: local, synced } = loadKeptCart();
  if (local.length === 0) return;
  const plan = keptCopyPlan(synced, serverCart(cart));
  if (plan === 'current') return;
  if (plan === 'stale') return keepCart(cart);
  const server = cart.orderLines.map((l) => ({ ...l, id: l.itemId, description: '' }));
  const { lines, onlyLocal } = reconcileLocal(server, local);
  const changed = cart.orderLines.flatMap((l, i) =>
    lines[i]!.quantity !== l.quantity ? [cartLineItem(l, lines[i]!.quantity)] : [],
  );
  if (changed.length > 0)
    await client.mutate({ mutation: UpdateCartDocument, variables: { items: changed } });
  if (onlyLocal.length === 0) return;
  const { data } = await client.query({
    query: CartRefreshDetailsDocument,
    variables: { ids: [...new Set(onlyLocal.map((l) => l.id))] },
    fetchPolicy: 'network-only',
  });
  const fresh = mergeRefreshed(onlyLocal, data?.productRefreshDetails ?? []);
  if (fresh.length > 0) {
    await client.mutate({
      mutation: AddToCartDocument,
      variables: { items: fresh.map(localItem), idempotencyKey: randomUuid() },
    });
  }
}

/** Runs the cart loading once per page load, then keeps the browser's copy of the lines. */
export function useCartSync(): void {
  const client = useApolloClient();
  const { cart } = useCart();
  const [loaded, setLoaded] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (!cart || started.current) return;
    started.current = true;
    void loadCart(client, cart)
      .catch(() => undefined)
      .finally(() => setLoaded(true));
  }, [cart, client]);
  useEffect(() => {
    if (loaded && cart) keepCart(cart);
  }, [cart, loaded]);
  useEffect(() => {
    const forget = () => forgetLocalLines();
    window.addEventListener(SIGNED_OUT_EVENT, forget);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, forget);
  }, []);
}

/** A cart line as analytics reports it. */
export const trackedLine = (line: CartLineData, quantity: number = line.quantity): TrackedItem => ({
  id: line.itemId,
  name: line.name,
  price: line.price,
  quantity,
  categories: line.categories,
  // The promotions' share of one unit (GA4's item discount), to the cent.
  discount: line.discount > 0 && line.quantity > 0 ? round2(line.discount / line.quantity) : null,
});

/** Cart changes with their toasts (added, updated, removed) and analytics; failures toast the server's message. */
export function useCartActions() {
  const t = useT();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [add] = useMutation(AddToCartDocument);
  const [update] = useMutation(UpdateCartDocument);
  const [remove] = useMutation(RemoveFromCartDocument);
  const [clear] = useMutation(ClearCartDocument);
  const [saveForLater] = useMutation(SaveForLaterDocument, { refetchQueries: ['SavedLists'] });
  const failed = (err: unknown) => {
    void notify('error', errorMessage(err, t('cart.failed')));
    throw err;
  };
  // A cart is priced in its site's currency.
  const { currency } = useSite();
  const country = useShipsTo();
  const report = (action: 'add' | 'remove', items: TrackedItem[]) => {
    if (items.length) track({ type: 'cart', action, items, currency });
  };
  return {
    async add(items: CartItem[], name: string) {
      // One key per add: Apollo's or a balancer's retry of this request adds nothing more (issue 55, item 7).
      const { data } = await add({ variables: { items, idempotencyKey: randomUuid() } }).catch(failed);
      const lines = data?.addToCart.orderLines ?? [];
      report(
        'add',
        items.map((item) => {
          const line = lines.find((l) => l.itemId === item.itemId);
          return {
            id: item.itemId,
            name: line?.name ?? name,
            price: line?.price,
            quantity: item.qty,
            categories: line?.categories,
          };
        }),
      );
      void notify('success', t('cart.added', { name }), {
        action: { label: t('cart.viewCart'), onClick: () => navigate(ROUTES.cart) },
      });
    },
    /**
     * Until the server answers, the cart reads as re-priced at the new quantity (line and totals together, issue 51
     * item 4); the answer replaces it, a failure puts the cart back.
     */
    async setQuantity(line: CartLineData, qty: number) {
      const shown = client.readQuery({ query: CartDocument })?.cart;
      await update({
        variables: { items: [cartLineItem(line, qty)] },
        optimisticResponse: shown
          ? { updateCart: repricedCart(shown, line.cartLineId, qty, country) }
          : undefined,
      }).catch(failed);
      // A changed quantity is reported as what was added or removed.
      if (qty !== line.quantity)
        report(qty > line.quantity ? 'add' : 'remove', [trackedLine(line, Math.abs(qty - line.quantity))]);
      void notify('info', t('cart.updated', { name: line.name }));
    },
    async remove(line: CartLineData) {
      await remove({ variables: { cartLineIds: [line.cartLineId] } }).catch(failed);
      report('remove', [trackedLine(line)]);
      void notify('info', t('cart.removed', { name: line.name }));
    },
    async saveForLater(line: CartLineData) {
      await saveForLater({ variables: { cartLineIds: [line.cartLineId] } }).catch(failed);
      report('remove', [trackedLine(line)]);
      void notify('info', t('cart.savedForLater', { name: line.name }));
    },
    /** Empties the cart; analytics hears a remove-from-cart for every line (spec section 9). */
    async clear() {
      const before = client.readQuery({ query: CartDocument })?.cart;
      await clear().catch(failed);
      if (before?.orderLines.length) {
        track({
          type: 'cart',
          action: 'clear',
          items: before.orderLines.map((l) => trackedLine(l)),
          currency: before.currencyCode,
        });
      }
      void notify('info', t('cart.cleared'));
    },
  };
}

/**
 * The cart's promotion codes (issue 58): `apply` keeps a code (the server refuses one that does not apply, with the
 * reason in the field `code`, for the form to show), `remove` takes one off. The answer is the cart, so the cache's
 * one Cart follows.
 */
export function useCartCode() {
  const t = useT();
  const [apply, applying] = useMutation(ApplyCartCodeDocument);
  const [remove, removing] = useMutation(RemoveCartCodeDocument);
  return {
    apply: (code: string) => apply({ variables: { code } }),
    async remove(code: string) {
      await remove({ variables: { code } }).catch((err: unknown) => {
        void notify('error', errorMessage(err, t('cart.failed')));
      });
    },
    busy: applying.loading || removing.loading,
  };
}
