import { App, Button, Popconfirm, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/failure';
import type { WebhookEndpointFieldsFragment } from './integrations.generated';
import { deliveriesPath, type ShownSecret } from './labels';
import { useWebhookActions } from './useWebhookActions';

/** One endpoint's buttons: its deliveries, edit, send a test, rotate its secret (confirmed), delete (confirmed). */
export function EndpointActions({
  endpoint,
  onEdit,
  onSecret,
  onTested,
}: {
  endpoint: WebhookEndpointFieldsFragment;
  onEdit: (endpoint: WebhookEndpointFieldsFragment) => void;
  onSecret: (secret: ShownSecret) => void;
  onTested: (test: { endpointId: string; messageId: string }) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { rotate, remove, sendTest, testing } = useWebhookActions();
  const failed = (err: unknown) => void message.error(errorMessage(err, t('admin.saveFailed')));
  const confirm = { okText: t('admin.integrations.confirm'), cancelText: t('admin.cancel') };
  return (
    <Space wrap size={[8, 8]}>
      <Button onClick={() => navigate(deliveriesPath(endpoint.id))}>
        {t('admin.integrations.deliveries')}
      </Button>
      <Button onClick={() => onEdit(endpoint)}>{t('admin.integrations.edit')}</Button>
      <Button
        loading={testing}
        disabled={!endpoint.enabled}
        onClick={() =>
          void sendTest(endpoint.id).then(
            (sent) => onTested({ endpointId: endpoint.id, messageId: sent.messageId }),
            failed,
          )
        }
      >
        {t('admin.integrations.sendTest')}
      </Button>
      <Popconfirm
        title={t('admin.integrations.rotate')}
        description={<div style={{ maxWidth: 320 }}>{t('admin.integrations.rotateConfirm')}</div>}
        {...confirm}
        onConfirm={() => rotate(endpoint.id).then(onSecret, failed)}
      >
        <Button>{t('admin.integrations.rotate')}</Button>
      </Popconfirm>
      <Popconfirm
        title={t('admin.integrations.delete')}
        description={
          <div style={{ maxWidth: 320 }}>{t('admin.integrations.deleteConfirm', { url: endpoint.url })}</div>
        }
        okButtonProps={{ danger: true }}
        {...confirm}
        onConfirm={() =>
          remove(endpoint.id).then(() => void message.success(t('admin.integrations.deleted')), failed)
        }
      >
        <Button danger>{t('admin.integrations.delete')}</Button>
      </Popconfirm>
    </Space>
  );
}
