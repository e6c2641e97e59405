import { formFailure } from '../../lib/failure';
import { App, Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useCustomerActions } from './useCustomerActions';
import { useT } from '../../i18n';

/**
 * Attaches a customer to a company by its ERP account id (verifying what they claimed at registration), or
 * detaches them; a company the store does not have yet needs its name. Errors show next to their field.
 */
export function CompanyButton({
  user,
}: {
  user: { id: string; email: string; erpAccountId?: string | null; erpAccountClaim?: string | null };
}) {
  const t = useT();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [erp, setErp] = useState('');
  const [company, setCompanyName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { setCompany, savingCompany: loading } = useCustomerActions();
  const submit = (erpAccountId: string | null) =>
    void setCompany(user.id, erpAccountId, company.trim() || null).then(
      () => {
        setOpen(false);
        message.success(t('admin.saved'));
      },
      (err: unknown) => {
        const { fields, message: failed } = formFailure(err, t('admin.saveFailed'));
        setErrors(fields);
        setFailure(failed);
      },
    );
  const fieldError = (name: string) =>
    errors[name] ? (
      <Typography.Text type="danger" id={`company-${name}-error`} role="alert">
        {errors[name]}
      </Typography.Text>
    ) : null;
  return (
    <>
      <Button
        size="small"
        style={{ marginTop: 4 }}
        aria-label={t('admin.companyOf', { email: user.email })}
        onClick={() => {
          setErp(user.erpAccountId ?? user.erpAccountClaim ?? '');
          setCompanyName('');
          setErrors({});
          setFailure(null);
          setOpen(true);
        }}
      >
        {t('admin.companyEdit')}
      </Button>
      <Modal
        open={open}
        title={t('admin.companyOf', { email: user.email })}
        onCancel={() => setOpen(false)}
        footer={[
          user.erpAccountId ? (
            <Button key="detach" danger disabled={loading} onClick={() => submit(null)}>
              {t('admin.detach')}
            </Button>
          ) : null,
          <Button key="cancel" onClick={() => setOpen(false)}>
            {t('admin.cancel')}
          </Button>,
          <Button
            key="attach"
            type="primary"
            loading={loading}
            disabled={!erp.trim()}
            onClick={() => submit(erp.trim())}
          >
            {t('admin.attach')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t('admin.companyHelp')}</Typography.Paragraph>
        <Space direction="vertical" style={{ width: '100%' }}>
          <label htmlFor="company-erp">{t('admin.erpAccountId')}</label>
          <Input
            id="company-erp"
            value={erp}
            maxLength={64}
            status={errors.erpAccountId ? 'error' : undefined}
            aria-describedby={errors.erpAccountId ? 'company-erpAccountId-error' : undefined}
            onChange={(e) => setErp(e.target.value)}
          />
          {fieldError('erpAccountId')}
          <label htmlFor="company-name">{t('admin.companyName')}</label>
          <Input
            id="company-name"
            value={company}
            maxLength={200}
            status={errors.company ? 'error' : undefined}
            aria-invalid={Boolean(errors.company)}
            aria-describedby={errors.company ? 'company-company-error' : undefined}
            onChange={(e) => setCompanyName(e.target.value)}
          />
          {fieldError('company')}
          {failure && (
            <Typography.Text type="danger" role="alert">
              {failure}
            </Typography.Text>
          )}
        </Space>
      </Modal>
    </>
  );
}
