import type { useT } from '../../i18n';

/** A card as buyers read it everywhere: "VISA ending in 4242" (a card of unknown brand: "CARD"). */
export function cardLabel(
  t: ReturnType<typeof useT>,
  card: { brand: string | null; last4: string | null },
): string {
  return t('checkout.cardEnding', {
    brand: (card.brand ?? 'card').toUpperCase(),
    last4: card.last4 ?? '····',
  });
}
