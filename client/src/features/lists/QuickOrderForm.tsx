import { Form, Formik, type FormikHelpers } from 'formik';
import { FormError, TextAreaField, useFormSubmit } from '../../components/form';
import { useId, useState } from 'react';
import type { QuickOrderMutation } from './graphql/lists.generated';
import { useQuickOrder } from './useListActions';
import { useT } from '../../i18n';

/** Paste "part-number quantity" lines into the cart (no list) or a list; lines not understood are listed. */
export function QuickOrderForm({ listId = null }: { listId?: string | null }) {
  const t = useT();
  const id = useId();
  const [result, setResult] = useState<QuickOrderMutation['quickOrder'] | null>(null);
  const [run] = useQuickOrder(listId);
  const { submit, failure } = useFormSubmit(
    async ({ text }: { text: string }, helpers: FormikHelpers<{ text: string }>) => {
      const { data } = await run({ variables: { text, listId } });
      if (!data) return;
      setResult(data.quickOrder);
      // What was added leaves the box; the rejected lines stay in it, to be corrected and sent again.
      void helpers.setValues({ text: data.quickOrder.problems.map((p) => p.text).join('\n') });
    },
    { fallback: t('lists.failed') },
  );
  return (
    <section className="quick-order panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('lists.quickOrder')}</h2>
      <Formik initialValues={{ text: '' }} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form method="post" noValidate aria-labelledby={`${id}-title`}>
            <TextAreaField
              name="text"
              label={t('lists.quickOrderLabel')}
              rows={5}
              placeholder={'SFU1605-500 2\n2020-C-1000 4'}
              hint={t('lists.quickOrderHint')}
            />
            <FormError message={failure} />
            <button type="submit" className="btn btn--outline-primary" disabled={isSubmitting}>
              {listId ? t('lists.addToList') : t('lists.addToCart')}
            </button>
          </Form>
        )}
      </Formik>
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
