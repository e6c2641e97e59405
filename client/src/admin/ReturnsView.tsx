import { useMutation, useQuery } from '@apollo/client/react';
import { orderNumberLabel } from '@domain/checkout';
import { Button, Select, Space, Table, Tag, message } from 'antd';
import { useState } from 'react';
import { AdvanceReturnDocument, DecideReturnDocument, ReturnQueueDocument } from './graphql/admin.generated';
import { useT } from '../i18n';

const NEXT: Record<number, number> = { 6: 8, 8: 9, 9: 10 };

/** The returns queue: decide requested returns, then follow accepted ones to the refund. */
export function ReturnsView() {
  const t = useT();
  const [status, setStatus] = useState<number | null>(5);
  const { data, loading } = useQuery(ReturnQueueDocument, {
    variables: { status },
    fetchPolicy: 'network-only',
  });
  const refetch = { refetchQueries: ['ReturnQueue'] };
  const [decide] = useMutation(DecideReturnDocument, refetch);
  const [advance] = useMutation(AdvanceReturnDocument, refetch);
  const run = (work: Promise<unknown>) =>
    void work.then(
      () => message.success(t('admin.saved')),
      (err: Error) => message.error(err.message),
    );
  return (
    <>
      <Select
        aria-label={t('orders.status')}
        value={status ?? -1}
        style={{ width: 240, marginBottom: 16 }}
        onChange={(v) => setStatus(v === -1 ? null : v)}
        options={[
          { value: 5, label: 'Return Requested' },
          { value: 6, label: 'Return Approved' },
          { value: 8, label: 'Return Shipped' },
          { value: 9, label: 'Return Processing' },
          { value: 10, label: 'Return Completed' },
          { value: 7, label: 'Return Rejected' },
          { value: -1, label: t('orders.anyStatus') },
        ]}
      />
      <Table
        rowKey="id"
        loading={loading}
        dataSource={data?.returnQueue ?? []}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: t('orders.number'), dataIndex: 'orderNumber', render: (n: string) => orderNumberLabel(n) },
          { title: t('returns.rma'), dataIndex: 'rmaNumber', render: (v: string | null) => v ?? '—' },
          {
            title: t('orders.items'),
            key: 'lines',
            render: (_, r) => r.lines.map((l) => `${l.quantity} × ${l.itemId}`).join(', '),
          },
          { title: t('returns.reason'), dataIndex: 'reason', render: (v: string) => <Tag>{v}</Tag> },
          { title: t('orders.status'), dataIndex: 'statusLabel' },
          {
            title: '',
            key: 'actions',
            render: (_, r) =>
              r.status === 5 ? (
                <Space>
                  <Button
                    type="primary"
                    onClick={() => run(decide({ variables: { id: r.id, decision: 'RETURN_ACCEPTED' } }))}
                  >
                    {t('admin.accept')}
                  </Button>
                  <Button
                    danger
                    onClick={() => run(decide({ variables: { id: r.id, decision: 'RETURN_REJECTED' } }))}
                  >
                    {t('admin.reject')}
                  </Button>
                </Space>
              ) : NEXT[r.status] ? (
                <Button onClick={() => run(advance({ variables: { id: r.id, status: NEXT[r.status]! } }))}>
                  {t(`admin.returnNext.${NEXT[r.status] as 8 | 9 | 10}`)}
                </Button>
              ) : null,
          },
        ]}
      />
    </>
  );
}
