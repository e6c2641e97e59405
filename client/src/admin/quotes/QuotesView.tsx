import { useQuery } from '@apollo/client/react';
import { QUOTE_STATUSES, quoteNumberLabel } from '@domain/quotes';
import { ROUTES } from '@domain/routes';
import { Form, Select, Space, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { type QuoteFieldsFragment } from '../../features/quotes';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { AdminQuotesDocument, type QuoteDraftFieldsFragment } from './quotes.generated';
import { ResponsiveTable } from '../shared/ResponsiveTable';
import { TONES } from '../shared/tones';

/*
 * Quotes (decision 049): staff's queue (those waiting for an answer first) and each quote's page, where staff take
 * it into review, price every line and send a revision (the buyer is e-mailed), or decline it with a note. Any staff
 * member may save the answer as a draft; a price far below the catalogue's (or zero) is sent by a Service or Admin
 * user (decision 054), who sends such a draft.
 */

export type StaffQuote = QuoteFieldsFragment & QuoteDraftFieldsFragment;

const quoteAdminPath = (id: string) => `${ROUTES.admin}/quotes/${id}`;

/** The console's tones (AA contrast): antd's gold preset read at 2.8:1, which axe refuses (e2e/admin.spec.ts). */
const STATUS_TONE: Record<string, (typeof TONES)[keyof typeof TONES]> = {
  requested: TONES.warning,
  in_review: TONES.info,
  quoted: TONES.success,
  accepted: TONES.success,
  ordered: TONES.success,
  expired: TONES.neutral,
  declined: TONES.danger,
};

export function StatusTag({ status, draft = false }: { status: string; draft?: boolean }) {
  const t = useT();
  return (
    <>
      <Tag style={STATUS_TONE[status]}>{t(`quotes.status.${status}` as 'quotes.status.requested')}</Tag>
      {draft && <Tag color="purple">{t('admin.quotes.draft')}</Tag>}
    </>
  );
}

/** /admin/quotes: the quotes of one status, or those waiting for an answer (oldest first). */
export function QuotesView() {
  const t = useT();
  const dates = useDates();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const { data, loading } = useQuery(AdminQuotesDocument, {
    variables: { status: status || null },
    fetchPolicy: 'cache-and-network',
  });
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Form layout="inline">
        <Form.Item label={t('admin.quotes.filter')} htmlFor="quotes-status">
          <Select
            id="quotes-status"
            style={{ minWidth: 220 }}
            value={status}
            onChange={(v) => setParams(v ? { status: v } : {})}
            options={[
              { value: '', label: t('admin.quotes.waiting') },
              ...QUOTE_STATUSES.map((s) => ({
                value: s,
                label: t(`quotes.status.${s}` as 'quotes.status.requested'),
              })),
            ]}
          />
        </Form.Item>
      </Form>
      <ResponsiveTable
        label={t('admin.quotes')}
        rowKey="id"
        size="middle"
        loading={loading}
        pagination={false}
        locale={{ emptyText: t('admin.quotes.none') }}
        dataSource={data?.adminQuotes ?? []}
        columns={[
          {
            title: t('admin.quotes.number'),
            key: 'number',
            render: (_: unknown, q: StaffQuote) => (
              <Link to={quoteAdminPath(q.id)}>{quoteNumberLabel(q.number)}</Link>
            ),
          },
          {
            title: t('admin.quotes.buyer'),
            key: 'buyer',
            render: (_: unknown, q: StaffQuote) =>
              [q.buyerName || q.buyerEmail, q.companyName].filter(Boolean).join(' · '),
          },
          {
            title: t('admin.quotes.lines'),
            key: 'lines',
            render: (_: unknown, q: StaffQuote) => q.lines.length,
          },
          {
            title: t('admin.quotes.asked'),
            dataIndex: 'createdAt',
            render: (at: string) => dates.moment(at),
          },
          {
            title: t('admin.quotes.neededBy'),
            dataIndex: 'neededBy',
            render: (day: string | null) => (day ? dates.calendarDay(day) : '—'),
          },
          {
            title: t('admin.quotes.status'),
            key: 'status',
            render: (_: unknown, q: StaffQuote) => <StatusTag status={q.status} draft={Boolean(q.draft)} />,
          },
        ]}
      />
    </Space>
  );
}
