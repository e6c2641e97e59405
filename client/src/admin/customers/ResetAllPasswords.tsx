import { errorMessage } from '../../lib/failure';
import { RESET_ALL_CONFIRMATION } from '@domain/admin';
import { ROUTES } from '@domain/routes';
import { Button, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSignOut } from '../../features/account';
import { useCustomerActions } from './useCustomerActions';
import { useT } from '../../i18n';

/** Resets every password: the Admin types the confirmation, then signs in again like everyone else. */
export function ResetAllPasswords() {
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { resetAllPasswords: reset, resetting: loading } = useCustomerActions();
  // Every session ended, this one too: the shop and console forget the user before the sign-in page shows.
  const signOut = useSignOut();
  return (
    <>
      <Button danger onClick={() => setOpen(true)}>
        {t('admin.resetAll')}
      </Button>
      <Modal
        open={open}
        title={t('admin.resetAll')}
        okText={t('admin.resetAll')}
        okButtonProps={{ danger: true, disabled: typed !== RESET_ALL_CONFIRMATION, loading }}
        cancelText={t('admin.cancel')}
        onCancel={() => setOpen(false)}
        onOk={() =>
          void reset().then(
            () =>
              signOut().then(() =>
                navigate(`${ROUTES.signIn}?callbackUrl=${encodeURIComponent(ROUTES.admin)}`, {
                  replace: true,
                }),
              ),
            (err: unknown) => setError(errorMessage(err, t('admin.saveFailed'))),
          )
        }
      >
        <Typography.Paragraph>{t('admin.resetAllWarning')}</Typography.Paragraph>
        <label htmlFor="reset-confirmation">
          {t('admin.resetAllType', { phrase: RESET_ALL_CONFIRMATION })}
        </label>
        <Input
          id="reset-confirmation"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
        />
        {error && (
          <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 12 }}>
            {error}
          </Typography.Paragraph>
        )}
      </Modal>
    </>
  );
}
