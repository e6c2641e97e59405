import { useQuery } from '@apollo/client/react';
import { Segmented, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormInboxDocument } from './inbox.generated';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';

/** The inbox of contact, quote and service requests, newest first, with their drawings. */
export function InboxView() {
  const t = useT();
  const dates = useDates();
  const [kind, setKind] = useState<string>('all');
  const { data, loading } = useQuery(FormInboxDocument, {
    variables: { kind: kind === 'all' ? null : kind },
    fetchPolicy: 'network-only',
  });
  return (
    <>
      <Segmented
        aria-label={t('admin.inboxKinds')}
        value={kind}
        onChange={(v) => setKind(String(v))}
        style={{ marginBottom: 16 }}
        options={[
          { value: 'all', label: t('admin.inboxAll') },
          { value: 'contact', label: t('admin.inboxContact') },
          { value: 'quote', label: t('admin.inboxQuote') },
          { value: 'service', label: t('admin.inboxService') },
        ]}
      />
      <Table
        rowKey="id"
        loading={loading}
        dataSource={data?.formSubmissions ?? []}
        pagination={{ pageSize: 20 }}
        expandable={{
          expandedRowRender: (f) => (
            <>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
                {Object.entries(f.payload as Record<string, unknown>)
                  .filter(([, v]) => v !== null && v !== '')
                  .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
                  .join('\n')}
              </Typography.Paragraph>
              {f.attachments.map((a) => (
                <div key={a.id}>
                  <a href={`/api/admin/forms/attachments/${a.id}`}>
                    {a.filename} ({a.kind.toUpperCase()}, {Math.ceil(a.size / 1024)} KB)
                  </a>
                </div>
              ))}
            </>
          ),
        }}
        columns={[
          { title: t('admin.inboxKind'), dataIndex: 'kind', render: (v: string) => <Tag>{v}</Tag> },
          { title: t('form.email'), dataIndex: 'email' },
          {
            title: t('admin.outboxQueued'),
            dataIndex: 'createdAt',
            render: (v: string) => dates.moment(v),
          },
          { title: t('forms.drawings'), key: 'files', render: (_, f) => f.attachments.length || '' },
        ]}
      />
    </>
  );
}
