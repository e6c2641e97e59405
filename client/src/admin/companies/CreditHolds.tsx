import { ROUTES } from '@domain/routes';
import { Alert, Button, Card, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { errorMessage } from '../../lib/failure';
import { useMoney } from '../../lib/money';
import { type AdminCompanyFieldsFragment } from './companies.generated';
import { ResponsiveTable } from '../shared/ResponsiveTable';
import { useDecideCredit } from './useCompanyActions';
import { useSavedNotice } from '../shared/useSavedNotice';

/** Purchase orders over the credit limit: approve, or reject with a note for the buyer. */
export function CreditHolds({ company }: { company: AdminCompanyFieldsFragment }) {
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
