import { useQuery } from '@apollo/client/react';
import { Alert, Button, Empty, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { ResponsiveTable } from '../shared/ResponsiveTable';
import { TONES } from '../shared/tones';
import { EndpointActions } from './EndpointActions';
import { EndpointForm } from './EndpointForm';
import { WebhookEndpointsDocument, type WebhookEndpointFieldsFragment } from './integrations.generated';
import {
  deliveriesPath,
  eventLabel,
  isStatus,
  STATUS_LABELS,
  STATUS_TONES,
  type ShownSecret,
} from './labels';
import { SecretDialog } from './SecretDialog';
import { useWebhookActions } from './useWebhookActions';

/**
 * Console → Integrations (issue 56, decision 068): the webhook endpoints the store sends its events to, each with
 * its health (turned off, failing since, its newest delivery); register one (its secret shown once), change it,
 * rotate its secret, delete it, send it a test, open its deliveries.
 */
export function IntegrationsView() {
  const t = useT();
  const { data, loading } = useQuery(WebhookEndpointsDocument, { fetchPolicy: 'cache-and-network' });
  const { forget } = useWebhookActions();
  const [editing, setEditing] = useState<WebhookEndpointFieldsFragment | 'new' | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [tested, setTested] = useState<{ endpointId: string; messageId: string } | null>(null);
  const endpoints = data?.webhookEndpoints ?? [];
  const closeSecret = () => {
    setSecret(null);
    forget();
  };

  return (
    <>
      <Typography.Paragraph style={{ maxWidth: 760 }}>{t('admin.integrations.intro')}</Typography.Paragraph>
      <Button type="primary" onClick={() => setEditing('new')} style={{ marginBottom: 16 }}>
        {t('admin.integrations.new')}
      </Button>
      {tested && (
        <Alert
          type="success"
          showIcon
          role="status"
          closable={{ 'aria-label': t('admin.integrations.dismiss') }}
          onClose={() => setTested(null)}
          style={{ marginBottom: 16 }}
          title={t('admin.integrations.testSent', { messageId: tested.messageId })}
          action={<Link to={deliveriesPath(tested.endpointId)}>{t('admin.integrations.seeDeliveries')}</Link>}
        />
      )}
      {!loading && endpoints.length === 0 ? (
        <Empty description={t('admin.integrations.empty')} style={{ maxWidth: 560, margin: '32px auto' }} />
      ) : (
        <EndpointsTable
          endpoints={endpoints}
          loading={loading}
          onEdit={setEditing}
          onSecret={setSecret}
          onTested={setTested}
        />
      )}
      {editing && (
        <EndpointForm
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(value) => {
            setEditing(null);
            setSecret({ secret: value });
          }}
        />
      )}
      {secret && (
        <SecretDialog secret={secret.secret} previousUntil={secret.previousUntil} onClose={closeSecret} />
      )}
    </>
  );
}

function EndpointsTable({
  endpoints,
  loading,
  onEdit,
  onSecret,
  onTested,
}: {
  endpoints: WebhookEndpointFieldsFragment[];
  loading: boolean;
  onEdit: (endpoint: WebhookEndpointFieldsFragment) => void;
  onSecret: (secret: ShownSecret) => void;
  onTested: (test: { endpointId: string; messageId: string }) => void;
}) {
  const t = useT();
  const dates = useDates();
  return (
    <ResponsiveTable<WebhookEndpointFieldsFragment>
      label={t('admin.integrations')}
      rowKey="id"
      size="middle"
      loading={loading}
      pagination={false}
      scroll={{ x: 1100 }}
      dataSource={endpoints}
      columns={[
        {
          title: t('admin.integrations.url'),
          dataIndex: 'url',
          render: (url: string, e) => (
            <Link to={deliveriesPath(e.id)} style={{ wordBreak: 'break-all' }}>
              {url}
            </Link>
          ),
        },
        { title: t('admin.integrations.description'), dataIndex: 'description' },
        {
          title: t('admin.integrations.events'),
          dataIndex: 'events',
          render: (events: string[]) => events.map((type) => eventLabel(t, type)).join(', '),
        },
        {
          title: t('admin.integrations.enabled'),
          dataIndex: 'enabled',
          render: (on: boolean) => (
            <Tag style={on ? TONES.success : TONES.neutral}>
              {on ? t('admin.integrations.on') : t('admin.integrations.off')}
            </Tag>
          ),
        },
        {
          title: t('admin.integrations.health'),
          key: 'health',
          render: (_, e) => (
            <div style={{ display: 'grid', gap: 4, justifyItems: 'start' }}>
              {e.disabledReason && (
                <Typography.Text type="danger">
                  {t('admin.integrations.disabledBy', { reason: e.disabledReason })}
                </Typography.Text>
              )}
              {e.failingSince && (
                <Typography.Text type="danger">
                  {t('admin.integrations.failingSince', { date: dates.moment(e.failingSince) })}
                </Typography.Text>
              )}
              {isStatus(e.lastDeliveryStatus) ? (
                <span>
                  {t('admin.integrations.last')}{' '}
                  <Tag style={STATUS_TONES[e.lastDeliveryStatus]}>
                    {t(STATUS_LABELS[e.lastDeliveryStatus])}
                  </Tag>
                </span>
              ) : (
                <Typography.Text type="secondary">{t('admin.integrations.noDelivery')}</Typography.Text>
              )}
            </div>
          ),
        },
        {
          title: t('admin.actions'),
          key: 'actions',
          render: (_, e) => (
            <EndpointActions endpoint={e} onEdit={onEdit} onSecret={onSecret} onTested={onTested} />
          ),
        },
      ]}
    />
  );
}
