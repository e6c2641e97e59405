/**
 * Paying by card to the rest of the client: the card form (the number goes to the payment provider), the choice
 * between a saved card and a new one, and the signed-in buyer's saved cards.
 */
export { CardForm, type Card } from './CardForm';
export { CardChoice, expiryOf, useCardLabel } from './CardChoice';
export { cardLabel } from './labels';
export { usePaymentOptions, useSavedCardActions } from './usePaymentOptions';
