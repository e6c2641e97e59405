import { Button, Checkbox, Descriptions, Form, InputNumber, Space } from 'antd';
import { useIntl } from 'react-intl';
import { useT } from '../../i18n';
import { useMoney } from '../../lib/money';
import { useFieldItems } from '../shared/forms';
import type { AdminOrderFieldsFragment } from './orders.generated';
import type { OrderEdit } from './useOrderEdit';

/** The edit form's foot: the running subtotal, freight, tax and total (each may be typed), Discard and Save. */
export function OrderCharges({ order, edit }: { order: AdminOrderFieldsFragment; edit: OrderEdit }) {
  const t = useT();
  const intl = useIntl();
  const money = useMoney(order.currencyCode);
  const { formik, totals, promotions, setDropped, setCharge, locked } = edit;
  const { values } = formik;
  const { item } = useFieldItems(formik);
  const amount = (name: 'shippingCharges' | 'taxAmount' | 'totalAmount') => ({
    disabled: locked,
    id: name,
    onBlur: () => void formik.setFieldTouched(name, true, false),
    step: 0.01,
    precision: 2,
    prefix: '$',
    style: { width: '100%' },
    value: values[name],
  });
  const pct = intl.formatNumber(order.taxPct / 100, { style: 'percent', maximumFractionDigits: 3 });
  return (
    <>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('admin.subtotal')}>
          <span data-testid="subtotal">{money(totals.subTotal)}</span>
        </Descriptions.Item>
        {promotions?.promotions.map((p) => {
          const applied = totals.promotions.applied.find(
            (a) => a.promotionId === (p.rule as { id: string }).id,
          );
          const dropping = values.dropPromotions.includes(p.position);
          const label = p.code ? `${p.name} (${p.code})` : p.name;
          return (
            <Descriptions.Item key={p.position} label={label}>
              <Space wrap data-testid="order-promotion">
                {p.dropped || dropping ? (
                  <span>{t('admin.promotionDropped')}</span>
                ) : applied ? (
                  <span>
                    −{money(applied.amount)}
                    {applied.freight > 0 ? ` · ${t('admin.freight')} −${money(applied.freight)}` : ''}
                  </span>
                ) : (
                  <span>{t('admin.promotionNotApplied')}</span>
                )}
                {!p.dropped && (
                  <Checkbox
                    checked={dropping}
                    disabled={locked}
                    onChange={(e) => setDropped(p.position, e.target.checked)}
                  >
                    {t('admin.promotionDrop')}
                  </Checkbox>
                )}
              </Space>
            </Descriptions.Item>
          );
        })}
      </Descriptions>
      <Form.Item {...item('shippingCharges', t('admin.freight'))} style={{ marginTop: 12 }}>
        <InputNumber {...amount('shippingCharges')} onChange={(v) => setCharge('shippingCharges', v)} />
      </Form.Item>
      <Form.Item {...item('taxAmount', t('admin.taxAmount', { pct }))}>
        <InputNumber {...amount('taxAmount')} onChange={(v) => setCharge('taxAmount', v)} />
      </Form.Item>
      <Form.Item
        {...item('totalAmount', t('admin.totalAmount'))}
        extra={t(totals.promotions.goodsDiscount ? 'admin.totalRuleDiscount' : 'admin.totalRule')}
      >
        <InputNumber
          {...amount('totalAmount')}
          onChange={(v) => void formik.setFieldValue('totalAmount', v)}
        />
      </Form.Item>
      <Space>
        <Button onClick={() => formik.resetForm()} disabled={!formik.dirty}>
          {t('admin.discard')}
        </Button>
        <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
          {t('admin.saveOrder')}
        </Button>
      </Space>
    </>
  );
}
