import { errorMessage } from '../../lib/failure';
import { useLazyQuery, useQuery } from '@apollo/client/react';
import { API_SCOPES } from '@domain/admin';
import {
  Alert,
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { ApiKeysDocument } from './api-keys.generated';
import { AdminUsersDocument } from '../shared/shared.generated';
import { useApiKeyActions } from './useApiKeyActions';
import { useSavedNotice } from '../shared/useSavedNotice';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';

/** Partner API keys: issue one for a user (shown once), see when each was last used, revoke at once. */
export function ApiKeysView() {
  const t = useT();
  const dates = useDates();
  const { data, loading } = useQuery(ApiKeysDocument, { fetchPolicy: 'cache-and-network' });
  const { revoke } = useApiKeyActions();
  const saved = useSavedNotice();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <Button type="primary" onClick={() => setCreating(true)} style={{ marginBottom: 16 }}>
        {t('admin.newKey')}
      </Button>
      <Table
        rowKey="id"
        size="middle"
        loading={loading}
        scroll={{ x: 800 }}
        dataSource={data?.apiKeys ?? []}
        columns={[
          { title: t('admin.keyName'), dataIndex: 'name' },
          { title: t('admin.keyPrefix'), dataIndex: 'prefix', render: (v: string) => <code>{v}…</code> },
          { title: t('admin.scopes'), dataIndex: 'scopes', render: (v: string[]) => v.join(', ') },
          { title: t('admin.ratePerMinute'), dataIndex: 'ratePerMinute', align: 'right' },
          {
            title: t('admin.lastUsed'),
            dataIndex: 'lastUsedAt',
            render: (v: string | null) => (v ? dates.moment(v) : '—'),
          },
          {
            title: t('admin.actions'),
            key: 'revoke',
            render: (_, key) =>
              key.revokedAt ? (
                <Typography.Text type="secondary">
                  {t('admin.revokedOn', { date: dates.day(key.revokedAt) })}
                </Typography.Text>
              ) : (
                <Popconfirm
                  title={t('admin.revokeConfirm', { name: key.name })}
                  okText={t('admin.revoke')}
                  cancelText={t('admin.cancel')}
                  onConfirm={() => saved(revoke(key.id))}
                >
                  <Button danger>{t('admin.revoke')}</Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      {creating && <NewKey onClose={() => setCreating(false)} />}
    </>
  );
}

/** The new-key dialog: the owner (searched by e-mail), a name, scopes and a rate; the key is shown once. */
function NewKey({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [form] = Form.useForm<{ userId: string; name: string; scopes: string[]; ratePerMinute: number }>();
  const [findUsers, users] = useLazyQuery(AdminUsersDocument);
  const { create, creating } = useApiKeyActions();
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open
      title={t('admin.newKey')}
      okText={created ? t('admin.done') : t('admin.createKey')}
      cancelButtonProps={{ style: created ? { display: 'none' } : undefined }}
      confirmLoading={creating}
      onCancel={onClose}
      onOk={() => (created ? onClose() : form.submit())}
    >
      {created ? (
        <Alert
          type="warning"
          showIcon
          message={t('admin.copyKeyNow')}
          description={<Typography.Paragraph copyable={{ text: created }}>{created}</Typography.Paragraph>}
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ scopes: ['catalog:read'], ratePerMinute: 600 }}
          onFinish={(values) =>
            void create(values).then(
              (key) => setCreated(key),
              (err: unknown) => setError(errorMessage(err, t('admin.saveFailed'))),
            )
          }
        >
          <Form.Item
            name="userId"
            label={t('admin.keyOwner')}
            rules={[{ required: true, message: t('admin.keyOwner') }]}
          >
            <Select
              showSearch
              filterOption={false}
              placeholder={t('admin.userSearch')}
              onSearch={(q) =>
                q.trim().length > 1 && void findUsers({ variables: { filter: { q, pageSize: 10 } } })
              }
              loading={users.loading}
              options={(users.data?.adminUsers.items ?? []).map((u) => ({
                value: u.id,
                label: `${u.email} (${u.roleName})`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('admin.keyName')}
            rules={[{ required: true, message: t('admin.keyName') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="scopes"
            label={t('admin.scopes')}
            rules={[{ required: true, type: 'array', min: 1 }]}
          >
            <Checkbox.Group options={API_SCOPES.map((s) => ({ value: s, label: s }))} />
          </Form.Item>
          <Form.Item name="ratePerMinute" label={t('admin.ratePerMinute')}>
            <InputNumber min={1} max={100_000} />
          </Form.Item>
          {error && <Alert type="error" showIcon message={error} role="alert" />}
        </Form>
      )}
    </Modal>
  );
}
