import { useQuery } from '@apollo/client/react';
import {
  DATE_RANGE_LABELS,
  DATE_RANGES,
  DEFAULT_DATE_RANGE,
  dateRange,
  type DateRangeKey,
} from '@domain/admin';
import {
  Alert,
  Card,
  Col,
  DatePicker,
  Empty,
  Row,
  Segmented,
  Space,
  Statistic,
  Table,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DashboardDocument } from './dashboard.generated';
import { useT } from '../../i18n';
import { BarChart } from './BarChart';
import { useMoney } from '../../lib/money';

/** The range in the URL (`?range=lastWeek`, or `?from=...&to=...` for a picked range); This week by default. */
function useRange() {
  const [params, setParams] = useSearchParams();
  const key = (DATE_RANGES as readonly string[]).includes(params.get('range') ?? '')
    ? (params.get('range') as DateRangeKey)
    : DEFAULT_DATE_RANGE;
  const range = useMemo(() => {
    if (key !== 'pickRange') return dateRange(key);
    const from = dayjs(params.get('from') ?? undefined);
    const to = dayjs(params.get('to') ?? undefined);
    return from.isValid() && to.isValid() && to.isAfter(from)
      ? { from: from.toDate(), to: to.toDate() }
      : dateRange('thisWeek');
  }, [key, params]);
  return { key, range, setParams };
}

/** Sales, orders by status, top products and searches, and the funnel, for the chosen date range. */
export function DashboardView() {
  const t = useT();
  const money = useMoney();
  const { key, range, setParams } = useRange();
  const { data, previousData, loading, error } = useQuery(DashboardDocument, {
    variables: { from: range.from.toISOString(), to: range.to.toISOString() },
    fetchPolicy: 'cache-and-network',
  });
  const d = (data ?? previousData)?.dashboard;
  const funnel = d
    ? [
        { label: t('admin.funnelViews'), value: d.funnel.views },
        { label: t('admin.funnelCart'), value: d.funnel.addToCart },
        { label: t('admin.funnelCheckout'), value: d.funnel.checkout },
        { label: t('admin.funnelPurchase'), value: d.funnel.purchase },
      ]
    : [];
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap>
        <Segmented
          aria-label={t('admin.dateRange')}
          value={key}
          onChange={(v) => setParams(v === DEFAULT_DATE_RANGE ? {} : { range: String(v) })}
          options={DATE_RANGES.map((r) => ({ value: r, label: DATE_RANGE_LABELS[r] }))}
        />
        {key === 'pickRange' && (
          <DatePicker.RangePicker
            aria-label={DATE_RANGE_LABELS.pickRange}
            value={[dayjs(range.from), dayjs(range.to).subtract(1, 'day')]}
            onChange={(r) =>
              r?.[0] &&
              r[1] &&
              setParams({
                range: 'pickRange',
                from: r[0].startOf('day').toISOString(),
                to: r[1].startOf('day').add(1, 'day').toISOString(),
              })
            }
          />
        )}
      </Space>
      {error && <Alert type="error" showIcon message={error.message} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={8}>
          <Card loading={loading && !d}>
            <Statistic title={t('admin.sales')} value={d ? money(d.sales) : '—'} />
          </Card>
        </Col>
        <Col xs={12} sm={8}>
          <Card loading={loading && !d}>
            <Statistic title={t('admin.orders')} value={d?.orderCount ?? 0} />
          </Card>
        </Col>
        <Col xs={12} sm={8}>
          <Card loading={loading && !d}>
            <Statistic title={t('admin.averageOrder')} value={d ? money(d.averageOrderValue) : '—'} />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('admin.salesByDay')}>
            {d && (
              <BarChart
                label={t('admin.salesByDay')}
                data={d.salesByDay.map((x) => ({
                  label: x.day.slice(5),
                  value: x.sales,
                  title: money(x.sales),
                }))}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('admin.ordersByStatus')}>
            {d && d.ordersByStatus.length ? (
              <BarChart
                horizontal
                label={t('admin.ordersByStatus')}
                data={d.ordersByStatus.map((x) => ({
                  label: x.label,
                  value: x.count,
                  title: String(x.count),
                }))}
              />
            ) : (
              <Empty description={t('admin.noOrders')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('admin.funnel')}>
            {d && (
              <BarChart
                horizontal
                label={t('admin.funnel')}
                data={funnel.map((x) => ({
                  label: x.label,
                  value: x.value ?? 0,
                  title: x.value === null ? t('admin.notCollected') : String(x.value),
                }))}
              />
            )}
            <Typography.Paragraph type="secondary">{t('admin.funnelHint')}</Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('admin.topProducts')}>
            <Table
              size="small"
              rowKey="itemId"
              pagination={false}
              dataSource={d?.topProducts ?? []}
              columns={[
                { title: t('admin.item'), dataIndex: 'name', ellipsis: true },
                { title: t('admin.quantity'), dataIndex: 'quantity', align: 'right' },
                {
                  title: t('admin.revenue'),
                  dataIndex: 'revenue',
                  align: 'right',
                  render: (v: number) => money(v),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card
            title={t('admin.promotions')}
            extra={
              <a
                href={`/api/admin/promotions/report.csv?from=${encodeURIComponent(d?.from ?? '')}&to=${encodeURIComponent(d?.to ?? '')}`}
              >
                {t('admin.exportCsv')}
              </a>
            }
          >
            <Table
              size="small"
              rowKey={(p) => `${p.name}|${p.code ?? ''}`}
              pagination={false}
              scroll={{ x: 560 }}
              locale={{ emptyText: t('admin.promotions.noneInRange') }}
              dataSource={d?.promotions ?? []}
              columns={[
                {
                  title: t('admin.promotions.name'),
                  key: 'name',
                  render: (_: unknown, p) => (p.code ? `${p.name} (${p.code})` : p.name),
                },
                { title: t('admin.promotions.redemptions'), dataIndex: 'redemptions', align: 'right' },
                {
                  title: t('admin.promotions.discountTotal'),
                  dataIndex: 'discount',
                  align: 'right',
                  render: (v: number) => money(v),
                },
                {
                  title: t('admin.promotions.netSales'),
                  dataIndex: 'netSales',
                  align: 'right',
                  render: (v: number) => money(v),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t('admin.topSearches', { searches: d?.searches ?? 0, clicks: d?.searchClicks ?? 0 })}>
            <QueryTable rows={d?.topSearches ?? []} />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t('admin.zeroResultSearches')}>
            <QueryTable rows={d?.zeroResultSearches ?? []} />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}

function QueryTable({ rows }: { rows: readonly { query: string; count: number }[] }) {
  const t = useT();
  return (
    <Table
      size="small"
      rowKey="query"
      pagination={false}
      dataSource={rows as { query: string; count: number }[]}
      columns={[
        { title: t('admin.searchText'), dataIndex: 'query' },
        { title: t('admin.times'), dataIndex: 'count', align: 'right' },
      ]}
    />
  );
}
