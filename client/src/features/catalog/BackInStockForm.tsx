import { failureOf } from '../../lib/failure';
import { useMutation } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { NotifyBackInStockDocument } from './graphql/catalog.generated';
import { useMessage, useT } from '../../i18n';

/**
 * "E-mail me when it is back": the shared schema checks the e-mail here and on the server. The schema (and yup
 * with it, ~13 kB gzip) loads on the first submit: the product page hydrates without it.
 */
export function BackInStockForm({ itemId }: { itemId: string }) {
  const message = useMessage();
  const t = useT();
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notify, { data, loading }] = useMutation(NotifyBackInStockDocument);

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
      setError(Object.values(failureOf(err).fields)[0] ?? t('backInStock.failed'));
    }
  };

  if (data)
    return (
      <p className="back-in-stock__done" role="status">
        {data.notifyBackInStock.created ? t('backInStock.done') : t('backInStock.already')}
      </p>
    );

  return (
    <form className="back-in-stock" method="post" onSubmit={submit} noValidate>
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
