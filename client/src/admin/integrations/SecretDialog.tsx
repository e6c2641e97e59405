import { Alert, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';

/**
 * A signing secret, shown once (after registering an endpoint or rotating its secret) with a copy button; closing
 * the dialog forgets it. After a rotation, `previousUntil` says until when the old secret keeps signing.
 */
export function SecretDialog({
  secret,
  previousUntil,
  onClose,
}: {
  secret: string;
  previousUntil?: string | null;
  onClose: () => void;
}) {
  const t = useT();
  const dates = useDates();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard?.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <Modal
      open
      title={t('admin.integrations.secretTitle')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('admin.integrations.secretDone')}
        </Button>
      }
    >
      <Alert type="warning" showIcon role="status" title={t('admin.integrations.secretOnce')} />
      <Typography.Paragraph style={{ margin: '16px 0 8px' }}>
        <code className="webhook-secret" style={{ wordBreak: 'break-all', fontSize: 14 }}>
          {secret}
        </code>
      </Typography.Paragraph>
      <Button onClick={copy}>{copied ? t('admin.integrations.copied') : t('admin.integrations.copy')}</Button>
      {previousUntil !== undefined && (
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          {t('admin.integrations.secretRotated', {
            date: previousUntil ? dates.moment(previousUntil) : '—',
          })}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
