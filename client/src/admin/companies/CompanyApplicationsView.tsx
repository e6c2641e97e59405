import { useQuery } from '@apollo/client/react';
import { applicationDeclineSchema, type ApplicationStatus } from '@domain/company';
import { ROUTES } from '@domain/routes';
import { Alert, Button, Card, Descriptions, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { errorMessage } from '../../lib/failure';
import { RecordForm } from './CompanyRecordForm';
import { DeclineNoteForm } from '../shared/forms';
import {
  AdminCompanyApplicationDocument,
  AdminCompanyApplicationsDocument,
  type AdminApplicationFieldsFragment,
} from './companies.generated';
import { ResponsiveTable } from '../shared/ResponsiveTable';
import { useDeclineApplication } from './useCompanyActions';
import { TONES } from '../shared/tones';

/*
 * Company account applications (decision 047): the ones waiting, on the companies page, and each one's page, where
 * staff settle the company's record to approve it, or decline it with a note. Staff's e-mail links here.
 */

const applicationPath = (id: string) => `${ROUTES.admin}/companies/applications/${id}`;

const STATUS_TONE: Record<ApplicationStatus, (typeof TONES)[keyof typeof TONES]> = {
  pending: TONES.warning,
  approved: TONES.success,
  declined: TONES.danger,
  withdrawn: TONES.neutral,
};

function StatusTag({ status }: { status: string }) {
  const t = useT();
  return (
    <Tag style={STATUS_TONE[status as ApplicationStatus]}>
      {t(`admin.applications.status.${status as ApplicationStatus}`)}
    </Tag>
  );
}

/** The applications waiting for a decision, oldest first; nothing when none wait. */
export function ApplicationsWaiting() {
  const t = useT();
  const dates = useDates();
  const { data } = useQuery(AdminCompanyApplicationsDocument, {
    variables: { status: 'pending' },
    fetchPolicy: 'cache-and-network',
  });
  const waiting = data?.adminCompanyApplications ?? [];
  if (!waiting.length) return null;
  return (
    <Card
      title={t('admin.applications.waiting', { count: waiting.length })}
      style={{ marginBottom: 16 }}
      data-testid="applications-waiting"
    >
      <ResponsiveTable
        label={t('admin.applications.waiting', { count: waiting.length })}
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={waiting}
        columns={[
          {
            title: t('admin.companies.name'),
            dataIndex: 'name',
            render: (name: string, a) => <Link to={applicationPath(a.id)}>{name}</Link>,
          },
          {
            title: t('admin.applications.applicant'),
            key: 'applicant',
            render: (_: unknown, a) => `${a.applicant.name} · ${a.applicant.email}`,
          },
          {
            title: t('admin.companies.erp'),
            dataIndex: 'erpAccountId',
            render: (erp: string | null) => erp ?? '—',
          },
          {
            title: t('admin.applications.sent'),
            dataIndex: 'createdAt',
            render: (at: string) => dates.moment(at),
          },
        ]}
      />
    </Card>
  );
}

/** /admin/companies/applications/:id: the application, and (pending) approve with the record, or decline. */
export function CompanyApplicationView() {
  const t = useT();
  const dates = useDates();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [declining, setDeclining] = useState(false);
  const { data, loading, error } = useQuery(AdminCompanyApplicationDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const application = data?.adminCompanyApplication;
  if (error)
    return <Alert type="error" showIcon message={errorMessage(error, t('admin.applications.notFound'))} />;
  if (loading && !application) return <Card loading />;
  if (!application) return null;
  const pending = application.status === 'pending';
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Link to={`${ROUTES.admin}/companies`}>{t('admin.companies.back')}</Link>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('admin.applications.title', { company: application.name })}{' '}
        <StatusTag status={application.status} />
      </Typography.Title>
      <Card>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('admin.applications.applicant')}>
            {application.applicant.name} · {application.applicant.email}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.applications.sent')}>
            {dates.moment(application.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.companies.erp')}>
            {application.erpAccountId ?? '—'}
            {application.applicant.erpAccountClaim &&
              application.applicant.erpAccountClaim !== application.erpAccountId &&
              ` (${t('admin.applications.claimed', { number: application.applicant.erpAccountClaim })})`}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.companies.certificate')}>
            {application.taxCertificate || '—'}
            {application.taxCertificateExpires &&
              ` · ${t('admin.applications.until', { day: dates.calendarDay(application.taxCertificateExpires) })}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.applications.file')}>
            {application.certificateFilename ? (
              <a href={`/api/admin/company-applications/${application.id}/certificate`} download>
                {application.certificateFilename}
              </a>
            ) : (
              t('admin.applications.noFile')
            )}
          </Descriptions.Item>
          {application.decidedAt && (
            <Descriptions.Item label={t('admin.applications.decided')}>
              {dates.moment(application.decidedAt)}
              {application.decidedBy && ` · ${application.decidedBy}`}
            </Descriptions.Item>
          )}
          {application.note && (
            <Descriptions.Item label={t('admin.applications.note')} span={2}>
              <span style={{ whiteSpace: 'pre-line' }}>{application.note}</span>
            </Descriptions.Item>
          )}
        </Descriptions>
        {application.companyId && (
          <Link to={`${ROUTES.admin}/companies/${application.companyId}`}>
            {t('admin.applications.openCompany')}
          </Link>
        )}
      </Card>
      {pending && (
        <Card title={t('admin.applications.approveTitle')}>
          <Typography.Paragraph type="secondary">{t('admin.applications.approveText')}</Typography.Paragraph>
          <RecordForm
            company={null}
            application={application}
            onSaved={(companyId) => navigate(`${ROUTES.admin}/companies/${companyId}`)}
          />
          <Button danger style={{ marginTop: 16 }} onClick={() => setDeclining(true)}>
            {t('admin.applications.decline')}
          </Button>
        </Card>
      )}
      <Modal
        open={declining}
        title={t('admin.applications.decline')}
        footer={null}
        destroyOnHidden
        onCancel={() => setDeclining(false)}
      >
        <DeclineForm application={application} onDone={() => setDeclining(false)} />
      </Modal>
    </Space>
  );
}

function DeclineForm({
  application,
  onDone,
}: {
  application: AdminApplicationFieldsFragment;
  onDone: () => void;
}) {
  const t = useT();
  const [decline] = useDeclineApplication();
  return (
    <DeclineNoteForm
      schema={applicationDeclineSchema}
      label={t('admin.applications.declineNote')}
      button={t('admin.applications.decline')}
      declined={t('admin.applications.declined')}
      decline={(note) => decline({ variables: { id: application.id, note } })}
      onDone={onDone}
    />
  );
}
