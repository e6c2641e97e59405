import { failureOf } from '../../lib/failure';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMessage, useT, type MessageId } from '../../i18n';
import { useSession } from '../account';
import { useNotifyBackInStock } from './useNotifyBackInStock';

/** What the page says for each answer (decision 053). */
const DONE: Record<string, MessageId> = {
  created: 'backInStock.done',
  confirmation_sent: 'backInStock.confirm',
  already_requested: 'backInStock.already',
};

/**
 * "E-mail me when it is back": the shared schema checks the e-mail here and on the server. The schema (and yup
 * with it, ~13 kB gzip) loads on the first submit: the product page hydrates without it. Signed out, the server
 * e-mails a link to confirm first; signed in, it takes only the buyer's own address, filled in (decision 053). The
 * confirmation link comes back here with `?backInStock=confirmed` (or `expired`).
 */
export function BackInStockForm({ itemId }: { itemId: string }) {
  const message = useMessage();
  const t = useT();
  const id = useId();
  const { user } = useSession();
  const [params] = useSearchParams();
  const [typed, setEmail] = useState<string | null>(null);
  const email = typed ?? user?.emailAddress ?? '';
  const [error, setError] = useState<string | null>(null);
  const [notify, { data, loading }] = useNotifyBackInStock();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const validation = await Promise.all([import('@domain/catalog'), import('yup')]).catch(() => null);
    // The schema's chunk did not load (connection lost): say so next to the field rather than fail silently.
    if (!validation) return setError(t('backInStock.failed'));
    const [{ backInStockSchema }, { ValidationError }] = validation;
    try {
      backInStockSchema.validateSync({ email, itemId });
    } catch (err) {
      if (err instanceof ValidationError) return setError(err.message);
      throw err;
    }
    setError(null);
    try {
      await notify({ variables: { email: email.trim(), itemId } });
    } catch (err) {
      // Next to the field: its own message, else the refusal's (too many e-mails asked for), else a failure.
      const failure = failureOf(err);
      setError(Object.values(failure.fields)[0] ?? failure.message ?? t('backInStock.failed'));
    }
  };

  if (data)
    return (
      <p className="back-in-stock__done" role="status">
        {t(DONE[data.notifyBackInStock.status] ?? 'backInStock.done', {
          email: data.notifyBackInStock.email,
        })}
      </p>
    );

  const link = params.get('backInStock');
  if (link === 'confirmed')
    return (
      <p className="back-in-stock__done" role="status">
        {t('backInStock.confirmed')}
      </p>
    );

  return (
    <form className="back-in-stock" method="post" onSubmit={submit} noValidate>
      {link === 'expired' && <p role="status">{t('backInStock.expired')}</p>}
      <label htmlFor={`${id}-email`}>{t('backInStock.label')}</label>
      <div className="back-in-stock__row">
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={loading}>
          {t('backInStock.submit')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {message(error)}
        </p>
      )}
    </form>
  );
}
