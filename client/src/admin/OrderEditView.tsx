import { failureOf, errorMessage } from '../lib/failure';
import { useMutation, useQuery } from '@apollo/client/react';
import { useDescribeConfiguration } from '../lib/configuration';
import {
  adminOrderSchema,
  editedLine,
  editedSubtotal,
  editedTotal,
  proposedCharges,
  type AdminOrderInput,
} from '@domain/admin';
import { orderNumberLabel } from '@domain/checkout';
import { ORDER_STATUS, ORDER_TRANSITIONS, isOrderStatusCode, orderStatusLabel } from '@domain/order-status';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Spin,
} from 'antd';
import { ResponsiveTable } from './ResponsiveTable';
import { getIn, setIn, useFormik, type FormikErrors } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAddressWords } from '../components/form';
import { isCountry } from '@domain/regions';
import {
  AdminOrderDocument,
  UpdateOrderDocument,
  type AdminOrderFieldsFragment,
} from './graphql/admin.generated';
import { paymentLabel } from '../features/orders/OrderPages';
import { useMessage, useT } from '../i18n';
import { AuditTrail } from './AuditTrail';
import { FulfilmentCard } from './FulfilmentCard';
import { SET_BY_SHIPMENTS } from '@domain/fulfilment';
import { useMoney } from '../lib/money';
import { useDates } from '../lib/dates';

type Line = AdminOrderFieldsFragment['lines'][number];

/** A line as the running totals count it while a field is empty (the field itself keeps what was typed). */
const counted = (l: AdminOrderInput['lines'][number]): AdminOrderInput['lines'][number] => ({
  ...l,
  quantity: l.quantity ?? 0,
  price: l.price ?? 0,
  configurations: l.configurations.map((c) => ({ ...c, price: c.price ?? 0 })),
});

/** The order's country: its address rules, freight table and taxes (decision 033). */
const countryOf = (order: AdminOrderFieldsFragment) =>
  isCountry(order.shippingAddress.country) ? order.shippingAddress.country : 'US';

/** The form's values from an order as saved (configured lines edit their base price). */
function initialValues(order: AdminOrderFieldsFragment): AdminOrderInput {
  return {
    contactEmail: order.contactEmail,
    address: {
      addressLine1: order.shippingAddress.addressLine1,
      addressLine2: order.shippingAddress.addressLine2 ?? '',
      city: order.shippingAddress.city,
      state: order.shippingAddress.state,
      zip: order.shippingAddress.zip,
      country: countryOf(order),
    },
    taxAmount: order.taxAmount,
    shippingCharges: order.freightAmt,
    totalAmount: order.total,
    erpOrderId: order.erpOrderId ?? '',
    status: order.status,
    lines: order.lines.map((l) => ({
      id: l.id,
      quantity: l.quantity,
      price: l.configurations.length ? (l.basePrice ?? l.price) : l.price,
      configurations: l.configurations.map((c) => ({ id: c.id, price: c.price ?? 0 })),
    })),
  };
}

const factsOf = (line: Line) => ({
  minimumPurchaseQuantity: line.minimumPurchaseQuantity,
  minTransfer: line.minTransfer,
  configurationValues: Object.fromEntries(line.configurations.map((c) => [c.id, c.value])),
});

/** Server field errors (`lines[0].price`) as Formik's nested errors. */
function nestedErrors(flat: Record<string, string>): FormikErrors<AdminOrderInput> {
  return Object.entries(flat).reduce<object>((acc, [path, message]) => setIn(acc, path, message), {});
}

