import { ROUTES } from '@domain/routes';
import { storeDay, termsPaymentSchema } from '@domain/company';
import { App, Button, Card, Form, Input, InputNumber, Modal, Tag, Typography } from 'antd';
import { Formik, type FormikProps } from 'formik';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { useMoney } from '../../lib/money';
import { ConsoleForm, useConsoleSubmit, useFieldItems } from '../shared/forms';
import { type AdminCompanyFieldsFragment } from './companies.generated';
import { ResponsiveTable } from '../shared/ResponsiveTable';
import { useRecordTermsPayment } from './useCompanyActions';
import { TONES } from '../shared/tones';

/** The terms invoices, open ones first, with their payments; Record payment on an open one. */
export function Invoices({ company }: { company: AdminCompanyFieldsFragment }) {
  const t = useT();
  const money = useMoney();
  const dates = useDates();
  const [paying, setPaying] = useState<AdminCompanyFieldsFragment['invoices'][number] | null>(null);
  return (
    <Card title={t('admin.companies.invoices')} data-testid="terms-invoices">
      <ResponsiveTable
        label={t('admin.companies.invoices')}
        rowKey="orderId"
        size="small"
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('admin.companies.noInvoices') }}
        dataSource={company.invoices}
        columns={[
          {
            title: t('admin.companies.order'),
            dataIndex: 'orderNumber',
            render: (n: string, i) => <Link to={`${ROUTES.admin}/orders/${i.orderId}`}>AXL-{n}</Link>,
          },
          { title: t('admin.companies.po'), dataIndex: 'poNumber' },
          { title: t('admin.companies.placed'), dataIndex: 'placedAt', render: (v: string) => dates.day(v) },
          {
            title: t('admin.companies.due'),
            dataIndex: 'dueOn',
            render: (v: string, i) =>
              i.overdue ? <Tag color="red">{t('admin.companies.overdueSince', { date: v })}</Tag> : v,
          },
          {
            title: t('admin.total'),
            dataIndex: 'total',
            align: 'right',
            render: (v: number, i) => money(v, i.currencyCode),
          },
          {
            title: t('admin.companies.paid'),
            dataIndex: 'paid',
            align: 'right',
            render: (v: number, i) => (
              <>
                {money(v, i.currencyCode)}
                {i.payments.map((p, n) => (
                  <div key={n}>
                    <Typography.Text type="secondary">
                      {t('admin.companies.paymentLine', {
                        amount: money(p.amount, i.currencyCode),
                        date: p.paidOn,
                        reference: p.reference,
                      })}
                    </Typography.Text>
                  </div>
                ))}
              </>
            ),
          },
          {
            title: t('admin.companies.balance'),
            dataIndex: 'balance',
            align: 'right',
            render: (v: number, i) =>
              v > 0 ? (
                money(v, i.currencyCode)
              ) : (
                <Tag style={TONES.success}>{t('admin.companies.paidInFull')}</Tag>
              ),
          },
          {
            title: t('admin.actions'),
            key: 'pay',
            render: (_, i) =>
              i.balance > 0 && (
                <Button onClick={() => setPaying(i)}>
                  {t('admin.companies.recordPayment')}
                  <span className="visually-hidden"> AXL-{i.orderNumber}</span>
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={paying !== null}
        title={paying ? t('admin.companies.paymentFor', { order: `AXL-${paying.orderNumber}` }) : ''}
        footer={null}
        destroyOnHidden
        onCancel={() => setPaying(null)}
      >
        {paying && <PaymentForm invoice={paying} onDone={() => setPaying(null)} />}
      </Modal>
    </Card>
  );
}

function PaymentForm({
  invoice,
  onDone,
}: {
  invoice: AdminCompanyFieldsFragment['invoices'][number];
  onDone: () => void;
}) {
  const t = useT();
  const money = useMoney(invoice.currencyCode);
  const [record] = useRecordTermsPayment();
  const { message } = App.useApp();
  type Values = { amount: number | null; paidOn: string; reference: string };
  const submit = useConsoleSubmit(async (values: Values) => {
    const input = termsPaymentSchema.cast(values);
    await record({ variables: { orderId: invoice.orderId, input } });
    message.success(t('admin.companies.paymentRecorded'));
    onDone();
  });
  return (
    <Formik<Values>
      initialValues={{ amount: invoice.balance, paidOn: storeDay(), reference: '' }}
      validationSchema={termsPaymentSchema}
      onSubmit={submit}
    >
      {(formik) => <PaymentFields formik={formik} balance={money(invoice.balance)} />}
    </Formik>
  );
}

function PaymentFields({
  formik,
  balance,
}: {
  formik: FormikProps<{ amount: number | null; paidOn: string; reference: string }>;
  balance: string;
}) {
  const t = useT();
  const { item } = useFieldItems(formik, 'payment-');
  const touch = (name: string) => () => void formik.setFieldTouched(name, true, false);
  return (
    <ConsoleForm formik={formik}>
      <Form.Item
        {...item('amount', t('admin.companies.amount'))}
        extra={t('admin.companies.balanceIs', { amount: balance })}
      >
        <InputNumber
          id="payment-amount"
          min={0}
          step={0.01}
          style={{ width: '100%' }}
          value={formik.values.amount}
          onChange={(v) => void formik.setFieldValue('amount', v)}
          onBlur={touch('amount')}
        />
      </Form.Item>
      <Form.Item {...item('paidOn', t('admin.companies.paidOn'))}>
        <Input
          id="payment-paidOn"
          type="date"
          value={formik.values.paidOn}
          onChange={(e) => void formik.setFieldValue('paidOn', e.target.value)}
          onBlur={touch('paidOn')}
        />
      </Form.Item>
      <Form.Item {...item('reference', t('admin.companies.reference'))}>
        <Input
          id="payment-reference"
          value={formik.values.reference}
          onChange={(e) => void formik.setFieldValue('reference', e.target.value)}
          onBlur={touch('reference')}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
        {t('admin.companies.recordPayment')}
      </Button>
    </ConsoleForm>
  );
}
