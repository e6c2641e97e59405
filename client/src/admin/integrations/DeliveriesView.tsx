import { useQuery } from '@apollo/client/react';
import { ROUTES } from '@domain/routes';
import { WEBHOOK_DELIVERY_STATUSES } from '@domain/webhooks';
import { Alert, Button, Radio, Space, Table, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { DeliveryAttempts, ReplayButton } from './DeliveryAttempts';
import {
  WebhookDeliveriesDocument,
  WebhookEndpointsDocument,
  type WebhookDeliveriesQuery,
} from './integrations.generated';
import { eventLabel, isStatus, STATUS_LABELS, STATUS_TONES } from './labels';

type Delivery = WebhookDeliveriesQuery['webhookDeliveries']['items'][number];

const PAGE_SIZES = [20, 50, 100];
/** While a delivery is on its way the page reads again, so its attempts show as they come. */
const PENDING_POLL_MS = 3_000;

/**
 * Console → Integrations → an endpoint's deliveries, newest first: filtered by status, paged (both kept in the
 * address), each opening to its attempts (time, response code, duration, error, the response's first bytes) with
 * Replay, which sends the same message again under the same webhook-id.
 */
export function DeliveriesView() {
  const t = useT();
  const dates = useDates();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? params.get('status') : null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 20;
  const endpoints = useQuery(WebhookEndpointsDocument, { fetchPolicy: 'cache-first' });
  const endpoint = endpoints.data?.webhookEndpoints.find((e) => e.id === id);
  const { data, loading, error, refetch } = useQuery(WebhookDeliveriesDocument, {
    variables: { endpointId: id, status, page, pageSize },
    fetchPolicy: 'cache-and-network',
  });
  const list = data?.webhookDeliveries;
  const pending = (list?.items ?? []).some((d) => d.status === 'pending');
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void refetch(), PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, refetch]);
  const go = (next: { status?: string | null; page?: number; pageSize?: number }) => {
    const merged = { status, page, pageSize, ...next };
    const query: Record<string, string> = {};
    if (merged.status) query.status = merged.status;
    if (merged.page > 1) query.page = String(merged.page);
    if (merged.pageSize !== 20) query.pageSize = String(merged.pageSize);
    setParams(query);
  };

  return (
    <>
      <Link to={`${ROUTES.admin}/integrations`}>← {t('admin.integrations.back')}</Link>
      <Typography.Title level={2} style={{ fontSize: 18, margin: '12px 0', wordBreak: 'break-all' }}>
        {t('admin.integrations.deliveriesOf', { url: endpoint?.url ?? '…' })}
      </Typography.Title>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 16 }}>
        <span id="delivery-status">{t('admin.integrations.filter')}</span>
        <Radio.Group
          aria-labelledby="delivery-status"
          optionType="button"
          style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8, minWidth: 0 }}
          value={status ?? ''}
          onChange={(e) => go({ status: (e.target.value as string) || null, page: 1 })}
          options={[
            { value: '', label: t('admin.integrations.all') },
            ...WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABELS[s]) })),
          ]}
        />
        <Button onClick={() => void refetch()}>{t('admin.integrations.refresh')}</Button>
      </div>
      {error && <Alert type="error" showIcon role="alert" title={error.message} />}
      <Table<Delivery>
        rowKey="id"
        size="middle"
        loading={loading && !list}
        scroll={{ x: 860 }}
        dataSource={list?.items ?? []}
        locale={{ emptyText: t('admin.integrations.noDeliveries') }}
        expandable={{
          expandedRowRender: (d) => <DeliveryAttempts delivery={d} />,
          expandRowByClick: false,
        }}
        pagination={{
          current: list?.page ?? page,
          pageSize: list?.pageSize ?? pageSize,
          total: list?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          onChange: (next, size) => go({ page: size !== pageSize ? 1 : next, pageSize: size }),
        }}
        columns={[
          {
            title: t('admin.integrations.statusCol'),
            dataIndex: 'status',
            render: (s: string, d) =>
              isStatus(s) ? (
                <Space direction="vertical" size={0}>
                  <Tag style={STATUS_TONES[s]}>{t(STATUS_LABELS[s])}</Tag>
                  {d.replayOf && <Typography.Text>{t('admin.integrations.isReplay')}</Typography.Text>}
                </Space>
              ) : (
                s
              ),
          },
          {
            title: t('admin.integrations.event'),
            dataIndex: 'eventType',
            render: (type: string, d) => (
              <Space direction="vertical" size={0}>
                <span>{eventLabel(t, type)}</span>
                <code style={{ fontSize: 12 }}>{d.messageId}</code>
              </Space>
            ),
          },
          {
            title: t('admin.integrations.created'),
            dataIndex: 'createdAt',
            render: (v: string) => dates.moment(v),
          },
          { title: t('admin.integrations.attempts'), dataIndex: 'attempts', align: 'right' },
          {
            title: t('admin.integrations.response'),
            dataIndex: 'lastResponseCode',
            render: (code: number | null, d) => (
              <Space direction="vertical" size={0}>
                <span>{code ?? '—'}</span>
                {d.nextAttemptAt && (
                  <Typography.Text>
                    {t('admin.integrations.nextAttempt', { date: dates.moment(d.nextAttemptAt) })}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: t('admin.actions'), key: 'replay', render: (_, d) => <ReplayButton delivery={d} /> },
        ]}
      />
    </>
  );
}
