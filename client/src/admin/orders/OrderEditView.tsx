import { useQuery } from '@apollo/client/react';
import { orderNumberLabel } from '@domain/checkout';
import { SET_BY_SHIPMENTS } from '@domain/fulfilment';
import { ORDER_STATUS, ORDER_TRANSITIONS, isOrderStatusCode, orderStatusLabel } from '@domain/order-status';
import { Alert, Card, Col, Descriptions, Form, Input, Row, Select, Space, Spin } from 'antd';
import { getIn } from 'formik';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAddressWords } from '../../components/form';
import { paymentLabel } from '../../features/orders';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { AuditTrail } from './AuditTrail';
import { FormProblems, useFieldItems } from '../shared/forms';
import { FulfilmentCard } from './FulfilmentCard';
import { AdminOrderDocument, type AdminOrderFieldsFragment } from './orders.generated';
import { OrderCharges } from './OrderCharges';
import { OrderLinesTable } from './OrderLinesTable';
import { countryOf, useOrderEdit, type OrderPromotions } from './useOrderEdit';

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
        promotions={data?.orderPromotionFacts ?? null}
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

/**
 * The order's edit form of the spec: contact, ERP order id, status (Shipped and Delivered follow the shipments),
 * address, lines and amounts; lines and amounts are read-only once the order shipped or was paid.
 */
function OrderForm({
  order,
  promotions,
  onReload,
  onSaved,
}: {
  order: AdminOrderFieldsFragment;
  promotions: OrderPromotions | null;
  onReload: () => void;
  onSaved: (saved: boolean) => void;
}) {
  const t = useT();
  const dates = useDates();
  const words = useAddressWords(countryOf(order));
  const edit = useOrderEdit(order, promotions, onSaved);
  const { formik, conflict, locked } = edit;
  const { values } = formik;
  const { item } = useFieldItems(formik);
  const text = (name: string, autoComplete?: string) => ({
    id: name,
    name,
    value: getIn(values, name) as string,
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    autoComplete,
  });
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
      {(conflict || formik.status) && (
        <div style={{ marginBottom: 16 }}>
          <FormProblems conflict={conflict} status={formik.status} onReload={onReload} />
        </div>
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
        <OrderLinesTable order={order} edit={edit} />

        <Row gutter={16} justify="end">
          <Col xs={24} md={8}>
            <OrderCharges order={order} edit={edit} />
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
