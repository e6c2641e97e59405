import { errorMessage } from '../../lib/failure';
import { useId, useState } from 'react';
import type { QuickOrderMutation } from './graphql/lists.generated';
import { useQuickOrder } from './useListActions';
import { useMessage, useT } from '../../i18n';

/** Paste "part-number quantity" lines into the cart (no list) or a list; lines not understood are listed. */
export function QuickOrderForm({ listId = null }: { listId?: string | null }) {
  const message = useMessage();
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [result, setResult] = useState<QuickOrderMutation['quickOrder'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [run, { loading }] = useQuickOrder(listId);
  return (
    <section className="quick-order panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('lists.quickOrder')}</h2>
      <form
        method="post"
        onSubmit={(e) => {
          e.preventDefault();
          setFailure(null);
          void run({ variables: { text, listId } })
            .then(({ data }) => {
              if (!data) return;
              setResult(data.quickOrder);
              // What was added leaves the box; the rejected lines stay in it, to be corrected and sent again.
              setText(data.quickOrder.problems.map((p) => p.text).join('\n'));
            })
            .catch((err: unknown) => setFailure(errorMessage(err, t('lists.failed'))));
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-text`}>{t('lists.quickOrderLabel')}</label>
          <textarea
            id={`${id}-text`}
            rows={5}
            value={text}
            placeholder={'SFU1605-500 2\n2020-C-1000 4'}
            onChange={(e) => setText(e.target.value)}
          />
          <p className="field__hint">{t('lists.quickOrderHint')}</p>
        </div>
        {failure && (
          <p className="form__error" role="alert">
            {message(failure)}
          </p>
        )}
        <button type="submit" className="btn btn--outline-primary" disabled={loading}>
          {listId ? t('lists.addToList') : t('lists.addToCart')}
        </button>
      </form>
      {result && (
        <div className="quick-order__result" role="status">
          <p>{t('lists.quickOrderAdded', { count: result.added })}</p>
          {result.problems.length > 0 && (
            <ul className="quick-order__problems" data-testid="quick-order-problems">
              {result.problems.map((p) => (
                <li key={`${p.line}-${p.text}`}>
                  {t('lists.quickOrderLine', { line: p.line, text: p.text })} {p.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
