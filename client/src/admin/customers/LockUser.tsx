import { useQuery } from '@apollo/client/react';
import { Alert, App, Button, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n';
import { errorMessage, failureOf } from '../../lib/failure';
import { LockSuccessorsDocument } from './customers.generated';
import { useCustomerActions } from './useCustomerActions';

interface LockedUser {
  id: string;
  email: string;
  company?: string | null;
  companyId?: string | null;
}

/**
 * Customers → Lock: staff confirm in a dialog. A company's last admin who can sign in is not locked (the server
 * answers CONFLICT, issue 52): the dialog says so and, for staff who keep companies (`canNameAdmin`), lists the
 * company's other active members to name one its admin, then locks.
 */
export function LockUserButton({ user, canNameAdmin }: { user: LockedUser; canNameAdmin: boolean }) {
  const t = useT();
  const { message } = App.useApp();
  const { setLocked, setMemberRole } = useCustomerActions();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [successor, setSuccessor] = useState<string | null>(null);
  const canName = Boolean(user.companyId) && canNameAdmin;
  const { data } = useQuery(LockSuccessorsDocument, {
    variables: { id: user.companyId ?? '' },
    skip: !refusal || !canName,
    fetchPolicy: 'network-only',
  });
  const company = data?.adminCompany.name ?? user.company ?? '';
  const members = (data?.adminCompany.people ?? []).filter((p) => p.active && p.userId !== user.id);
  const chosen = members.find((m) => m.userId === successor);

  const lock = async () => {
    setBusy(true);
    setError(null);
    try {
      if (chosen && chosen.role !== 'Admin') {
        await setMemberRole(user.companyId!, chosen.userId, 'Admin');
      }
      await setLocked(user.id, true);
      setOpen(false);
      message.success(t('admin.saved'));
    } catch (err) {
      const failure = failureOf(err);
      if (failure.code === 'CONFLICT' && user.companyId && !refusal) {
        setRefusal(failure.message ?? t('admin.saveFailed'));
      } else {
        setError(errorMessage(err, t('admin.saveFailed')));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        danger
        onClick={() => {
          setRefusal(null);
          setError(null);
          setSuccessor(null);
          setOpen(true);
        }}
      >
        {t('admin.lock')}
      </Button>
      <Modal
        open={open}
        title={t('admin.lockOf', { email: user.email })}
        okText={chosen ? t('admin.lockMakeAdmin') : t('admin.lock')}
        okButtonProps={{ danger: true, loading: busy, disabled: Boolean(refusal) && !chosen }}
        cancelText={t('admin.cancel')}
        onCancel={() => setOpen(false)}
        onOk={() => void lock()}
      >
        <Typography.Paragraph>{t('admin.lockConfirm', { email: user.email })}</Typography.Paragraph>
        {refusal && (
          <Alert type="warning" showIcon role="alert" title={refusal} style={{ marginBottom: 12 }} />
        )}
        {refusal && canName && data && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {members.length ? (
              <>
                <Typography.Text id="lock-successor-label">
                  {t('admin.lockNameAdmin', { company })}
                </Typography.Text>
                <Radio.Group
                  aria-labelledby="lock-successor-label"
                  value={successor}
                  onChange={(e) => setSuccessor(e.target.value as string)}
                  style={{ maxHeight: 240, overflowY: 'auto', width: '100%' }}
                >
                  <Space orientation="vertical">
                    {members.map((m) => (
                      <Radio key={m.userId} value={m.userId}>
                        {t('admin.lockMember', { name: m.name, email: m.email })}
                      </Radio>
                    ))}
                  </Space>
                </Radio.Group>
              </>
            ) : (
              <Typography.Text type="secondary">{t('admin.lockNobody', { company })}</Typography.Text>
            )}
          </Space>
        )}
        {error && (
          <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 12 }}>
            {error}
          </Typography.Paragraph>
        )}
      </Modal>
    </>
  );
}
