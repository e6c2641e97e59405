import { cartCodeSchema, type CartCodeInput } from '@domain/cart.schema';
import { Form, Formik } from 'formik';
import { Field, FocusFirstError, FormError, useFormSubmit } from '../../components/form';
import { useMessage, useT } from '../../i18n';
import type { CartFieldsFragment } from './graphql/cart.generated';
import { useCartCode } from './useCart';

/**
 * The cart's promotion codes (issue 58): a form to enter one (its refusal next to the field, in the shopper's
 * language) and each code kept, applied or why not, with Remove. A visitor's code that depends on their e-mail reads
 * that it is checked when the order is placed.
 */
export function CartCodes({ cart }: { cart: Pick<CartFieldsFragment, 'codes'> }) {
  const t = useT();
  const message = useMessage();
  const codes = useCartCode();
  const { submit, failure } = useFormSubmit(
    async (values: CartCodeInput, helpers) => {
      await codes.apply(values.code);
      helpers.resetForm();
    },
    { fallback: t('cart.failed') },
  );
  return (
    <div className="cart-codes" data-testid="cart-codes">
      {cart.codes.length > 0 && (
        <ul className="cart-codes__list" aria-label={t('cart.promotion.codes')}>
          {cart.codes.map((c) => (
            <li key={c.code} className="cart-codes__code" data-testid="cart-code">
              <span className={`tag${c.applied ? ' tag--success' : ''}`}>{c.code}</span>
              {c.applied ? (
                c.pending && <span className="cart-codes__note">{t('cart.promotion.pending')}</span>
              ) : (
                <span className="cart-codes__note cart-codes__note--refused">
                  {c.message ? message(c.message) : t('cart.promotion.notApplied')}
                </span>
              )}
              <button
                type="button"
                className="link-button"
                disabled={codes.busy}
                onClick={() => void codes.remove(c.code)}
              >
                {t('cart.remove')}
                <span className="visually-hidden"> {c.code}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Formik initialValues={{ code: '' }} validationSchema={cartCodeSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form method="post" className="cart-codes__form" noValidate aria-label={t('cart.promotion.enter')}>
            <FocusFirstError />
            <FormError message={failure} />
            <Field
              name="code"
              label={t('cart.promotion.code')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
            />
            <button type="submit" className="btn btn--secondary" disabled={isSubmitting}>
              {t('cart.promotion.apply')}
            </button>
          </Form>
        )}
      </Formik>
    </div>
  );
}
