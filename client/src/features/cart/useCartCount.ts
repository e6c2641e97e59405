/**
 * The header's cart count: the sum of line quantities. The cart arrives with the cart issue; until then the
 * store has no lines and the count is 0 (the spec shows the count even at 0).
 */
export function useCartCount(): number {
  return 0;
}
