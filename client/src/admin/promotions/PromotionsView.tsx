import { useQuery } from '@apollo/client/react';
import { dateRange } from '@domain/admin';
import { Button, Form, Input, Segmented, Space, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { useMoney } from '../../lib/money';
import { ResponsiveTable } from '../shared/ResponsiveTable';
import { TONES } from '../shared/tones';
import { AdminPromotionsDocument, type PromotionRowFieldsFragment } from './promotions.generated';

const STATUS_TONE: Record<string, (typeof TONES)[keyof typeof TONES]> = {
  active: TONES.success,
  scheduled: TONES.info,
  ended: TONES.neutral,
};

export function PromotionStatus({ status }: { status: string }) {
  const t = useT();
  return (
    <Tag style={STATUS_TONE[status]}>
      {t(`admin.promotions.status.${status}` as 'admin.promotions.status.active')}
    </Tag>
  );
}

/** The month so far as the report's range (the dashboard's "This month"). */
function reportHref(): string {
  const { from, to } = dateRange('thisMonth');
  return `/api/admin/promotions/report.csv?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
}

/** /admin/promotions: the promotions by status, found by name or code, newest first, with what each has given. */
export function PromotionsView() {
  const t = useT();
  const dates = useDates();
  const money = useMoney('usd');
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const search = params.get('q') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };
  const { data, loading } = useQuery(AdminPromotionsDocument, {
    variables: { status: status || null, search: search || null, page },
    fetchPolicy: 'cache-and-network',
  });
  const list = data?.adminPromotions;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Form layout="inline" onSubmitCapture={(e) => e.preventDefault()}>
          <Form.Item>
            <Segmented
              aria-label={t('admin.promotions.status')}
              value={status}
              onChange={(v) => set({ status: String(v), page: '' })}
              options={['', 'active', 'scheduled', 'ended'].map((s) => ({
                value: s,
                label: t(
                  s
                    ? (`admin.promotions.status.${s}` as 'admin.promotions.status.active')
                    : 'admin.promotions.status.all',
                ),
              }))}
            />
          </Form.Item>
          <Form.Item label={t('admin.promotions.search')} htmlFor="promotions-search">
            <Input.Search
              id="promotions-search"
              defaultValue={search}
              allowClear
              maxLength={120}
              onSearch={(q) => set({ q: q.trim(), page: '' })}
            />
          </Form.Item>
        </Form>
        <Space wrap>
          <Button href={reportHref()}>{t('admin.promotions.report')}</Button>
          <Link to="new">
            <Button type="primary">{t('admin.promotions.new')}</Button>
          </Link>
        </Space>
      </Space>
      <ResponsiveTable<PromotionRowFieldsFragment>
        label={t('admin.promotions')}
        rowKey="id"
        size="middle"
        loading={loading}
        locale={{ emptyText: t('admin.promotions.none') }}
        dataSource={list?.items ?? []}
        pagination={
          list && list.total > list.pageSize
            ? {
                current: list.page,
                pageSize: list.pageSize,
                total: list.total,
                showSizeChanger: false,
                onChange: (p) => set({ page: String(p) }),
              }
            : false
        }
        columns={[
          {
            title: t('admin.promotions.name'),
            key: 'name',
            render: (_: unknown, p: PromotionRowFieldsFragment) => (
              <Link to={p.id}>
                {p.name}
                {p.code ? ` · ${p.code}` : p.automatic ? ` · ${t('admin.promotions.automatic')}` : ''}
              </Link>
            ),
          },
          {
            title: t('admin.promotions.status'),
            dataIndex: 'status',
            render: (s: string) => <PromotionStatus status={s} />,
          },
          {
            title: t('admin.promotions.window'),
            key: 'window',
            render: (_: unknown, p: PromotionRowFieldsFragment) =>
              `${p.startsAt ? dates.moment(p.startsAt) : t('admin.promotions.open')} → ${
                p.endsAt ? dates.moment(p.endsAt) : t('admin.promotions.open')
              }`,
          },
          { title: t('admin.promotions.sites'), dataIndex: 'sites', render: (s: string[]) => s.join(', ') },
          { title: t('admin.promotions.redemptions'), dataIndex: 'redemptions', align: 'right' },
          {
            title: t('admin.promotions.discountTotal'),
            key: 'discountTotal',
            align: 'right',
            render: (_: unknown, p: PromotionRowFieldsFragment) =>
              money(p.discountTotal, p.sites.every((s) => s === 'pay-ca') ? 'cad' : 'usd'),
          },
        ]}
      />
    </Space>
  );
}