/** One order in the console: details, the edit form of the spec, the history and the audit trail. */
export function OrderEditView() {
  const { id = '' } = useParams();
  const t = useT();
  const dates = useDates();
  const { data, loading, refetch } = useQuery(AdminOrderDocument, {
    variables: { id },
    fetchPolicy: 'network-only',
  });
  const order = data?.adminOrder;
  // Kept here: a save gives the order a new version, which mounts a fresh form.
  const [saved, setSaved] = useState(false);
  if (loading && !order) return <Spin />;
  if (!order) return <Alert type="error" showIcon message={t('admin.orderNotFound')} />;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Link to="..">← {t('admin.backToOrders')}</Link>
      {saved && <Alert type="success" showIcon role="status" message={t('admin.saved')} />}
      <OrderForm
        key={`${order.id}:${order.version}`}
        order={order}
        onReload={() => void refetch()}
        onSaved={setSaved}
      />
      <FulfilmentCard order={order} onReload={() => void refetch()} />
      <Card title={t('admin.history')}>
        <ul style={{ margin: 0, paddingLeft: 18 }} aria-label={t('admin.history')}>
          {order.events.map((e) => (
            <li key={`${e.at}-${e.toStatus}`}>
              {dates.moment(e.at)}: {e.fromStatus === null ? '' : `${orderStatusLabel(e.fromStatus)} → `}
              {e.toStatus === null ? '' : orderStatusLabel(e.toStatus)}
              {e.note ? ` — ${e.note}` : ''}
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t('admin.auditTrail')}>
        <AuditTrail entries={data?.orderAudit ?? []} />
      </Card>
    </Space>
  );
}

function OrderForm({
  order,
  onReload,
  onSaved,
}: {
  order: AdminOrderFieldsFragment;
  onReload: () => void;
  onSaved: (saved: boolean) => void;
}) {
  const describeConfig = useDescribeConfiguration();
  const t = useT();
  const dates = useDates();
  const money = useMoney(order.currencyCode);
  const words = useAddressWords(countryOf(order));
  const translated = useMessage();
  const [save] = useMutation(UpdateOrderDocument);
  const [conflict, setConflict] = useState<string | null>(null);
  // The operator pressed Save at the foot of a long form: bring the conflict to them, and focus it.
  const conflictRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!conflict) return;
    conflictRef.current?.scrollIntoView({ block: 'center' });
    conflictRef.current?.focus();
  }, [conflict]);
  const formik = useFormik<AdminOrderInput>({
    initialValues: initialValues(order),
    validationSchema: adminOrderSchema,
    onSubmit: async (values, helpers) => {
      setConflict(null);
      onSaved(false);
      try {
        await save({
          variables: {
            id: order.id,
            version: order.version,
            input: {
              ...values,
              address: { ...values.address, addressLine2: values.address.addressLine2 || null },
            },
          },
          refetchQueries: ['AdminOrder'],
          awaitRefetchQueries: true,
        });
        onSaved(true);
      } catch (err) {
        const code = failureOf(err).code;
        if (code === 'CONFLICT') setConflict(errorMessage(err, t('admin.conflict')));
        else {
          helpers.setErrors(nestedErrors(failureOf(err).fields));
          helpers.setStatus(errorMessage(err, t('admin.saveFailed')));
        }
      }
    },
  });
  const { values, setValues } = formik;
  // A refused submit brings the first field in error into view.
  useEffect(() => {
    if (formik.submitCount && !formik.isSubmitting && !formik.isValid)
      document.querySelector('.ant-form-item-has-error')?.scrollIntoView({ block: 'center' });
  }, [formik.submitCount, formik.isSubmitting, formik.isValid]);

  const totals = useMemo(() => {
    const lineTotals = values.lines.map((l, i) => editedLine(counted(l), factsOf(order.lines[i]!)));
    return { lineTotals, subTotal: editedSubtotal(lineTotals.map((l) => l.lineTotal)) };
  }, [values.lines, order.lines]);

  /** A line changed: freight and tax follow the domain rules for the new subtotal, and the total follows. */
  const setLine = (next: AdminOrderInput['lines']) => {
    const subTotal = editedSubtotal(
      next.map((l, i) => editedLine(counted(l), factsOf(order.lines[i]!)).lineTotal),
    );
    const charges = proposedCharges(subTotal, { country: countryOf(order), taxes: order.taxes });
    void setValues({
      ...values,
      lines: next,
      ...charges,
      totalAmount: editedTotal(subTotal, charges.shippingCharges, charges.taxAmount),
    });
  };
  /** Freight or tax changed by hand: only the total follows. */
  const setCharge = (field: 'shippingCharges' | 'taxAmount', value: number | null) => {
    // What the operator typed stays, empty or negative included: the schema's message shows next to the field.
    const next = { ...values, [field]: value as number };
    void setValues({
      ...next,
      totalAmount: editedTotal(totals.subTotal, next.shippingCharges ?? 0, next.taxAmount ?? 0),
    });
  };

  const error = (name: string) => {
    const text = getIn(formik.errors, name) as string | undefined;
    return text && (getIn(formik.touched, name) || formik.submitCount > 0) ? translated(text) : undefined;
  };
  const item = (name: string, label: string) => ({
    label,
    htmlFor: name,
    validateStatus: error(name) ? ('error' as const) : undefined,
    help: error(name),
  });
  const text = (name: string, autoComplete?: string) => ({
    id: name,
    name,
    value: getIn(values, name) as string,
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    autoComplete,
  });
  // What shipped and was paid for stands (the server refuses such a change): lines and amounts are read-only.
  const locked = order.shipments.length > 0 || order.paymentStatus === 'PAID';
  // Shipped and Delivered follow the shipments (the Fulfilment card below), not this form.
  const statuses = isOrderStatusCode(order.status)
    ? [order.status, ...ORDER_TRANSITIONS[order.status].filter((code) => !SET_BY_SHIPMENTS.includes(code))]
    : [];

  return (
    <Card
      title={
        <span>
          {orderNumberLabel(order.orderNumber)} · {order.statusLabel}
        </span>
      }
      extra={dates.moment(order.createdAt)}
    >
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('admin.shipTo')}>
          {order.shippingAddress.name}
          {order.shippingAddress.companyName ? `, ${order.shippingAddress.companyName}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.payment')}>
          {paymentLabel(t, order)} ({order.paymentStatus})
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.carrier')}>
          {order.carrierId.toUpperCase()} {order.carrierMethod}
        </Descriptions.Item>
      </Descriptions>
      {conflict && (
        <div ref={conflictRef} tabIndex={-1} style={{ outline: 'none' }}>
          <Alert
            type="error"
            showIcon
            role="alert"
            message={conflict}
            action={<Button onClick={onReload}>{t('admin.reload')}</Button>}
            style={{ marginBottom: 16 }}
          />
        </div>
      )}
      {typeof formik.status === 'string' && !conflict && (
        <Alert type="error" showIcon role="alert" message={formik.status} style={{ marginBottom: 16 }} />
      )}
      <Form layout="vertical" onFinish={() => formik.handleSubmit()} aria-label={t('admin.editOrder')}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item {...item('contactEmail', t('admin.contactEmail'))}>
              <Input {...text('contactEmail', 'off')} type="email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item {...item('erpOrderId', t('admin.erpOrderId'))} required>
              <Input {...text('erpOrderId')} aria-required="true" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item {...item('status', t('orders.status'))}>
              <Select
                id="status"
                value={values.status}
                onChange={(v: number) => void formik.setFieldValue('status', v)}
                options={statuses.map((code) => ({ value: code, label: ORDER_STATUS[code] }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item {...item('address.addressLine1', t('address.line1'))}>
              <Input {...text('address.addressLine1', 'off')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item {...item('address.addressLine2', t('address.line2'))}>
              <Input {...text('address.addressLine2', 'off')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item {...item('address.city', t('address.city'))}>
              <Input {...text('address.city', 'off')} />
            </Form.Item>
          </Col>
          <Col xs={12} md={7}>
            <Form.Item {...item('address.state', words.region)}>
              <Select
                id="address.state"
                showSearch
                value={values.address.state}
                onChange={(v: string) => void formik.setFieldValue('address.state', v)}
                options={words.regions}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={7}>
            <Form.Item {...item('address.zip', words.postal)}>
              <Input {...text('address.zip', 'off')} inputMode={words.postalInputMode} />
            </Form.Item>
          </Col>
        </Row>

        {locked && (
          <Alert type="info" showIcon message={t('admin.lockedAfterShipping')} style={{ marginBottom: 16 }} />
        )}
        <ResponsiveTable
          label={t('admin.orderLines')}
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 760 }}
          dataSource={order.lines}
          style={{ marginBottom: 16 }}
          columns={[
            {
              title: t('admin.item'),
              key: 'item',
              render: (_, line: Line) => (
                <>
                  <div>{line.name}</div>
                  <div style={{ color: '#595959', fontSize: 13 }}>{line.itemId}</div>
                </>
              ),
            },
            {
              title: t('admin.quantity'),
              key: 'quantity',
              width: 120,
              render: (_, _line, i) => (
                <Form.Item {...item(`lines[${i}].quantity`, '')} label={undefined} style={{ margin: 0 }}>
                  <InputNumber
                    disabled={locked}
                    id={`lines[${i}].quantity`}
                    onBlur={() => void formik.setFieldTouched(`lines[${i}].quantity`, true, false)}
                    aria-label={t('admin.lineQuantity', { line: i + 1 })}
                    precision={0}
                    value={values.lines[i]!.quantity}
                    onChange={(v) =>
                      setLine(values.lines.map((l, j) => (j === i ? { ...l, quantity: v as number } : l)))
                    }
                  />
                </Form.Item>
              ),
            },
            {
              title: t('admin.unitPrice'),
              key: 'price',
              width: 150,
              render: (_, line: Line, i) => (
                <Form.Item {...item(`lines[${i}].price`, '')} label={undefined} style={{ margin: 0 }}>
                  <InputNumber
                    disabled={locked}
                    id={`lines[${i}].price`}
                    onBlur={() => void formik.setFieldTouched(`lines[${i}].price`, true, false)}
                    aria-label={t(line.configurations.length ? 'admin.lineBasePrice' : 'admin.linePrice', {
                      line: i + 1,
                    })}
                    step={0.01}
                    precision={2}
                    prefix="$"
                    value={values.lines[i]!.price}
                    onChange={(v) =>
                      setLine(values.lines.map((l, j) => (j === i ? { ...l, price: v as number } : l)))
                    }
                  />
                </Form.Item>
              ),
            },
            {
              title: t('admin.configurations'),
              key: 'configurations',
              render: (_, line: Line, i) =>
                line.configurations.length === 0
                  ? '—'
                  : line.configurations.map((c, k) => (
                      <Form.Item
                        key={c.id}
                        {...item(`lines[${i}].configurations[${k}].price`, '')}
                        label={undefined}
                        style={{ margin: '0 0 4px' }}
                      >
                        <Space size={4}>
                          <span>{describeConfig(c)} ×</span>
                          <InputNumber
                            disabled={locked}
                            aria-label={t('admin.configurationPrice', { name: c.name ?? c.id, line: i + 1 })}
                            step={0.001}
                            value={values.lines[i]!.configurations[k]!.price}
                            onChange={(v) =>
                              setLine(
                                values.lines.map((l, j) =>
                                  j === i
                                    ? {
                                        ...l,
                                        configurations: l.configurations.map((x, m) =>
                                          m === k ? { ...x, price: v as number } : x,
                                        ),
                                      }
                                    : l,
                                ),
                              )
                            }
                          />
                        </Space>
                      </Form.Item>
                    )),
            },
            {
              title: t('admin.lineTotal'),
              key: 'total',
              align: 'right',
              render: (_, _line, i) => (
                <span data-testid={`line-total-${i}`}>{money(totals.lineTotals[i]!.lineTotal)}</span>
              ),
            },
          ]}
        />

        <Row gutter={16} justify="end">
          <Col xs={24} md={8}>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('admin.subtotal')}>
                <span data-testid="subtotal">{money(totals.subTotal)}</span>
              </Descriptions.Item>
            </Descriptions>
            <Form.Item {...item('shippingCharges', t('admin.freight'))} style={{ marginTop: 12 }}>
              <InputNumber
                disabled={locked}
                id="shippingCharges"
                onBlur={() => void formik.setFieldTouched('shippingCharges', true, false)}
                step={0.01}
                precision={2}
                prefix="$"
                style={{ width: '100%' }}
                value={values.shippingCharges}
                onChange={(v) => setCharge('shippingCharges', v)}
              />
            </Form.Item>
            <Form.Item {...item('taxAmount', t('admin.taxAmount', { pct: order.taxPct }))}>
              <InputNumber
                disabled={locked}
                id="taxAmount"
                onBlur={() => void formik.setFieldTouched('taxAmount', true, false)}
                step={0.01}
                precision={2}
                prefix="$"
                style={{ width: '100%' }}
                value={values.taxAmount}
                onChange={(v) => setCharge('taxAmount', v)}
              />
            </Form.Item>
            <Form.Item {...item('totalAmount', t('admin.totalAmount'))} extra={t('admin.totalRule')}>
              <InputNumber
                disabled={locked}
                id="totalAmount"
                onBlur={() => void formik.setFieldTouched('totalAmount', true, false)}
                step={0.01}
                precision={2}
                prefix="$"
                style={{ width: '100%' }}
                value={values.totalAmount}
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
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
