/**
 * An Idempotency-Key, as the placement of an order and an add to the cart take it: a request sent again with the same
 * key (a client's retry, a balancer's replay after a store died mid-request) is done once.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

export const IDEMPOTENCY_KEY_MESSAGE =
  'An Idempotency-Key is 8 to 100 letters, digits, - or _ (a UUID fits).';
