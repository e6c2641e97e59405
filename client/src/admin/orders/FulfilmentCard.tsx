import {
  deliverySchema,
  fulfilmentOf,
  SHIPPABLE,
  SHIPPING_CARRIERS,
  shipmentSchema,
  shippingCarrier,
  type DeliveryInput,
  type ShipmentInput,
} from '@domain/fulfilment';
import { Alert, Button, Card, Col, DatePicker, Form, Input, Row, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useFormik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { carrierName, TrackingNumber } from '../../features/orders';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import type { AdminOrderFieldsFragment } from './orders.generated';
import { FormProblems, useFieldItems, useVersionedSubmit } from '../shared/forms';
import { useOrderActions } from './useOrderActions';
import { ResponsiveTable } from '../shared/ResponsiveTable';

type Shipment = AdminOrderFieldsFragment['shipments'][number];

/** Today in the operator's time zone, as a calendar day. */
const today = () => dayjs().format('YYYY-MM-DD');

/**
 * The order's fulfilment in the console (decision 035): its shipments with tracking links, a form to ship what is
 * left (carrier, tracking number, ship date) and one to record the carrier's delivery. Both send the order's
 * version: a page left open while someone else shipped answers the conflict, with Reload.
 */
export function FulfilmentCard({
  order,
  onReload,
}: {
  order: AdminOrderFieldsFragment;
  onReload: () => void;
}) {
  const t = useT();
  const dates = useDates();
  const [done, setDone] = useState<string | null>(null);
  // The form and its button go once used: the focus moves to what happened, so it is not lost on the page.
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done, order.version]);
  const fulfilment = fulfilmentOf({ lines: order.lines, shipments: order.shipments });
  const names = new Map(order.lines.map((l) => [l.id, l.name]));
  const items = (parts: readonly { lineId: string; quantity: number }[]) =>
    parts.map((p) => `${p.quantity} × ${names.get(p.lineId) ?? ''}`).join(', ');
  const onTheirWay = order.shipments.some((s) => !s.deliveredOn);
  const canShip = SHIPPABLE.includes(order.status) && fulfilment.remaining.length > 0;

  return (
    <Card title={t('admin.fulfilment')} data-testid="fulfilment">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {done && (
          <div ref={doneRef} tabIndex={-1} style={{ outline: 'none' }}>
            <Alert type="success" showIcon role="status" message={done} />
          </div>
        )}
        {order.shipments.length ? (
          <ResponsiveTable<Shipment>
            label={t('admin.shipmentsTable')}
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={order.shipments}
            columns={[
              {
                title: t('admin.shipDate'),
                key: 'shippedOn',
                render: (_, s) => dates.calendarDay(s.shippedOn),
              },
              { title: t('admin.carrier'), key: 'carrier', render: (_, s) => carrierName(s.carrier) },
              {
                title: t('admin.trackingNumber'),
                key: 'tracking',
                render: (_, s) => <TrackingNumber shipment={s} />,
              },
              { title: t('admin.shipmentItems'), key: 'items', render: (_, s) => items(s.lines) },
              {
                title: t('admin.shipmentStatus'),
                key: 'delivery',
                render: (_, s) =>
                  s.deliveredOn
                    ? t('orders.deliveredOn', { date: dates.calendarDay(s.deliveredOn) })
                    : t('orders.onItsWay'),
              },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">
            {SHIPPABLE.includes(order.status) ? t('admin.nothingShipped') : t('admin.shipsOncePaid')}
          </Typography.Text>
        )}
        {canShip && (
          <ShipForm
            order={order}
            leftToShip={items(fulfilment.remaining)}
            onReload={onReload}
            onDone={() => setDone(t('admin.shipped'))}
          />
        )}
        {onTheirWay && (
          <DeliverForm order={order} onReload={onReload} onDone={() => setDone(t('admin.delivered'))} />
        )}
      </Space>
    </Card>
  );
}

function ShipForm({
  order,
  leftToShip,
  onReload,
  onDone,
}: {
  order: AdminOrderFieldsFragment;
  leftToShip: string;
  onReload: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const { ship } = useOrderActions(order);
  const { conflict, submit } = useVersionedSubmit<ShipmentInput>(ship, onDone);
  const formik = useFormik<ShipmentInput>({
    initialValues: {
      carrier: (shippingCarrier(order.carrierId)?.id ?? '') as ShipmentInput['carrier'],
      trackingNumber: '',
      shippedOn: today(),
      lines: [],
    },
    validationSchema: shipmentSchema,
    onSubmit: submit,
  });
  const fields = useFieldItems(formik, 'ship-');
  const item = (name: keyof ShipmentInput, label: string) => ({
    ...fields.item(name, label),
    required: true,
  });
  return (
    <Form layout="vertical" onFinish={() => formik.handleSubmit()} aria-label={t('admin.shipTheRest')}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('admin.shipTheRest')}
      </Typography.Title>
      <Typography.Paragraph>{t('admin.leftToShip', { items: leftToShip })}</Typography.Paragraph>
      <FormProblems conflict={conflict} status={formik.status} onReload={onReload} />
      <Row gutter={16} align="bottom">
        <Col xs={24} md={6}>
          <Form.Item {...item('carrier', t('admin.carrier'))}>
            <Select
              id="ship-carrier"
              value={formik.values.carrier || undefined}
              onChange={(v: string) => void formik.setFieldValue('carrier', v)}
              onBlur={() => void formik.setFieldTouched('carrier', true)}
              options={SHIPPING_CARRIERS.map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item {...item('trackingNumber', t('admin.trackingNumber'))}>
            <Input
              id="ship-trackingNumber"
              name="trackingNumber"
              autoComplete="off"
              value={formik.values.trackingNumber}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={5}>
          <Form.Item {...item('shippedOn', t('admin.shipDate'))}>
            <DayPicker
              id="ship-shippedOn"
              value={formik.values.shippedOn}
              onChange={(day) => void formik.setFieldValue('shippedOn', day)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={5}>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={formik.isSubmitting} block>
              {t('admin.markShipped')}
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

function DeliverForm({
  order,
  onReload,
  onDone,
}: {
  order: AdminOrderFieldsFragment;
  onReload: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const { deliver } = useOrderActions(order);
  const { conflict, submit } = useVersionedSubmit<DeliveryInput>(deliver, onDone);
  const formik = useFormik<DeliveryInput>({
    initialValues: { shipmentId: null, deliveredOn: today() },
    validationSchema: deliverySchema,
    onSubmit: submit,
  });
  const { item } = useFieldItems(formik, 'deliver-');
  return (
    <Form layout="vertical" onFinish={() => formik.handleSubmit()} aria-label={t('admin.markDelivered')}>
      <FormProblems conflict={conflict} status={formik.status} onReload={onReload} />
      <Row gutter={16} align="bottom">
        <Col xs={24} md={6}>
          <Form.Item {...item('deliveredOn', t('admin.deliveryDate'))} required>
            <DayPicker
              id="deliver-deliveredOn"
              value={formik.values.deliveredOn}
              onChange={(day) => void formik.setFieldValue('deliveredOn', day)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={5}>
          <Form.Item>
            <Button htmlType="submit" loading={formik.isSubmitting} block>
              {t('admin.markDelivered')}
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

/** A calendar day (YYYY-MM-DD) picked in the operator's time zone; days after today are not offered. */
function DayPicker({ id, value, onChange }: { id: string; value: string; onChange: (day: string) => void }) {
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      format="YYYY-MM-DD"
      allowClear={false}
      value={value ? dayjs(value) : null}
      disabledDate={(d) => d.isAfter(dayjs(), 'day')}
      onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : '')}
    />
  );
}
