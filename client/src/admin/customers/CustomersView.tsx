import { useQuery } from '@apollo/client/react';
import { mayUse } from '@domain/admin';
import type { CompanyRoleName } from '@domain/company';
import { ROLES, VALIDITY, type RoleName } from '@domain/roles';
import { ROUTES } from '@domain/routes';
import { Button, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../../features/account';
import { AdminUsersDocument } from '../shared/shared.generated';
import { LockUserButton } from './LockUser';
import { useCustomerActions } from './useCustomerActions';
import { useSavedNotice } from '../shared/useSavedNotice';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { CompanyButton } from './CompanyButton';
import { ResetAllPasswords } from './ResetAllPasswords';

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
