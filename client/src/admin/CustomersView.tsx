import { useMutation, useQuery } from '@apollo/client/react';
import { mayUse, RESET_ALL_CONFIRMATION } from '@domain/admin';
import { ROLES, VALIDITY, type RoleName } from '@domain/roles';
import { ROUTES } from '@domain/routes';
import { App, Button, Input, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage, useSession } from '../features/account/session';
import {
  AdminUsersDocument,
  ResetAllPasswordsDocument,
  SetUserLockedDocument,
  SetUserRoleDocument,
} from './graphql/admin.generated';
import { useT } from '../i18n';
import { useDates } from '../lib/dates';

const ROLE_OPTIONS = (Object.keys(ROLES) as RoleName[]).map((name) => ({ value: ROLES[name], label: name }));

/** Customers and staff: search, role changes (Admin), lock and unlock (Admin, Service), reset of every password. */
export function CustomersView() {
  const t = useT();
  const dates = useDates();
  const { message } = App.useApp();
  const { user } = useSession();
  const [q, setQ] = useState('');
  const [page, setPage] = useState({ current: 1, pageSize: 25 });
  const { data, loading } = useQuery(AdminUsersDocument, {
    variables: { filter: { q: q || null, page: page.current, pageSize: page.pageSize } },
    fetchPolicy: 'cache-and-network',
  });
  const [setRole] = useMutation(SetUserRoleDocument);
  const [setLocked] = useMutation(SetUserLockedDocument);
  const run = (work: Promise<unknown>) =>
    void work.then(
      () => message.success(t('admin.saved')),
      (err: unknown) => message.error(errorMessage(err, t('admin.saveFailed'))),
    );
  const canRole = mayUse(user?.role, 'manageUsers');
  const canLock = mayUse(user?.role, 'lockUsers');
  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
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
          { title: t('admin.company'), dataIndex: 'company', render: (v: string | null) => v ?? '—' },
          {
            title: t('admin.ordersCount'),
            dataIndex: 'orderCount',
            align: 'right',
            render: (n: number, u) => (n ? <Link to={`${ROUTES.admin}/orders?userId=${u.id}`}>{n}</Link> : n),
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
                  onChange={(role: number) => run(setRole({ variables: { userId: u.id, role } }))}
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
            title: '',
            key: 'actions',
            render: (_, u) =>
              canLock && u.id !== user?.id ? (
                u.validity === VALIDITY.Locked ? (
                  <Button onClick={() => run(setLocked({ variables: { userId: u.id, locked: false } }))}>
                    {t('admin.unlock')}
                  </Button>
                ) : (
                  <Popconfirm
                    title={t('admin.lockConfirm', { email: u.email })}
                    okText={t('admin.lock')}
                    cancelText={t('admin.cancel')}
                    onConfirm={() => run(setLocked({ variables: { userId: u.id, locked: true } }))}
                  >
                    <Button danger>{t('admin.lock')}</Button>
                  </Popconfirm>
                )
              ) : null,
          },
        ]}
      />
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
  const [reset, { loading }] = useMutation(ResetAllPasswordsDocument);
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
              navigate(`${ROUTES.signIn}?callbackUrl=${encodeURIComponent(ROUTES.admin)}`, { replace: true }),
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
