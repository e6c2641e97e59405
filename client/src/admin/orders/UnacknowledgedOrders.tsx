import { useQuery } from '@apollo/client/react';
import { orderNumberLabel } from '@domain/checkout';
import { Alert, Button, Form, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { errorMessage } from '../../lib/failure';
import { useMoney } from '../../lib/money';
import { ResponsiveTable } from '../shared/ResponsiveTable';
import { UnacknowledgedOrdersDocument } from './orders.generated';

/** How long an order has waited, as staff read it: minutes, hours and minutes, or days and hours. */
export function useWaited() {
  const t = useT();
  return (waited: number) => {
    if (waited < 60) return t('admin.erp.ageMinutes', { minutes: waited });
    const hours = Math.floor(waited / 60);
    if (hours < 24) return t('admin.erp.ageHours', { hours, minutes: waited % 60 });
    return t('admin.erp.ageDays', { days: Math.floor(hours / 24), hours: hours % 24 });
  };
}

/**
 * Orders → "Not acknowledged by the ERP" (decision 071): orders the ERP has not acknowledged this many minutes after
 * they were placed (the store's ERP_ACKNOWLEDGE_MINUTES unless staff ask for another age), oldest first, with how
 * long each has waited. The age and the page are kept in the address.
 */
export function UnacknowledgedOrders() {
  const t = useT();
  const dates = useDates();
  const money = useMoney();
  const waited = useWaited();
  const [params, setParams] = useSearchParams();
  const asked = params.get('minutes');
  const page = Number(params.get('page') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? 25);
  const { data, previousData, loading, error } = useQuery(UnacknowledgedOrdersDocument, {
    variables: { olderThanMinutes: asked === null ? null : Number(asked), page, pageSize },
    fetchPolicy: 'cache-and-network',
  });
  const list = (data ?? previousData)?.unacknowledgedOrders;
  // What the operator typed (null: cleared), or undefined until they type: the list's own age is shown.
  const [draft, setDraft] = useState<number | null | undefined>(undefined);
  const set = (patch: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(patch))
        if (v === null) next.delete(k);
        else next.set(k, v);
      return next;
    });
  return (
    <>
      <Form
        layout="inline"
        component="form"
        style={{ marginBottom: 16, rowGap: 8 }}
        onSubmitCapture={(e) => {
          e.preventDefault();
          if (draft !== undefined && draft !== null) set({ minutes: String(draft), page: null });
        }}
      >
        <Form.Item label={t('admin.erp.olderThan')} htmlFor="erp-older-than">
          <InputNumber
            id="erp-older-than"
            min={0}
            precision={0}
            value={draft === undefined ? (list?.olderThanMinutes ?? null) : draft}
            onChange={(v) => setDraft(v)}
          />
        </Form.Item>
        <Button htmlType="submit">{t('admin.erp.show')}</Button>
      </Form>
      {error && <Alert type="error" showIcon role="alert" message={errorMessage(error, '')} />}
      {list && (
        <Typography.Paragraph>
          {t('admin.erp.summary', { count: list.total, minutes: list.olderThanMinutes })}
        </Typography.Paragraph>
      )}
      <ResponsiveTable
        label={t('admin.erp.notAcknowledged')}
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={list?.items ?? []}
        scroll={{ x: 800 }}
        onChange={(pagination) =>
          set({ page: String(pagination.current ?? 1), pageSize: String(pagination.pageSize ?? 25) })
        }
        pagination={{
          current: page,
          pageSize,
          total: list?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [25, 50, 100],
          showTotal: (total) => t('admin.orderCount', { count: total }),
        }}
        columns={[
          {
            title: t('orders.number'),
            dataIndex: 'orderNumber',
            render: (n: string, r) => <Link to={r.id}>{orderNumberLabel(n)}</Link>,
          },
          { title: t('admin.placed'), dataIndex: 'createdAt', render: (v: string) => dates.moment(v) },
          { title: t('admin.erp.waiting'), dataIndex: 'waitingMinutes', render: (v: number) => waited(v) },
          {
            title: t('admin.customer'),
            key: 'customer',
            render: (_, r) => (
              <>
                <div>{r.customerName ?? t('admin.guest')}</div>
                <div style={{ color: '#595959', fontSize: 13 }}>{r.contactEmail}</div>
              </>
            ),
          },
          { title: t('orders.status'), dataIndex: 'statusLabel' },
          {
            title: t('admin.total'),
            dataIndex: 'total',
            align: 'right',
            render: (v: number, r) => money(v, r.currencyCode),
          },
        ]}
      />
    </>
  );
}
