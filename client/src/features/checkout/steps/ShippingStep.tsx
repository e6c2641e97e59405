import { CARRIERS } from '@domain/checkout';
import { shippingDetailsSchema } from '@domain/checkout.schema';
import { Form, Formik } from 'formik';
import { FocusFirstError, SelectField, TextAreaField } from '../../../components/form';
import { useT } from '../../../i18n';
import { KeepTyped } from './KeepTyped';
import type { ShippingValues } from './types';

/** The carrier, its method and a note for the warehouse. */
export function ShippingStep({
  initial,
  onTyping,
  onDone,
}: {
  initial: ShippingValues | null;
  /** What is chosen and typed, as it changes (kept across a reload). */
  onTyping: (values: ShippingValues) => void;
  onDone: (v: ShippingValues) => void;
}) {
  const t = useT();
  return (
    <section aria-labelledby="shipping-title">
      <h2 id="shipping-title">{t('checkout.step.shipping')}</h2>
      <Formik<ShippingValues>
        initialValues={initial ?? { carrierId: 'ups', carrierMethod: 'Ground', note: '' }}
        validationSchema={shippingDetailsSchema}
        onSubmit={(values) => onDone(values)}
      >
        {({ values, setFieldValue }) => {
          const carrier = CARRIERS.find((c) => c.id === values.carrierId) ?? CARRIERS[0];
          return (
            <Form method="post" className="form" noValidate aria-label={t('checkout.step.shipping')}>
              <FocusFirstError />
              <KeepTyped<ShippingValues> draft={initial} onTyping={onTyping} />
              <fieldset className="carriers">
                <legend>{t('checkout.carrier')}</legend>
                {CARRIERS.map((c) => (
                  <label key={c.id} className="saved-address">
                    <input
                      type="radio"
                      name="carrierId"
                      value={c.id}
                      checked={values.carrierId === c.id}
                      onChange={() => {
                        void setFieldValue('carrierId', c.id);
                        void setFieldValue('carrierMethod', c.methods[0]);
                      }}
                    />
                    <span>{c.name}</span>
                  </label>
                ))}
              </fieldset>
              <SelectField
                name="carrierMethod"
                label={t('checkout.method')}
                placeholder={t('checkout.chooseMethod')}
                options={carrier.methods.map((m) => ({ value: m, label: m }))}
              />
              <TextAreaField name="note" label={t('checkout.note')} maxLength={500} />
              <p className="field__hint">{t('checkout.freightNote')}</p>
              <button type="submit" className="btn btn--primary btn--large">
                {t('checkout.continue')}
              </button>
            </Form>
          );
        }}
      </Formik>
    </section>
  );
}
