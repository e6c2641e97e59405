import { useQuery } from '@apollo/client/react';
import { ROUTES } from '@domain/routes';
import { Button, Input, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useT } from '../../i18n';
import { useMoney } from '../../lib/money';
import { AdminCompaniesDocument } from './companies.generated';
import { ApplicationsWaiting } from './CompanyApplicationsView';
import { RecordForm } from './CompanyRecordForm';
import { ResponsiveTable } from '../shared/ResponsiveTable';
import { TONES } from '../shared/tones';

/*
 * Companies (issue 31, decision 046): staff find a company, keep its record (ERP number and its check, tax exemption
 * and certificate, terms and credit limit), record payments against its terms invoices, and decide its purchase
 * orders over the credit limit.
 */

const companyPath = (id: string) => `${ROUTES.admin}/companies/${id}`;

/** /admin/companies: every company, those waiting for a credit decision or with overdue invoices first. */
export function CompaniesView() {
  const t = useT();
  const money = useMoney();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [creating, setCreating] = useState(false);
  const { data, loading } = useQuery(AdminCompaniesDocument, {
    variables: { q },
    fetchPolicy: 'cache-and-network',
  });
  return (
    <>
      <ApplicationsWaiting />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label={t('admin.companies.search')}
          placeholder={t('admin.companies.search')}
          onSearch={(value) => setQ(value)}
          style={{ width: 320 }}
        />
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('admin.companies.new')}
        </Button>
      </Space>
      <ResponsiveTable
        label={t('admin.companies')}
        rowKey="id"
        size="middle"
        loading={loading}
        scroll={{ x: 900 }}
        pagination={false}
        dataSource={data?.adminCompanies ?? []}
        columns={[
          {
            title: t('admin.companies.name'),
            dataIndex: 'name',
            render: (name: string, c) => <Link to={companyPath(c.id)}>{name}</Link>,
          },
          {
            title: t('admin.companies.erp'),
            dataIndex: 'erpAccountId',
            render: (erp: string | null, c) =>
              erp ? (
                <Space size={4}>
                  {erp}
                  {c.erpVerified ? (
                    <Tag style={TONES.success}>{t('admin.companies.verified')}</Tag>
                  ) : (
                    <Tag color="orange">{t('admin.companies.unverified')}</Tag>
                  )}
                </Space>
              ) : (
                '—'
              ),
          },
          {
            title: t('admin.companies.terms'),
            dataIndex: 'netTermsDays',
            render: (days: number | null) => (days ? t('admin.companies.netDays', { days }) : '—'),
          },
          {
            title: t('admin.companies.creditLimit'),
            dataIndex: 'creditLimit',
            align: 'right',
            render: (v: number | null) => (v === null ? '—' : money(v)),
          },
          {
            title: t('admin.companies.openBalance'),
            dataIndex: 'openBalance',
            align: 'right',
            render: (v: number) => money(v),
          },
          {
            title: t('admin.companies.overdue'),
            dataIndex: 'overdueInvoices',
            render: (n: number, c) =>
              n > 0 ? (
                <Tag color="red">
                  {t('admin.companies.overdueCount', { count: n, amount: money(c.overdueBalance) })}
                </Tag>
              ) : (
                '—'
              ),
          },
          {
            title: t('admin.companies.creditWaiting'),
            dataIndex: 'creditWaiting',
            render: (n: number) => (n > 0 ? <Tag style={TONES.warning}>{n}</Tag> : '—'),
          },
        ]}
      />
      <Modal
        open={creating}
        title={t('admin.companies.new')}
        footer={null}
        destroyOnHidden
        onCancel={() => setCreating(false)}
      >
        <RecordForm
          company={null}
          onSaved={(id) => {
            setCreating(false);
            navigate(companyPath(id));
          }}
        />
      </Modal>
    </>
  );
}
