import { useQuery } from '@apollo/client/react';
import { ROUTES } from '@domain/routes';
import { storeDay, termsPaymentSchema, type CompanyRoleName } from '@domain/company';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Tag,
  Typography,
} from 'antd';
import { Formik, type FormikProps } from 'formik';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { errorMessage } from '../../lib/failure';
import { useMoney } from '../../lib/money';
import { ConsoleForm, useConsoleSubmit, useFieldItems } from '../shared/forms';
import {
  AdminCompaniesDocument,
  AdminCompanyDocument,
  type AdminCompanyFieldsFragment,
} from './companies.generated';
import { ApplicationsWaiting } from './CompanyApplicationsView';
import { RecordForm } from './CompanyRecordForm';
import { ResponsiveTable } from '../shared/ResponsiveTable';
import { useDecideCredit, useRecordTermsPayment } from './useCompanyActions';
import { useSavedNotice } from '../shared/useSavedNotice';

/*
 * Companies (issue 31, decision 046): staff find a company, keep its record (ERP number and its check, tax exemption
 * and certificate, terms and credit limit), record payments against its terms invoices, and decide its purchase
 * orders over the credit limit.
 */

const companyPath = (id: string) => `${ROUTES.admin}/companies/${id}`;

/** /admin/companies: every company, those waiting for a credit decision or with overdue invoices first. */
export function CompaniesView() {
  const t = useT();
  const money = useMoney();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [creating, setCreating] = useState(false);
  const { data, loading } = useQuery(AdminCompaniesDocument, {
    variables: { q },
    fetchPolicy: 'cache-and-network',
  });
  return (
    <>
      <ApplicationsWaiting />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label={t('admin.companies.search')}
          placeholder={t('admin.companies.search')}
          onSearch={(value) => setQ(value)}
          style={{ width: 320 }}
        />
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('admin.companies.new')}
        </Button>
      </Space>
      <ResponsiveTable
        label={t('admin.companies')}
        rowKey="id"
        size="middle"
        loading={loading}
        scroll={{ x: 900 }}
        pagination={false}
        dataSource={data?.adminCompanies ?? []}
        columns={[
          {
            title: t('admin.companies.name'),
            dataIndex: 'name',
            render: (name: string, c) => <Link to={companyPath(c.id)}>{name}</Link>,
          },
          {
            title: t('admin.companies.erp'),
            dataIndex: 'erpAccountId',
            render: (erp: string | null, c) =>
              erp ? (
                <Space size={4}>
                  {erp}
                  {c.erpVerified ? (
                    <Tag color="green">{t('admin.companies.verified')}</Tag>
                  ) : (
                    <Tag color="orange">{t('admin.companies.unverified')}</Tag>
                  )}
                </Space>
              ) : (
                '—'
              ),
          },
          {
            title: t('admin.companies.terms'),
            dataIndex: 'netTermsDays',
            render: (days: number | null) => (days ? t('admin.companies.netDays', { days }) : '—'),
          },
          {
            title: t('admin.companies.creditLimit'),
            dataIndex: 'creditLimit',
            align: 'right',
            render: (v: number | null) => (v === null ? '—' : money(v)),
          },
          {
            title: t('admin.companies.openBalance'),
            dataIndex: 'openBalance',
            align: 'right',
            render: (v: number) => money(v),
          },
          {
            title: t('admin.companies.overdue'),
            dataIndex: 'overdueInvoices',
            render: (n: number, c) =>
              n > 0 ? (
                <Tag color="red">
                  {t('admin.companies.overdueCount', { count: n, amount: money(c.overdueBalance) })}
                </Tag>
              ) : (
                '—'
              ),
          },
          {
            title: t('admin.companies.creditWaiting'),
            dataIndex: 'creditWaiting',
            render: (n: number) => (n > 0 ? <Tag color="gold">{n}</Tag> : '—'),
          },
        ]}
      />
      <Modal
        open={creating}
        title={t('admin.companies.new')}
        footer={null}
        destroyOnHidden
        onCancel={() => setCreating(false)}
      >
        <RecordForm
          company={null}
          onSaved={(id) => {
            setCreating(false);
            navigate(companyPath(id));
          }}
        />
      </Modal>
    </>
  );
}

