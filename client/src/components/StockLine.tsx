import { useT } from '../i18n';

/**
 * The stock line (spec section 2): "Available to Order" with the green check, else backordered. The same words on
 * the product page, the cart and every listing card (a `span` inside a card's link).
 */
export function StockLine({ inStock, as: Tag = 'p' }: { inStock: boolean; as?: 'p' | 'span' }) {
  const t = useT();
  return (
    <Tag className={`stock${inStock ? ' stock--ok' : ' stock--back'}`} data-testid="stock-line">
      {inStock ? (
        <>
          <span aria-hidden="true">✓</span> {t('product.available')}
        </>
      ) : (
        t('product.backordered')
      )}
    </Tag>
  );
}
