/** The cart feature to the rest of the client: the cart's state and actions, Add to cart, the totals panel. */
export { trackedLine, useCartActions, useCartCount, useCartSync } from './useCart';
export { PurchaseActions, QuantityAddToCart, useLineQuantity } from './AddToCart';
export { CartTotals } from './CartTotals';
export { ViewerNotice } from './ViewerNotice';
export type { CartFieldsFragment } from './graphql/cart.generated';