/** /admin/companies/:id: the record, the credit decisions waiting, the terms invoices, the people. */
export function CompanyView() {
  const t = useT();
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(AdminCompanyDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const company = data?.adminCompany;
  if (error)
    return <Alert type="error" showIcon message={errorMessage(error, t('admin.companies.notFound'))} />;
  if (loading && !company) return <Card loading />;
  if (!company) return null;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Link to={`${ROUTES.admin}/companies`}>{t('admin.companies.back')}</Link>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {company.name}
      </Typography.Title>
      <Balances company={company} />
      {company.creditHolds.length > 0 && <CreditHolds company={company} />}
      <Invoices company={company} />
      <Card title={t('admin.companies.record')}>
        <RecordForm company={company} onSaved={() => undefined} />
      </Card>
      <Card title={t('admin.companies.people', { count: company.people.length })}>
        {company.people.length === 0 ? (
          <Typography.Text type="secondary">{t('admin.companies.noPeople')}</Typography.Text>
        ) : (
          <ul className="console-people">
            {company.people.map((p) => (
              <li key={p.userId}>
                <strong>{p.name}</strong> · {p.email}
                {p.role && (
                  <Tag style={{ marginLeft: 8 }}>{t(`company.role.${p.role as CompanyRoleName}`)}</Tag>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </Space>
  );
}

function Balances({ company }: { company: AdminCompanyFieldsFragment }) {
  const t = useT();
  const money = useMoney();
  const dates = useDates();
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
      <Descriptions.Item label={t('admin.companies.openBalance')}>
        {money(company.openBalance)}
      </Descriptions.Item>
      <Descriptions.Item label={t('admin.companies.overdue')}>
        {company.overdueInvoices > 0 ? (
          <Typography.Text type="danger">
            {t('admin.companies.overdueCount', {
              count: company.overdueInvoices,
              amount: money(company.overdueBalance),
            })}
          </Typography.Text>
        ) : (
          t('admin.companies.noneOverdue')
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('admin.companies.creditLimit')}>
        {company.creditLimit === null ? t('admin.companies.noLimit') : money(company.creditLimit)}
      </Descriptions.Item>
      <Descriptions.Item label={t('admin.companies.terms')}>
        {company.netTermsDays
          ? t('admin.companies.netDays', { days: company.netTermsDays })
          : t('admin.companies.noTerms')}
      </Descriptions.Item>
      <Descriptions.Item label={t('admin.companies.erp')}>
        {company.erpAccountId ?? '—'}{' '}
        {company.erpVerified && company.erpVerifiedAt
          ? t('admin.companies.verifiedBy', {
              name: company.erpVerifiedBy ?? '—',
              date: dates.day(company.erpVerifiedAt),
            })
          : company.erpAccountId && <Tag color="orange">{t('admin.companies.unverified')}</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label={t('admin.companies.tax')}>
        {company.taxExempt
          ? company.taxExemptToday
            ? t('admin.companies.exemptUntil', {
                certificate: company.taxCertificate,
                date: company.taxCertificateExpires ?? t('admin.companies.noEnd'),
              })
            : t('admin.companies.exemptExpired', {
                certificate: company.taxCertificate,
                date: company.taxCertificateExpires ?? '',
              })
          : t('admin.companies.taxed')}
      </Descriptions.Item>
      <Descriptions.Item label={t('admin.companies.priceList')}>
        {company.priceListId ?? t('admin.companies.noPriceList')}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Purchase orders over the credit limit: approve, or reject with a note for the buyer. */
function CreditHolds({ company }: { company: AdminCompanyFieldsFragment }) {
  const t = useT();
  const money = useMoney();
  const dates = useDates();
  const [decide, { loading }] = useDecideCredit();
  const saved = useSavedNotice();
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Card title={t('admin.companies.creditHolds')} data-testid="credit-holds">
      <ResponsiveTable
        label={t('admin.companies.creditHolds')}
        rowKey="orderId"
        size="small"
        pagination={false}
        scroll={{ x: 800 }}
        dataSource={company.creditHolds}
        columns={[
          {
            title: t('admin.companies.order'),
            dataIndex: 'orderNumber',
            render: (n: string, h) => <Link to={`${ROUTES.admin}/orders/${h.orderId}`}>AXL-{n}</Link>,
          },
          { title: t('admin.companies.buyer'), dataIndex: 'buyerName' },
          { title: t('admin.companies.po'), dataIndex: 'poNumber' },
          {
            title: t('admin.total'),
            dataIndex: 'total',
            align: 'right',
            render: (v: number, h) => money(v, h.currencyCode),
          },
          {
            title: t('admin.companies.whenPlaced'),
            dataIndex: 'openBalance',
            render: (v: number, h) =>
              t('admin.companies.balanceAtPlacement', { balance: money(v), limit: money(h.creditLimit) }),
          },
          {
            title: t('admin.companies.requested'),
            dataIndex: 'requestedAt',
            render: (v: string, h) => (
              <>
                {dates.moment(v)}
                {h.alsoSpending && <div>{t('admin.companies.alsoSpending')}</div>}
              </>
            ),
          },
          {
            title: t('admin.actions'),
            key: 'decide',
            render: (_, h) => (
              <Space wrap>
                <Button
                  type="primary"
                  loading={loading}
                  onClick={() => saved(decide({ variables: { orderId: h.orderId, approve: true } }))}
                >
                  {t('admin.companies.approveCredit')}
                  <span className="visually-hidden"> AXL-{h.orderNumber}</span>
                </Button>
                <Button
                  danger
                  onClick={() => {
                    setNote('');
                    setProblem(null);
                    setRejecting(h.orderId);
                  }}
                >
                  {t('admin.companies.rejectCredit')}
                  <span className="visually-hidden"> AXL-{h.orderNumber}</span>
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title={t('admin.companies.rejectCredit')}
        okText={t('admin.companies.rejectCredit')}
        okButtonProps={{ danger: true, loading }}
        onCancel={() => setRejecting(null)}
        onOk={() =>
          void decide({ variables: { orderId: rejecting!, approve: false, note } }).then(
            () => setRejecting(null),
            (err: unknown) => setProblem(errorMessage(err, t('admin.saveFailed'))),
          )
        }
      >
        {problem && (
          <Alert type="error" showIcon role="alert" message={problem} style={{ marginBottom: 12 }} />
        )}
        <label htmlFor="credit-note">{t('admin.companies.rejectNote')}</label>
        <Input.TextArea id="credit-note" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
      </Modal>
    </Card>
  );
}

/** The terms invoices, open ones first, with their payments; Record payment on an open one. */
function Invoices({ company }: { company: AdminCompanyFieldsFragment }) {
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
              v > 0 ? money(v, i.currencyCode) : <Tag color="green">{t('admin.companies.paidInFull')}</Tag>,
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
