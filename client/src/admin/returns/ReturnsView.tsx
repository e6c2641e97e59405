import { useQuery } from '@apollo/client/react';
import { orderNumberLabel } from '@domain/checkout';
import { returnRestocks } from '@domain/returns';
import { ROUTES } from '@domain/routes';
import { Button, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ReturnQueueDocument } from './returns.generated';
import { useReturnActions } from './useReturnActions';
import { useSavedNotice } from '../shared/useSavedNotice';
import { useT } from '../../i18n';

const NEXT: Record<number, number> = { 6: 8, 8: 9, 9: 10 };

type Decision = 'RETURN_ACCEPTED' | 'RETURN_REJECTED';

/** The returns queue: decide requested returns, then follow accepted ones to the refund. */
export function ReturnsView() {
  const t = useT();
  const [status, setStatus] = useState<number | null>(5);
  const { data, loading } = useQuery(ReturnQueueDocument, {
    variables: { status },
    fetchPolicy: 'network-only',
  });
  const { decide, advance } = useReturnActions();
  const run = useSavedNotice();
  /** The return being decided, and how: the decision asks for confirmation and a note for the customer. */
  const [deciding, setDeciding] = useState<{ id: string; order: string; decision: Decision } | null>(null);
  const [note, setNote] = useState('');
  const ask = (id: string, order: string, decision: Decision) => {
    setNote('');
    setDeciding({ id, order, decision });
  };
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
          {
            title: t('orders.number'),
            dataIndex: 'orderNumber',
            render: (n: string, r) => (
              <Link to={`${ROUTES.admin}/orders/${r.orderId}`}>{orderNumberLabel(n)}</Link>
            ),
          },
          { title: t('returns.rma'), dataIndex: 'rmaNumber', render: (v: string | null) => v ?? '—' },
          {
            title: t('orders.items'),
            key: 'lines',
            render: (_, r) => r.lines.map((l) => `${l.quantity} × ${l.itemId}`).join(', '),
          },
          {
            title: t('returns.reason'),
            dataIndex: 'reason',
            render: (v: string) => (
              <Space direction="vertical" size={2}>
                <Tag>{t(`returns.reason.${v}` as 'returns.reason.DEFECTIVE_PRODUCT')}</Tag>
                {/* Whether completing it puts the pieces back on the shelf (decision 050). */}
                <Typography.Text type="secondary">
                  {t(returnRestocks(v) ? 'admin.returnRestocks' : 'admin.returnNotRestocked')}
                </Typography.Text>
              </Space>
            ),
          },
          { title: t('orders.status'), dataIndex: 'statusLabel' },
          {
            title: t('admin.actions'),
            key: 'actions',
            render: (_, r) =>
              r.status === 5 ? (
                <Space>
                  <Button type="primary" onClick={() => ask(r.id, r.orderNumber, 'RETURN_ACCEPTED')}>
                    {t('admin.accept')}
                  </Button>
                  <Button danger onClick={() => ask(r.id, r.orderNumber, 'RETURN_REJECTED')}>
                    {t('admin.reject')}
                  </Button>
                </Space>
              ) : NEXT[r.status] ? (
                <Button onClick={() => run(advance(r.id, NEXT[r.status]!))}>
                  {t(`admin.returnNext.${NEXT[r.status] as 8 | 9 | 10}`)}
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        open={deciding !== null}
        title={
          deciding &&
          t(deciding.decision === 'RETURN_ACCEPTED' ? 'admin.acceptReturn' : 'admin.rejectReturn', {
            order: orderNumberLabel(deciding.order),
          })
        }
        okText={deciding?.decision === 'RETURN_ACCEPTED' ? t('admin.accept') : t('admin.reject')}
        okButtonProps={{ danger: deciding?.decision === 'RETURN_REJECTED' }}
        cancelText={t('admin.cancel')}
        onCancel={() => setDeciding(null)}
        onOk={() => {
          if (!deciding) return;
          run(decide(deciding.id, deciding.decision, note.trim() || null));
          setDeciding(null);
        }}
      >
        <Typography.Paragraph>{t('admin.decisionNoteHelp')}</Typography.Paragraph>
        <label htmlFor="decision-note">{t('admin.decisionNote')}</label>
        <Input.TextArea
          id="decision-note"
          rows={3}
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Modal>
    </>
  );
}
