import { useQuery } from '@apollo/client/react';
import { ROUTES } from '@domain/routes';
import { type CompanyRoleName } from '@domain/company';
import { Alert, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { errorMessage } from '../../lib/failure';
import { useMoney } from '../../lib/money';
import { AdminCompanyDocument, type AdminCompanyFieldsFragment } from './companies.generated';
import { RecordForm } from './CompanyRecordForm';
import { CreditHolds } from './CreditHolds';
import { Invoices } from './Invoices';
import { Locations } from './Locations';
import { PunchoutCard } from './PunchoutCard';

/** /admin/companies/:id: the record, the credit decisions waiting, the terms invoices, the people. */
export function CompanyView() {
  const t = useT();
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(AdminCompanyDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const company = data?.adminCompany;
  if (error)
    return <Alert type="error" showIcon message={errorMessage(error, t('admin.companies.notFound'))} />;
  if (loading && !company) return <Card loading />;
  if (!company) return null;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Link to={`${ROUTES.admin}/companies`}>{t('admin.companies.back')}</Link>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {company.name}
      </Typography.Title>
      <Balances company={company} />
      {company.creditHolds.length > 0 && <CreditHolds company={company} />}
      <Invoices company={company} />
      <Card title={t('admin.companies.record')}>
        <RecordForm company={company} onSaved={() => undefined} />
      </Card>
      <Locations company={company} />
      <PunchoutCard company={company} />
      <Card title={t('admin.companies.people', { count: company.people.length })}>
        {company.people.length === 0 ? (
          <Typography.Text type="secondary">{t('admin.companies.noPeople')}</Typography.Text>
        ) : (
          <ul className="console-people">
            {company.people.map((p) => (
              <li key={p.userId}>
                <strong>{p.name}</strong> · {p.email}
                {p.role && (
                  <Tag style={{ marginLeft: 8 }}>{t(`company.role.${p.role as CompanyRoleName}`)}</Tag>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </Space>
  );
}

function Balances({ company }: { company: AdminCompanyFieldsFragment }) {
  const t = useT();
  const money = useMoney();
  const dates = useDates();
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
      <Descriptions.Item label={t('admin.companies.openBalance')}>
        {money(company.openBalance)}
      </Descriptions.Item>
      <Descriptions.Item label={t('admin.companies.overdue')}>
        {company.overdueInvoices > 0 ? (
          <Typography.Text type="danger">
            {t('admin.companies.overdueCount', {
              count: company.overdueInvoices,
              amount: money(company.overdueBalance),
            })}
          </Typography.Text>
        ) : (
          t('admin.companies.noneOverdue')
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('admin.companies.creditLimit')}>
        {company.creditLimit === null ? t('admin.companies.noLimit') : money(company.creditLimit)}
      </Descriptions.Item>
      <Descriptions.Item label={t('admin.companies.terms')}>
        {company.netTermsDays
          ? t('admin.companies.netDays', { days: company.netTermsDays })
          : t('admin.companies.noTerms')}
      </Descriptions.Item>
      <Descriptions.Item label={t('admin.companies.erp')}>
        {company.erpAccountId ?? '—'}{' '}
        {company.erpVerified && company.erpVerifiedAt
          ? t('admin.companies.verifiedBy', {
              name: company.erpVerifiedBy ?? '—',
              date: dates.day(company.erpVerifiedAt),
            })
          : company.erpAccountId && <Tag color="orange">{t('admin.companies.unverified')}</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label={t('admin.companies.tax')}>
        {company.taxExempt
          ? company.taxExemptToday
            ? t('admin.companies.exemptUntil', {
                certificate: company.taxCertificate,
                date: company.taxCertificateExpires ?? t('admin.companies.noEnd'),
              })
            : t('admin.companies.exemptExpired', {
                certificate: company.taxCertificate,
                date: company.taxCertificateExpires ?? '',
              })
          : t('admin.companies.taxed')}
      </Descriptions.Item>
      <Descriptions.Item label={t('admin.companies.priceList')}>
        {company.priceListId ?? t('admin.companies.noPriceList')}
      </Descriptions.Item>
    </Descriptions>
  );
}
