import { errorMessage, formFailure } from '../../lib/failure';
import { useQuery } from '@apollo/client/react';
import { mayUse, RESET_ALL_CONFIRMATION } from '@domain/admin';
import type { CompanyRoleName } from '@domain/company';
import { ROLES, VALIDITY, type RoleName } from '@domain/roles';
import { ROUTES } from '@domain/routes';
import { App, Button, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSession, useSignOut } from '../../features/account';
import { AdminUsersDocument } from '../shared/shared.generated';
import { LockUserButton } from './LockUser';
import { useCustomerActions } from './useCustomerActions';
import { useSavedNotice } from '../shared/useSavedNotice';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';

const ROLE_OPTIONS = (Object.keys(ROLES) as RoleName[]).map((name) => ({ value: ROLES[name], label: name }));

/** Customers and staff: search, role changes (Admin), lock and unlock (Admin, Service), reset of every password. */
export function CustomersView() {
  const t = useT();
  const dates = useDates();
  const { user } = useSession();
  const [q, setQ] = useState('');
  const [page, setPage] = useState({ current: 1, pageSize: 25 });
  const { data, loading } = useQuery(AdminUsersDocument, {
    variables: { filter: { q: q || null, page: page.current, pageSize: page.pageSize } },
    fetchPolicy: 'cache-and-network',
  });
  const { setRole, setLocked } = useCustomerActions();
  const run = useSavedNotice();
  const canRole = mayUse(user?.role, 'manageUsers');
  const canLock = mayUse(user?.role, 'lockUsers');
  const canCompany = mayUse(user?.role, 'companies');
  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          enterButton={t('admin.search')}
          allowClear
          placeholder={t('admin.userSearch')}
          aria-label={t('admin.userSearch')}
          style={{ width: 340 }}
          onSearch={(v) => {
            setQ(v.trim());
            setPage((p) => ({ ...p, current: 1 }));
          }}
        />
        {canRole && <ResetAllPasswords />}
      </Space>
      <Table
        rowKey="id"
        size="middle"
        loading={loading}
        scroll={{ x: 900 }}
        dataSource={data?.adminUsers.items ?? []}
        pagination={{
          ...page,
          total: data?.adminUsers.total ?? 0,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        columns={[
          {
            title: t('admin.user'),
            key: 'user',
            render: (_, u) => (
              <>
                <div>
                  {u.firstName} {u.lastName}
                </div>
                <div style={{ color: '#595959', fontSize: 13 }}>{u.email}</div>
              </>
            ),
          },
          {
            title: t('admin.company'),
            key: 'company',
            render: (_, u) => (
              <>
                <div>
                  {u.company ? `${u.company}${u.erpAccountId ? ` (${u.erpAccountId})` : ''}` : '—'}
                  {u.companyRole && (
                    <Tag style={{ marginLeft: 8 }}>
                      {t(`company.role.${u.companyRole as CompanyRoleName}`)}
                    </Tag>
                  )}
                </div>
                {u.erpAccountClaim && (
                  // antd's warning colour is too light on white (WCAG AA): a darker amber.
                  <Typography.Text style={{ fontSize: 13, color: '#8a4b00' }}>
                    {t('admin.claims', { erp: u.erpAccountClaim })}
                  </Typography.Text>
                )}
                {canCompany && u.role === ROLES.Customer && (
                  <div>
                    <CompanyButton user={u} />
                  </div>
                )}
              </>
            ),
          },
          {
            title: t('admin.ordersCount'),
            dataIndex: 'orderCount',
            align: 'right',
            render: (n: number, u) =>
              n ? (
                <Link
                  to={`${ROUTES.admin}/orders?userId=${u.id}`}
                  aria-label={t('admin.ordersOf', { count: n, email: u.email })}
                >
                  {n}
                </Link>
              ) : (
                n
              ),
          },
          {
            title: t('admin.role'),
            key: 'role',
            render: (_, u) =>
              canRole && u.id !== user?.id ? (
                <Select
                  aria-label={t('admin.roleOf', { email: u.email })}
                  value={u.role}
                  style={{ width: 170 }}
                  options={ROLE_OPTIONS}
                  onChange={(role: number) => run(setRole(u.id, role))}
                />
              ) : (
                u.roleName
              ),
          },
          {
            title: t('admin.accountState'),
            key: 'validity',
            render: (_, u) =>
              u.validity === VALIDITY.Locked ? (
                <Typography.Text type="danger" strong>
                  {t('admin.locked')}
                </Typography.Text>
              ) : (
                <Typography.Text type="success">{t('admin.active')}</Typography.Text>
              ),
          },
          {
            title: t('admin.lastSignIn'),
            dataIndex: 'lastSignInAt',
            render: (v: string | null) => (v ? dates.moment(v) : '—'),
          },
          {
            title: t('admin.actions'),
            key: 'actions',
            render: (_, u) =>
              canLock && u.id !== user?.id ? (
                u.validity === VALIDITY.Locked ? (
                  <Button onClick={() => run(setLocked(u.id, false))}>{t('admin.unlock')}</Button>
                ) : (
                  <LockUserButton user={u} canNameAdmin={canCompany} />
                )
              ) : null,
          },
        ]}
      />
    </>
  );
}

/**
 * Attaches a customer to a company by its ERP account id (verifying what they claimed at registration), or
 * detaches them; a company the store does not have yet needs its name. Errors show next to their field.
 */
function CompanyButton({
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

/** Resets every password: the Admin types the confirmation, then signs in again like everyone else. */
function ResetAllPasswords() {
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
