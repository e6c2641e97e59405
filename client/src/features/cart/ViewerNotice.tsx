import { useMessage, useT } from '../../i18n';
import { SendToBuyer } from '../lists';
import { cartLineItem, type CartLineData } from './useCart';

/**
 * What a company's Viewer reads in place of Checkout (issue 51, item 3): the server's refusal at Place order, said
 * before a card is typed, and "Send to a buyer" for the cart's lines (none for a quote's checkout).
 */
export function ViewerNotice({ lines }: { lines?: readonly CartLineData[] }) {
  const t = useT();
  const message = useMessage();
  return (
    <div className="notice notice--warning viewer-notice" role="note" data-testid="viewer-notice">
      <p>
        <strong>{message('Viewers cannot place orders for your company.')}</strong>
      </p>
      {lines && lines.length > 0 && (
        <>
          <p>{t('cart.viewerHint')}</p>
          <SendToBuyer items={lines.map((l) => cartLineItem(l))} />
        </>
      )}
    </div>
  );
}
