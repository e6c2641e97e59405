/**
 * The cart module's door (issue 53, item 2): what code outside server/src/modules/cart/ uses. Other modules, the
 * flows and the rest of server/src import this file, never the files behind it (eslint.config.mjs holds it;
 * server/test may). It never exports the module's manifest (config/manifests.ts imports that directly).
 */
export { checkLines, refuseLines, checkItems, type CheckedItem } from './cart-lines';
export { type StoredConfiguration } from './cart.entity';
export { cartGql, cartLineGql, wireItems } from './cart.resolver';
export {
  adoptCartAtSignIn,
  cartService,
  pricedLines,
  takeLines,
  type CartView,
  type CartLineView,
  linesView,
  mergeSameLines,
  pricedListItems,
  pruneCartRequests,
} from './cart.service';
export { AppliedPromotionGql, CartGql, TaxLineGql, CartItemInputGql, CartLineGql } from './cart.types';
