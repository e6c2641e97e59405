import { CART_LIMITS, type CartItem } from '@domain/cart';
import { savedListPath } from '@domain/routes';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useMessage, useT } from '../../i18n';
import { errorMessage } from '../../lib/failure';
import { useListActions } from './useListActions';

/**
 * "Send to a buyer" (issue 51, item 3): a Viewer, who cannot order for the company, saves the cart's lines as a
 * new list shared with the company for reading (decision 045); its buyers find it under Saved Lists and add it to
 * their cart. The create and add calls are the list pages' own.
 */
export function SendToBuyer({ items }: { items: CartItem[] }) {
  const t = useT();
  const message = useMessage();
  const intl = useIntl();
  const { create, add, destroy } = useListActions();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ id: string; name: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setFailure(null);
    let listId: string | null = null;
    try {
      // To the second: a second cart sent the same minute is another list, not a clash of names.
      const date = intl.formatDate(Date.now(), { dateStyle: 'medium', timeStyle: 'medium' });
      const name = t('cart.forBuyerListName', { date });
      const { data } = await create({ variables: { input: { name, description: '', sharing: 'read' } } });
      const list = data!.createSavedList;
      listId = list.id;
      for (let i = 0; i < items.length; i += CART_LIMITS.maxItemsPerCall) {
        await add({ variables: { listId: list.id, items: items.slice(i, i + CART_LIMITS.maxItemsPerCall) } });
      }
      setSent({ id: list.id, name: list.name });
    } catch (err) {
      // A list that could not take the cart's lines is not left behind half-filled.
      if (listId) await destroy({ variables: { id: listId } }).catch(() => undefined);
      setFailure(message(errorMessage(err, t('lists.failed'))));
    } finally {
      setBusy(false);
    }
  };
  if (sent) {
    return (
      <p role="status" data-testid="sent-to-buyer">
        {t('cart.sentToBuyer', { list: sent.name })}{' '}
        <Link to={savedListPath(sent.id)}>{t('cart.openSentList')}</Link>
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn btn--primary btn--large"
        disabled={busy}
        onClick={() => void send()}
      >
        {t('cart.sendToBuyer')}
      </button>
      {failure && (
        <p className="field__error" role="alert">
          {failure}
        </p>
      )}
    </>
  );
}
