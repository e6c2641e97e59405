import { useT } from '../i18n';

/**
 * The stock line (spec section 2): "Available to Order" with the green check while the part can be ordered (in
 * stock, or sold on backorder: decision 050), else "Not available to order". The same words on the product page,
 * the cart and every listing card (a `span` inside a card's link).
 */
export function StockLine({ orderable, as: Tag = 'p' }: { orderable: boolean; as?: 'p' | 'span' }) {
  const t = useT();
  return (
    <Tag className={`stock${orderable ? ' stock--ok' : ' stock--back'}`} data-testid="stock-line">
      {orderable ? (
        <>
          <span aria-hidden="true">✓</span> {t('product.available')}
        </>
      ) : (
        t('product.notOrderable')
      )}
    </Tag>
  );
}
