import { useQuery } from '@apollo/client/react';
import { Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { OutboxEmailsDocument } from './outbox.generated';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { TONES } from '../shared/tones';

/** The e-mail outbox: what the store sent (or would send without SMTP), newest first. */
export function OutboxView() {
  const t = useT();
  const dates = useDates();
  const [to, setTo] = useState('');
  const { data, loading } = useQuery(OutboxEmailsDocument, {
    variables: { to: to.trim() || null, limit: 100 },
    fetchPolicy: 'network-only',
  });
  return (
    <>
      <Input.Search
        enterButton={t('admin.search')}
        placeholder={t('admin.outboxSearch')}
        allowClear
        onSearch={setTo}
        style={{ maxWidth: 360, marginBottom: 16 }}
        aria-label={t('admin.outboxSearch')}
      />
      <Table
        rowKey="id"
        loading={loading}
        dataSource={data?.outboxEmails ?? []}
        pagination={{ pageSize: 20 }}
        expandable={{
          expandedRowRender: (mail) => (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {mail.textBody}
            </Typography.Paragraph>
          ),
        }}
        columns={[
          { title: t('admin.outboxTo'), dataIndex: 'toAddress' },
          { title: t('admin.outboxSubject'), dataIndex: 'subject' },
          { title: t('admin.outboxKind'), dataIndex: 'kind', render: (kind: string) => <Tag>{kind}</Tag> },
          {
            title: t('admin.outboxQueued'),
            dataIndex: 'createdAt',
            render: (v: string) => dates.moment(v),
          },
          {
            title: t('admin.outboxStatus'),
            key: 'status',
            render: (_, mail) =>
              mail.sentAt ? (
                <Tag style={TONES.success}>{t('admin.outboxSent')}</Tag>
              ) : mail.error ? (
                <Tag style={TONES.danger} title={mail.error}>
                  {t('admin.outboxFailed', { attempts: mail.attempts })}
                </Tag>
              ) : (
                <Tag>{t('admin.outboxQueuedOnly')}</Tag>
              ),
          },
        ]}
      />
    </>
  );
}
